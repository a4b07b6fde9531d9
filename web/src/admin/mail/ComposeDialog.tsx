import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field as FluentField,
  Input,
  Option,
  Textarea,
} from '@fluentui/react-components'
import { useState } from 'react'
import { ApiFailure } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { useSay } from '../../shared/resource/text'
import { L } from '../../../../db/fields/types'
import { mailOutboxFields as F } from '../../../../db/fields/mail'

type Draft = Record<'to' | 'cc' | 'bcc' | 'subject' | 'content', string>
const FIELDS = ['to', 'cc', 'bcc', 'subject', 'content'] as const

/**
 * Writing a mail: recipients (typed, or added from the address book), subject and HTML body. It goes to the outbox
 * (submitAndSend) — or, given an account, through that account (the account screen's test mail, sendMsg) — and the
 * outbox shows whether it was sent.
 */
export default function ComposeDialog({
  configId,
  onClose,
  onSent,
}: {
  configId?: string
  onClose: () => void
  onSent: () => void
}) {
  const say = useSay()
  const [draft, setDraft] = useState<Draft>({ to: '', cc: '', bcc: '', subject: '', content: '' })
  const [errors, setErrors] = useState<Partial<Draft>>({})
  const [busy, setBusy] = useState(false)
  const book = useFetch<{ label: string; value: string }[]>('/api/blade-email/plat-address/select', undefined, {
    silent: true,
  }).data
  const set = (k: keyof Draft, v: string) => setDraft((d) => ({ ...d, [k]: v }))

  const send = async () => {
    const missing: Partial<Draft> = {}
    for (const k of ['to', 'subject', 'content'] as const) if (!draft[k].trim()) missing[k] = say(F[k].label) + ' ✱'
    setErrors(missing)
    if (Object.keys(missing).length) return
    setBusy(true)
    try {
      if (configId)
        await write(
          '/api/blade-email/config/sendMsg',
          { body: { ...draft, id: configId } },
          { invalidates: ['/api/blade-email/outbox'] },
        )
      else await write('/api/blade-email/outbox/submitAndSend', { body: draft })
      notify.success(say(L('已放入发件箱', 'Queued in the outbox')))
      onSent()
    } catch (err) {
      if (err instanceof ApiFailure && err.field && (FIELDS as readonly string[]).includes(err.field))
        setErrors({ [err.field]: err.message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface style={{ maxWidth: 720 }} data-testid="compose-dialog">
        <DialogBody>
          <DialogTitle>
            {say(configId ? L('发送测试邮件', 'Send a test mail') : L('写邮件', 'Write a mail'))}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {(['to', 'cc', 'bcc'] as const).map((k) => (
              <FluentField key={k} label={say(F[k].label)} required={k === 'to'} validationMessage={errors[k]}>
                <div style={{ display: 'flex', gap: 8 }}>
                  <Input
                    style={{ flex: 1 }}
                    value={draft[k]}
                    onChange={(_, d) => set(k, d.value)}
                    placeholder="a@example.com, b@example.com"
                    data-testid={`compose-${k}`}
                  />
                  {book?.length ? (
                    <Dropdown
                      placeholder={say(L('通讯录', 'Address book'))}
                      aria-label={say(L('从通讯录添加', 'Add from the address book'))}
                      onOptionSelect={(_, d) =>
                        d.optionValue && set(k, [draft[k].trim(), d.optionValue].filter(Boolean).join(', '))
                      }
                    >
                      {book.map((b) => (
                        <Option key={b.value} value={b.value}>
                          {b.label}
                        </Option>
                      ))}
                    </Dropdown>
                  ) : null}
                </div>
              </FluentField>
            ))}
            <FluentField label={say(F.subject.label)} required validationMessage={errors.subject}>
              <Input
                value={draft.subject}
                maxLength={F.subject.max}
                onChange={(_, d) => set('subject', d.value)}
                data-testid="compose-subject"
              />
            </FluentField>
            <FluentField
              label={say(F.content.label)}
              hint={say(L('HTML，例如 <p>你好</p>', 'HTML, e.g. <p>Hello</p>'))}
              required
              validationMessage={errors.content}
            >
              <Textarea
                value={draft.content}
                rows={8}
                resize="vertical"
                onChange={(_, d) => set('content', d.value)}
                data-testid="compose-content"
              />
            </FluentField>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void send()} data-testid="compose-send">
              {say(L('发送', 'Send'))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
