import { Badge, Button } from '@fluentui/react-components'
import { DeleteRegular, EditRegular, PauseRegular, PlayRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { labHostFields } from '../../../../db/fields/lab'
import { fetchOnce, useRemove, useSubmit, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import FormDialog from '../../shared/resource/FormDialog'
import ResourcePage from '../../shared/resource/ResourcePage'
import { screenFields } from '../../shared/resource/fields'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import { L } from '../system/fields'

const BASE = '/api/hm-labHost/labHost'
const PERM = 'lab:host'

/** The state badge's colour and words: up green, unreachable red (with since when), disabled grey. */
const STATE = {
  up: { color: 'success', text: L('在线', 'Up') },
  down: { color: 'danger', text: L('不可达', 'Unreachable') },
  disabled: { color: 'subtle', text: L('已停用', 'Disabled') },
} as const

const T = {
  title: L('实验主机', 'Lab hosts'),
  local: L('本机引擎（DOCKER_HOST）', 'Local engine (DOCKER_HOST)'),
  since: L('自 {{at}} 起', 'since {{at}}'),
  enable: L('启用', 'Enable'),
  disable: L('停用', 'Disable'),
  enabled: L('已启用实验主机 {{name}}', 'Lab host {{name}} enabled'),
  disabled: L(
    '已停用实验主机 {{name}}：不再接收新实验，运行中的实验继续',
    'Lab host {{name}} disabled: no new labs, running ones carry on',
  ),
  confirmRemove: L('确定移除实验主机 {{name}} 吗？', 'Remove the lab host {{name}}?'),
}

/** A text with {{name}} filled in (say() leaves a schema text's placeholders alone). */
const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '')

const fields = screenFields(labHostFields, {
  name: { search: true, width: 140, addOnly: true },
  state: { form: false, list: false },
  endpoint: { search: true, width: 240, span: 24 },
  places: { form: false, width: 110 },
  version: { form: false, width: 110 },
  downSince: { form: false, list: false },
  maxLabs: { list: false },
  tlsKeySet: { form: false, width: 90 },
  tlsCa: { list: false, view: false },
  tlsCert: { list: false, view: false },
  tlsKey: { list: false, view: false },
  remark: { list: false },
})

/**
 * The platform administrator's lab hosts (issue #27): the Docker engines labs run on, each with its live state
 * (a badge: up, unreachable since when, disabled), running labs against its max and engine version. The local
 * engine is shown as a row of its own, not editable. Only the platform's menu leads here; the server refuses
 * anyone else. Row buttons are this screen's: the local engine's row has none.
 */
export default function Hosts() {
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState<Row | null>(null)
  const { submit } = useSubmit<Row>(BASE)
  const { remove } = useRemove(BASE)

  const edit = async (row: Row) => setEditing(await fetchOnce<Row>(`${BASE}/detail`, { id: row.id }))
  const save = async (values: Row) => {
    // Only what the form writes (the live state is the fleet's); the key is never answered back, blank keeps it.
    const body: Row = { id: values.id, tlsKey: values.tlsKey || '' }
    for (const f of fields)
      if (f.form !== false && f.name !== 'tlsKey' && f.name !== 'name') body[f.name] = values[f.name]
    await submit(body)
    notify.success(say('updatedSuccessfully'))
    setEditing(null)
  }
  const toggle = async (row: Row, on: boolean) => {
    await write(`${BASE}/${on ? 'enable' : 'disable'}`, { params: { id: String(row.id) } })
    notify.success(fill(say(on ? T.enabled : T.disabled), { name: String(row.name) }))
  }
  const drop = async (row: Row) => {
    if (!(await confirm(fill(say(T.confirmRemove), { name: String(row.name) })))) return
    await remove([String(row.id)])
    notify.success(say('deletedSuccessfully'))
  }

  const screen: ResourceScreen = {
    base: BASE,
    perm: PERM,
    title: T.title,
    fields,
    actions: { edit: false, delete: false, view: false, selection: false },
    rowActions: (row) => {
      const state = STATE[(row.state as keyof typeof STATE) ?? 'down'] ?? STATE.down
      return (
        <>
          <Badge
            appearance="filled"
            color={state.color}
            data-testid={`host-state-${String(row.name)}`}
            title={String(row.problem ?? '')}
          >
            {say(state.text)}
            {row.state === 'down' && row.downSince ? ` · ${fill(say(T.since), { at: String(row.downSince) })}` : ''}
          </Badge>
          {!row.listed ? (
            <Badge appearance="outline" color="informative">
              {say(T.local)}
            </Badge>
          ) : (
            <>
              {perms.has(`${PERM}:edit`) && (
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<EditRegular />}
                  onClick={() => void edit(row)}
                  data-testid="row-edit"
                >
                  {say('edit')}
                </Button>
              )}
              {row.state === 'disabled'
                ? perms.has(`${PERM}:enable`) && (
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<PlayRegular />}
                      onClick={() => void toggle(row, true)}
                      data-testid="host-enable"
                    >
                      {say(T.enable)}
                    </Button>
                  )
                : perms.has(`${PERM}:disable`) && (
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<PauseRegular />}
                      onClick={() => void toggle(row, false)}
                      data-testid="host-disable"
                    >
                      {say(T.disable)}
                    </Button>
                  )}
              {perms.has(`${PERM}:delete`) && (
                <Button
                  size="small"
                  appearance="transparent"
                  icon={<DeleteRegular />}
                  onClick={() => void drop(row)}
                  data-testid="row-delete"
                >
                  {say('delete')}
                </Button>
              )}
            </>
          )}
        </>
      )
    },
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {editing && (
        <FormDialog
          mode="edit"
          title={`${say('edit')} · ${say(T.title)}`}
          fields={fields}
          initial={editing}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog}
    </>
  )
}
