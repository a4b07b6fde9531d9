import { Button, Tab, TabList } from '@fluentui/react-components'
import { SendRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { messageFields } from '../../../../db/fields/message'
import { screenFields } from '../../shared/resource/fields'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import { refreshMessages } from '../widgets/unread-store'
import SendDialog from './SendDialog'

const common = { title: {}, type: { width: 110 }, content: { list: false }, createTime: { width: 170 } }

const inbox: ResourceScreen = {
  base: '/api/blade-message/message',
  perm: 'desk:message',
  listPath: 'my/list',
  title: L('收件箱', 'Inbox'),
  actions: { add: false, edit: false },
  fields: screenFields(messageFields, {
    ...common,
    createUserName: { width: 110 },
    isRead: { search: true, width: 90 },
  }),
}

const sent: ResourceScreen = {
  base: '/api/blade-message/message',
  perm: 'desk:message',
  listPath: 'my/sendList',
  title: L('已发送', 'Sent'),
  actions: { add: false, edit: false, delete: false, view: false, selection: false },
  fields: screenFields(messageFields, { ...common, receivers: { list: false } }),
}

/** My messages (/desk/message): inbox (opening one marks it read), sent messages, and writing one. */
export default function Messages() {
  const say = useSay()
  const perms = usePermissions()
  const [tab, setTab] = useState<'inbox' | 'sent'>('inbox')
  const [writing, setWriting] = useState(false)
  const send = perms.has('desk:message:send') && (
    <Button appearance="primary" icon={<SendRegular />} onClick={() => setWriting(true)} data-testid="write-message">
      {say(L('发送消息', 'Send a message'))}
    </Button>
  )
  return (
    <>
      <TabList
        selectedValue={tab}
        onTabSelect={(_, d) => setTab(d.value as 'inbox' | 'sent')}
        style={{ marginBottom: 8 }}
      >
        <Tab value="inbox">{say(inbox.title)}</Tab>
        <Tab value="sent">{say(sent.title)}</Tab>
      </TabList>
      <ResourcePage
        key={tab}
        screen={{
          ...(tab === 'inbox' ? inbox : sent),
          toolbar: () => send,
          onRowClick: tab === 'inbox' ? () => void refreshMessages() : undefined,
        }}
      />
      {writing && (
        <SendDialog
          onClose={() => setWriting(false)}
          onSent={() => {
            setWriting(false)
            setTab('sent')
          }}
        />
      )}
    </>
  )
}
