import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field as FluentField, Input, Textarea } from '@fluentui/react-components'
import { PeopleAddRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { ApiFailure } from '../../shared/api'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { EditorOf } from '../../shared/resource/editors'
import type { Field } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import UserPicker, { chosenNames, type PickedUser } from '../widgets/UserPicker'
import { L } from '../system/fields'

const typeField: Field = { name: 'type', label: L('消息类型', 'Type'), type: 'dict', dict: { code: 'message_type' } }
/** Who a broadcast goes to: departments for type 2, roles for type 4; people otherwise. */
const targets: Record<number, Field> = {
  2: { name: 'receivers', label: L('接收部门', 'Departments'), type: 'tree', tree: { url: '/api/blade-system/dept/tree', multiple: true } },
  4: { name: 'receivers', label: L('接收角色', 'Roles'), type: 'tree', tree: { url: '/api/blade-system/role/tree', multiple: true } },
}

/** Writing a message: ordinary and approval messages go to people chosen in the user picker; broadcasts to departments or roles. */
export default function SendDialog({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const say = useSay()
  const [type, setType] = useState(1)
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [people, setPeople] = useState<PickedUser[]>([])
  const [units, setUnits] = useState('')
  const [picking, setPicking] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const receivers = targets[type] ? units : people.map((p) => p.id).join(',')

  const send = async () => {
    const e: Record<string, string> = {}
    if (!title.trim()) e.title = say(L('请输入消息标题', 'please enter the message title'))
    if (!receivers) e.receivers = say(L('请选择接收人', 'please select the recipients'))
    setErrors(e)
    if (Object.keys(e).length) return
    try {
      await write('/api/blade-message/message/save', { body: { type, title, content, receivers } })
      notify.success(say('operationSuccessful'))
      onSent()
    } catch (err) {
      if (err instanceof ApiFailure && err.field) setErrors({ [err.field]: err.message })
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose() }}>
      <DialogSurface style={{ maxWidth: 640 }} data-testid="send-dialog">
        <DialogBody>
          <DialogTitle>{say(L('发送消息', 'Send a message'))}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <FluentField label={say(typeField.label)}>
              <EditorOf field={typeField} value={String(type)} onChange={(v) => { setType(Number(v)); setUnits('') }} />
            </FluentField>
            <FluentField label={say(L('消息标题', 'Title'))} required validationMessage={errors.title}>
              <Input value={title} onChange={(_, d) => setTitle(d.value)} data-testid="message-title" />
            </FluentField>
            <FluentField label={say(L('消息内容', 'Content'))}>
              <Textarea value={content} onChange={(_, d) => setContent(d.value)} rows={5} resize="vertical" />
            </FluentField>
            <FluentField label={say(targets[type]?.label ?? L('接收人', 'Recipients'))} required validationMessage={errors.receivers}>
              {targets[type]
                ? <EditorOf field={targets[type]} value={units} onChange={(v) => setUnits(String(v ?? ''))} />
                : <Button icon={<PeopleAddRegular />} onClick={() => setPicking(true)} data-testid="pick-recipients">{people.length ? chosenNames(people) : say(L('选择接收人', 'Choose recipients'))}</Button>}
            </FluentField>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={send} data-testid="send-submit">{say(L('发送', 'Send'))}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
      <UserPicker open={picking} multiple url="/api/blade-user/user-list" value={people} onClose={() => setPicking(false)} onConfirm={(u) => { setPeople(u); setPicking(false) }} />
    </Dialog>
  )
}
