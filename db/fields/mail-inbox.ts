import { COMMON, defineFields, L } from './types.ts'

/**
 * Messages synced from a school's mailboxes (blade-email/inbox). They come from the IMAP sync; an edit changes only
 * whether the message was read, its status and the school's remark.
 */
export const inboxFields = defineFields({
  subject: { label: L('主题', 'Subject'), max: 1000 },
  from: { label: L('发件人', 'From'), max: 2000 },
  to: { label: L('收件人', 'To'), max: 2000 },
  cc: { label: L('抄送', 'Cc'), max: 2000 },
  receivedTime: { label: L('收件时间', 'Received'), type: 'datetime' },
  configId: { label: L('邮箱账号', 'Mail account') },
  read: {
    label: L('已读', 'Read'),
    type: 'select',
    options: [
      { value: 0, label: L('未读', 'Unread') },
      { value: 1, label: L('已读', 'Read') },
    ],
    range: { min: 0, max: 1, integer: true },
    default: 0,
  },
  content: { label: L('正文', 'Body'), type: 'richtext' },
  text: { label: L('纯文本正文', 'Plain-text body'), type: 'textarea' },
  attachments: { label: L('附件', 'Attachments') },
  status: COMMON.status,
  remark: COMMON.remark,
})
