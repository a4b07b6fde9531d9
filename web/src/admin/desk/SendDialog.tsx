import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field as FluentField,
  Input,
  Textarea,
} from '@fluentui/react-components'
import { PeopleAddRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { ApiFailure } from '../../shared/api'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { EditorOf } from '../../shared/resource/editors'
import type { Field } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import UserPicker, { chosenNames, type PickedUser } from '../widgets/UserPicker'
import { L } from '../system/fields'
import { BROADCAST_READERS, messageFields as F } from '../../../../db/fields/message'
import { useDict } from '../../shared/dict'
import { usePermissions } from '../../shared/permissions'

/** Who a broadcast goes to: departments for type 2, roles for type 4; people otherwise. */
const targets: Record<number, Field> = {
  2: {
    name: 'receivers',
    label: L('接收部门', 'Departments'),
    type: 'tree',
    tree: { url: '/api/blade-system/dept/tree', multiple: true },
  },
  4: {
    name: 'receivers',
    label: L('接收角色', 'Roles'),
    type: 'tree',
    tree: { url: '/api/blade-system/role/tree', multiple: true },
  },
}

interface Draft {
  type: number
  title: string
  content: string
  units: string
}

/** Writing a message: ordinary and approval messages go to people chosen in the user picker; broadcasts to departments or roles. */
export default function SendDialog({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const say = useSay()
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<Draft>({ defaultValues: { type: 1, title: '', content: '', units: '' } })
  const type = watch('type')
  // Only the types the sender may use: a broadcast needs a code that reads its departments or roles
  // (the server refuses the others, and their picker trees would answer 403).
  const perms = usePermissions()
  const typeField: Field = {
    name: 'type',
    label: F.type.label,
    type: 'select',
    options: useDict('message_type')
      .filter((i) => BROADCAST_READERS[Number(i.dictKey)]?.some((code) => perms.has(code)) ?? true)
      .map((i) => ({ value: Number(i.dictKey), label: L(i.dictValue, i.dictValueEn || i.dictValue) })),
  }
  const [people, setPeople] = useState<PickedUser[]>([])
  const [picking, setPicking] = useState(false)
  const receivers = (units: string) => (targets[type] ? units : people.map((p) => p.id).join(','))

  const send = handleSubmit(async ({ title, content, units }) => {
    try {
      await write('/api/blade-message/message/save', { body: { type, title, content, receivers: receivers(units) } })
      notify.success(say('operationSuccessful'))
      onSent()
    } catch (err) {
      if (err instanceof ApiFailure && (err.field === 'title' || err.field === 'receivers'))
        setError(err.field === 'receivers' ? 'units' : 'title', { type: 'server', message: err.message })
    }
  })
  const required = { title: say(F.title.required), receivers: say(F.receivers.required) }

  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 640 }} data-testid="send-dialog">
        <DialogBody>
          <DialogTitle>{say(L('发送消息', 'Send a message'))}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <FluentField label={say(typeField.label)}>
              <EditorOf
                field={typeField}
                value={String(type)}
                onChange={(v) => {
                  setValue('type', Number(v))
                  setValue('units', '')
                }}
              />
            </FluentField>
            <FluentField label={say(F.title.label)} required validationMessage={errors.title?.message}>
              <Input
                {...register('title', { validate: (v) => !!v.trim() || required.title })}
                maxLength={F.title.max}
                data-testid="message-title"
              />
            </FluentField>
            <FluentField label={say(F.content.label)}>
              <Textarea {...register('content')} rows={5} resize="vertical" />
            </FluentField>
            <FluentField
              label={say(targets[type]?.label ?? F.receivers.label)}
              required
              validationMessage={errors.units?.message}
            >
              {/* Departments or roles are a field of the form; people come from the picker. Either way one rule: someone must receive it. */}
              <Controller
                name="units"
                control={control}
                rules={{ validate: (units) => !!receivers(units) || required.receivers }}
                render={({ field }) =>
                  targets[type] ? (
                    <EditorOf
                      field={targets[type]}
                      value={field.value}
                      onChange={(v) => field.onChange(String(v ?? ''))}
                    />
                  ) : (
                    <Button icon={<PeopleAddRegular />} onClick={() => setPicking(true)} data-testid="pick-recipients">
                      {people.length ? chosenNames(people) : say(L('选择接收人', 'Choose recipients'))}
                    </Button>
                  )
                }
              />
            </FluentField>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={(e) => void send(e)} data-testid="send-submit">
              {say(L('发送', 'Send'))}
            </Button>
          </DialogActions>
        </DialogBody>
        {/* Inside the surface, so the picker is a nested dialog: closing it gives this one back to assistive technology. */}
        <UserPicker
          open={picking}
          multiple
          url="/api/blade-user/user-list"
          value={people}
          onClose={() => setPicking(false)}
          onConfirm={(u) => {
            setPeople(u)
            setPicking(false)
            if (u.length) clearErrors('units')
          }}
        />
      </DialogSurface>
    </Dialog>
  )
}
