import { Badge, Button, Dropdown, Field, Input, Option, Switch, Text, tokens } from '@fluentui/react-components'
import { SendRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { commandDetailFields } from '../../../../db/fields/iot'
import { requiredText } from '../../../../db/fields/types'
import { ApiFailure } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { usePermissions } from '../../shared/permissions'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

interface Command {
  id: string
  name: string
  code: string
  timeout: number
}
interface Param {
  id: string
  name: string
  code: string
  type: string
  required: number
  defaultValue?: string | null
  options?: string | null
}
interface CommandRecord {
  id: string
  commandId: string
  params: string
  state: number
  answer?: string | null
  createTime: string
  ackTime?: string | null
  answerTime?: string | null
}

/** Record states (server: blade_command_record.state). */
export const RECORD_STATES: Record<
  number,
  { label: { zh: string; en: string }; color: 'informative' | 'warning' | 'success' | 'danger' }
> = {
  0: { label: L('已发送', 'Sent'), color: 'informative' },
  1: { label: L('已确认', 'Acknowledged'), color: 'warning' },
  2: { label: L('已应答', 'Answered'), color: 'success' },
  3: { label: L('超时', 'Timed out'), color: 'danger' },
  4: { label: L('执行失败', 'Failed'), color: 'danger' },
}

/** A device's commands (its own and its product's): pick one, fill its typed parameters, send; the last outcomes below. */
export default function SendCommand({ deviceId }: { deviceId: string }) {
  const say = useSay()
  const perms = usePermissions()
  const { data: commands } = useFetch<Command[]>('/api/blade-command/command/getCommandByDeviceId', { deviceId })
  const [commandId, setCommandId] = useState<string>()
  const { data: params } = useFetch<Param[]>(
    commandId ? '/api/blade-command/commandDetail/getCommandDetail' : undefined,
    { commandId: commandId ?? '' },
  )
  const { data: records } = useFetch<CommandRecord[]>('/api/blade-command/command/records', { deviceId })
  const [values, setValues] = useState<Record<string, string | boolean>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const command = commands?.find((c) => c.id === commandId)

  const send = async () => {
    if (!commandId) return
    setBusy(true)
    setErrors({})
    try {
      await write(
        '/api/blade-command/command/sendCommend',
        { body: { deviceId, commandId, params: values } },
        { invalidates: ['/api/blade-command/command'] },
      )
    } catch (e) {
      if (e instanceof ApiFailure && e.field) setErrors({ [e.field.replace(/^params\./, '')]: e.message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}>
      <Field label={say(commandDetailFields.commandId.label)}>
        <Dropdown
          placeholder={say(requiredText(commandDetailFields.commandId)!)}
          value={command ? `${command.name} (${command.code})` : ''}
          data-testid="command-pick"
          onOptionSelect={(_, d) => {
            setCommandId(d.optionValue)
            setValues({})
            setErrors({})
          }}
        >
          {(commands ?? []).map((c) => (
            <Option key={c.id} value={c.id}>{`${c.name} (${c.code})`}</Option>
          ))}
        </Dropdown>
      </Field>
      {(params ?? []).map((p) => (
        <Field
          key={p.id}
          label={`${p.name} · ${p.code} (${p.type})`}
          required={!!p.required}
          validationMessage={errors[p.code]}
        >
          {p.type === 'bool' ? (
            <Switch
              checked={values[p.code] === true}
              onChange={(_, d) => setValues({ ...values, [p.code]: d.checked })}
            />
          ) : p.type === 'enum' ? (
            <Dropdown
              value={String(values[p.code] ?? '')}
              onOptionSelect={(_, d) => setValues({ ...values, [p.code]: d.optionValue ?? '' })}
            >
              {(p.options ?? '')
                .split(',')
                .filter(Boolean)
                .map((o) => (
                  <Option key={o} value={o.trim()}>
                    {o.trim()}
                  </Option>
                ))}
            </Dropdown>
          ) : (
            <Input
              type={p.type === 'int' || p.type === 'float' ? 'number' : 'text'}
              placeholder={p.defaultValue ?? ''}
              value={String(values[p.code] ?? '')}
              data-testid={`param-${p.code}`}
              onChange={(_, d) => setValues({ ...values, [p.code]: d.value })}
            />
          )}
        </Field>
      ))}
      {perms.has('iot:command:send') && (
        <div>
          <Button
            appearance="primary"
            icon={<SendRegular />}
            disabled={!commandId || busy}
            onClick={() => void send()}
            data-testid="command-send"
          >
            {say(
              busy
                ? L(
                    `等待设备应答（最多 ${command?.timeout ?? 10} 秒）…`,
                    `waiting for the device (up to ${command?.timeout ?? 10} s)…`,
                  )
                : L('下发指令', 'Send command'),
            )}
          </Button>
        </div>
      )}
      <Text weight="semibold">{say(L('最近指令', 'Recent commands'))}</Text>
      <div data-testid="command-records" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {(records ?? []).slice(0, 8).map((r) => {
          const st = RECORD_STATES[r.state] ?? RECORD_STATES[0]
          const name = commands?.find((c) => c.id === r.commandId)?.name ?? r.commandId
          return (
            <div key={r.id} style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: tokens.fontSizeBase200 }}>
              <Badge appearance="tint" color={st.color}>
                {say(st.label)}
              </Badge>
              <span>{r.createTime}</span>
              <span>{name}</span>
              <code style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 260 }}>
                {r.answer ?? r.params}
              </code>
            </div>
          )
        })}
        {records && !records.length && <Text size={200}>{say('empty')}</Text>}
      </div>
    </div>
  )
}
