import { Button, Tab, TabList } from '@fluentui/react-components'
import { SendRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { usePermissions } from '../../shared/permissions'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { Field, ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import { refreshMessages } from '../widgets/unread-store'
import SendDialog from './SendDialog'

const common: Field[] = [
  { name: 'title', label: L('标题', 'Title') },
  { name: 'type', label: L('类型', 'Type'), type: 'dict', dict: { code: 'message_type' }, width: 110 },
  { name: 'content', label: L('内容', 'Content'), type: 'textarea', list: false },
  { name: 'createTime', label: L('时间', 'Time'), width: 170 },
]

const inbox: ResourceScreen = {
  base: '/api/blade-message/message',
  perm: 'desk:message',
  listPath: 'my/list',
  title: L('收件箱', 'Inbox'),
  actions: { add: false, edit: false },
  fields: [
    ...common,
    { name: 'createUserName', label: L('发送人', 'From'), width: 110 },
    {
      name: 'isRead',
      label: L('状态', 'State'),
      type: 'select',
      search: true,
      options: [
        { value: 1, label: L('未读', 'Unread') },
        { value: 0, label: L('已读', 'Read') },
      ],
      width: 90,
    },
  ],
}

const sent: ResourceScreen = {
  base: '/api/blade-message/message',
  perm: 'desk:message',
  listPath: 'my/sendList',
  title: L('已发送', 'Sent'),
  actions: { add: false, edit: false, delete: false, view: false, selection: false },
  fields: [...common, { name: 'receivers', label: L('接收对象', 'Recipients'), list: false }],
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
