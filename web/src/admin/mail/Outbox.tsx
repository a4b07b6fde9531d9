import { Button } from '@fluentui/react-components'
import { MailAddRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { mailOutboxFields } from '../../../../db/fields/mail'
import { L } from '../../../../db/fields/types'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import ComposeDialog from './ComposeDialog'

/** The outbox: what was sent, to whom, the server's answer or why it failed; mails are written here and never edited. */
export default function Outbox() {
  const say = useSay()
  const perms = usePermissions()
  const [writing, setWriting] = useState(false)
  const screen: ResourceScreen = {
    base: '/api/blade-email/outbox',
    perm: 'mail:outbox',
    title: L('发件箱', 'Outbox'),
    actions: { add: false, edit: false },
    fields: screenFields(mailOutboxFields, {
      to: { search: true },
      subject: { search: true },
      cc: { list: false },
      bcc: { list: false },
      status: { search: true, width: 100 },
      sentTime: { width: 170 },
      attempts: { width: 90 },
      reason: { span: 24 },
      response: { list: false, span: 24 },
      messageId: { list: false, span: 24 },
      content: { list: false, span: 24 },
    }),
    toolbar: (ctx) =>
      perms.has('mail:outbox:send') && (
        <>
          <Button appearance="primary" icon={<MailAddRegular />} onClick={() => setWriting(true)} data-testid="compose">
            {say(L('写邮件', 'Write a mail'))}
          </Button>
          {writing && (
            <ComposeDialog
              onClose={() => setWriting(false)}
              onSent={() => {
                setWriting(false)
                ctx.reload()
              }}
            />
          )}
        </>
      ),
  }
  return <ResourcePage screen={screen} />
}
