import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { ChatRegular, SettingsRegular, SignOutRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { ApiFailure } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import { clientMessageFields } from '../../../../db/fields/iot'
import { requiredText } from '../../../../db/fields/types'
import { L } from '../system/fields'

interface Client {
  userId: string
  account: string
  realName?: string | null
  connections: number
}
type Kind = 'chat' | 'param-setting'

const BASE = '/api/blade-websocket/client-info'

/** blade-websocket client-info: who has a live browser connection now; push a chat line or a setting, or sign someone out. */
export default function ClientInfo() {
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const { data } = useFetch<Client[]>(`${BASE}/list`, undefined, { refetchInterval: 5000 })
  const [composing, setComposing] = useState<{ to: Client; type: Kind } | null>(null)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()

  const send = async (to: Client, type: string, content = '') => {
    await write(`${BASE}/send`, { body: { userId: to.userId, type, content } }, { invalidates: [BASE] })
    notify.success(say('operationSuccessful'))
  }
  const kick = async (to: Client) => {
    if (
      !(await confirm(
        say(
          L(
            `确定将 ${to.realName ?? to.account} 强制下线？其所有会话将立即结束。`,
            `Sign ${to.realName ?? to.account} out? All their sessions end now.`,
          ),
        ),
      ))
    )
      return
    await send(to, 'force-logout')
  }
  const submit = async () => {
    if (!composing) return
    if (composing.type === 'chat' && !text.trim()) return setError(say(requiredText(clientMessageFields.content)!))
    try {
      await send(composing.to, composing.type, text)
      setComposing(null)
    } catch (e) {
      if (e instanceof ApiFailure) setError(e.message)
    }
  }

  return (
    <div
      style={{
        background: tokens.colorNeutralBackground1,
        borderRadius: tokens.borderRadiusMedium,
        padding: tokens.spacingHorizontalL,
      }}
    >
      <Text as="h2" size={500} weight="semibold">
        {say(L('在线连接', 'Live connections'))}
      </Text>
      <Table aria-label={say(L('在线连接', 'Live connections'))} data-testid="client-list" style={{ marginTop: 12 }}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{say(L('账号', 'Account'))}</TableHeaderCell>
            <TableHeaderCell>{say(L('姓名', 'Name'))}</TableHeaderCell>
            <TableHeaderCell>{say(L('连接数', 'Connections'))}</TableHeaderCell>
            <TableHeaderCell>{say(L('操作', 'Actions'))}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(data ?? []).map((c) => (
            <TableRow key={c.userId} data-testid="client-row" data-account={c.account}>
              <TableCell>{c.account}</TableCell>
              <TableCell>{c.realName}</TableCell>
              <TableCell>{c.connections}</TableCell>
              <TableCell>
                {perms.has('iot:client:send') && (
                  <span style={{ display: 'inline-flex', gap: 4 }}>
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<ChatRegular />}
                      onClick={() => {
                        setComposing({ to: c, type: 'chat' })
                        setText('')
                        setError(undefined)
                      }}
                      data-testid="client-chat"
                    >
                      {say(L('发消息', 'Chat'))}
                    </Button>
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<SettingsRegular />}
                      onClick={() => {
                        setComposing({ to: c, type: 'param-setting' })
                        setText('')
                        setError(undefined)
                      }}
                    >
                      {say(L('推送设置', 'Push setting'))}
                    </Button>
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<SignOutRegular />}
                      onClick={() => void kick(c)}
                      data-testid="client-kick"
                    >
                      {say(L('强制下线', 'Sign out'))}
                    </Button>
                  </span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data && !data.length && <Text>{say('empty')}</Text>}
      {composing && (
        <Dialog
          open
          onOpenChange={(_, d) => {
            if (!d.open) setComposing(null)
          }}
        >
          <DialogSurface style={{ maxWidth: 480 }}>
            <DialogBody>
              <DialogTitle>
                {say(composing.type === 'chat' ? L('发消息', 'Chat') : L('推送设置', 'Push setting'))} ·{' '}
                {composing.to.realName ?? composing.to.account}
              </DialogTitle>
              <DialogContent>
                <Field
                  label={say(clientMessageFields.content.label)}
                  required={composing.type === 'chat'}
                  validationMessage={error}
                >
                  <Textarea
                    value={text}
                    onChange={(_, d) => setText(d.value)}
                    rows={4}
                    maxLength={clientMessageFields.content.max}
                    data-testid="client-text"
                  />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setComposing(null)}>{say('cancel')}</Button>
                <Button appearance="primary" onClick={() => void submit()} data-testid="client-send">
                  {say(L('发送', 'Send'))}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
      {dialog}
    </div>
  )
}
