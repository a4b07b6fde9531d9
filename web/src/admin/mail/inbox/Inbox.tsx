import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Link,
  Option,
  Text,
} from '@fluentui/react-components'
import { ArrowSyncRegular, MailReadRegular } from '@fluentui/react-icons'
import DOMPurify from 'dompurify'
import { useState } from 'react'
import { inboxFields } from '../../../../../db/fields/mail-inbox'
import { api } from '../../../shared/api'
import { notify } from '../../../shared/notify'
import { usePermissions } from '../../../shared/permissions'
import { screenFields } from '../../../shared/resource/fields'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ActionContext, ResourceScreen, Row } from '../../../shared/resource/schema'
import { useSay } from '../../../shared/resource/text'
import { L } from '../../system/fields'
import type { SyncResult } from '../../../../../server/api-types'

const BASE = '/api/blade-email/inbox'

interface Attachment {
  id: string
  name: string | null
  size: number
  link: string
}

/** Picks one of the school's mail accounts and fetches what is new in its IMAP inbox (config/handleSync). */
function SyncButton({ ctx }: { ctx: ActionContext }) {
  const say = useSay()
  const [open, setOpen] = useState(false)
  const [accounts, setAccounts] = useState<{ id: string; name: string; imapHost?: string | null }[]>([])
  const [chosen, setChosen] = useState('')
  const [busy, setBusy] = useState(false)
  const start = async () => {
    const page = await api.get<{ records: { id: string; name: string; imapHost?: string | null }[] }>(
      '/api/blade-email/config/list',
      { current: 1, size: 200 },
    )
    const withInbox = page.records.filter((a) => a.imapHost)
    setAccounts(withInbox)
    setChosen(withInbox[0]?.id ?? '')
    setOpen(true)
  }
  const sync = async () => {
    setBusy(true)
    try {
      const r = await api.post<SyncResult>('/api/blade-email/config/handleSync', { id: chosen })
      notify.success(say(L(`收取完成：新邮件 ${r.imported} 封`, `Fetched: ${r.imported} new message(s)`)))
      setOpen(false)
      ctx.reload()
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button icon={<ArrowSyncRegular />} onClick={() => void start()} data-testid="inbox-sync">
        {say(L('收取邮件', 'Fetch mail'))}
      </Button>
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{say(L('收取邮件', 'Fetch mail'))}</DialogTitle>
            <DialogContent>
              {accounts.length ? (
                <Dropdown
                  aria-label={say(L('邮箱账号', 'Mail account'))}
                  value={accounts.find((a) => a.id === chosen)?.name ?? ''}
                  selectedOptions={[chosen]}
                  onOptionSelect={(_, d) => setChosen(d.optionValue ?? '')}
                  data-testid="inbox-sync-account"
                >
                  {accounts.map((a) => (
                    <Option key={a.id} value={a.id}>
                      {a.name}
                    </Option>
                  ))}
                </Dropdown>
              ) : (
                <Text>
                  {say(
                    L(
                      '没有配置了收件服务器（IMAP）的邮箱账号，请先在“邮箱账户”中填写。',
                      'No mail account has an incoming (IMAP) server yet: add one under Mail accounts first.',
                    ),
                  )}
                </Text>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>{say('cancel')}</Button>
              <Button
                appearance="primary"
                disabled={!chosen || busy}
                onClick={() => void sync()}
                data-testid="inbox-sync-start"
              >
                {say(busy ? L('正在收取…', 'Fetching…') : L('开始收取', 'Fetch'))}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  )
}

/** One message to read: the body (sanitised on the server, and again here before it reaches the DOM) and its files. */
function Reader({ row, onClose }: { row: Row; onClose: () => void }) {
  const say = useSay()
  const attachments = (row.attachmentList as Attachment[] | undefined) ?? []
  const pending = row.content === null || row.content === undefined
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 900 }}>
        <DialogBody>
          <DialogTitle>{String(row.subject ?? '')}</DialogTitle>
          <DialogContent>
            <div style={{ display: 'grid', gap: 4, marginBottom: 12 }}>
              <Text>
                {say(L('发件人', 'From'))}: {String(row.from ?? '')}
              </Text>
              <Text>
                {say(L('收件人', 'To'))}: {String(row.to ?? '')}
              </Text>
              {row.cc ? (
                <Text>
                  {say(L('抄送', 'Cc'))}: {String(row.cc)}
                </Text>
              ) : null}
              <Text>
                {say(L('收件时间', 'Received'))}: {String(row.receivedTime ?? '')}
              </Text>
            </div>
            {pending ? (
              <Text italic>
                {say(L('正文正在解析，请稍后再打开。', 'The body is still being read; open it again shortly.'))}
              </Text>
            ) : (
              <div
                data-testid="inbox-body"
                style={{ maxHeight: '55vh', overflow: 'auto' }}
                dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(row.content)) }}
              />
            )}
            {attachments.length > 0 && (
              <div
                style={{ marginTop: 12, display: 'flex', gap: 12, flexWrap: 'wrap' }}
                data-testid="inbox-attachments"
              >
                <Text weight="semibold">{say(L('附件', 'Attachments'))}:</Text>
                {attachments.map((a) => (
                  <Link key={a.id} href={a.link} target="_blank" rel="noopener noreferrer">
                    {a.name} ({Math.max(1, Math.round(a.size / 1024))} KB)
                  </Link>
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** The school's inbox: messages synced from its mail accounts; reading one marks it read. */
export default function Inbox() {
  const say = useSay()
  const perms = usePermissions()
  const [reading, setReading] = useState<Row | null>(null)
  const read = async (row: Row, ctx: ActionContext) => {
    setReading(await api.get<Row>(`${BASE}/detail`, { id: row.id }))
    if (row.read !== 1 && perms.has('mail:inbox:edit')) {
      await api.post(`${BASE}/submit`, { id: row.id, read: 1 })
      ctx.reload()
    }
  }
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'mail:inbox',
    title: L('收件箱', 'Inbox'),
    actions: { add: false, view: false },
    fields: screenFields(inboxFields, {
      subject: { search: true, form: false },
      from: { search: true, form: false, width: 220 },
      configName: { label: L('邮箱账号', 'Mail account'), form: false, width: 140 },
      receivedTime: { form: false, width: 170 },
      read: { search: true, width: 80 },
      remark: { list: false },
    }),
    toolbar: (ctx) => (perms.has('mail:inbox:sync') ? <SyncButton ctx={ctx} /> : null),
    rowActions: (row, ctx) => (
      <>
        {row.read !== 1 && (
          <Badge appearance="tint" color="brand">
            {say(L('未读', 'Unread'))}
          </Badge>
        )}
        {perms.has('mail:inbox:view') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<MailReadRegular />}
            data-testid="row-read"
            onClick={() => void read(row, ctx)}
          >
            {say(L('阅读', 'Read'))}
          </Button>
        )}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {reading && <Reader row={reading} onClose={() => setReading(null)} />}
    </>
  )
}
