import { COMMON, defineFields, L } from './types.ts'

/**
 * Messages (blade-message/message). A message is written once by `save`
 * (server/modules/message/send.ts checks these: title and recipients required,
 * lengths) and then lives as each recipient's copy; the inbox answers the
 * sender's name and the caller's read flag (isRead 1 unread, 0 read, spec §4).
 */
export const messageFields = defineFields({
  type: { label: L('消息类型', 'Type'), type: 'dict', dict: { code: 'message_type' }, default: 1 },
  title: {
    label: L('消息标题', 'Title'),
    required: L('请输入消息标题', 'please enter the message title'),
    max: 200,
  },
  content: { label: L('消息内容', 'Content'), type: 'textarea', max: 20000 },
  // User ids (types 1, 3), department ids (2) or role ids (4), comma-joined.
  receivers: { label: L('接收人', 'Recipients'), required: L('请选择接收人', 'please select the recipients') },
  createUserName: { label: L('发送人', 'From') },
  isRead: {
    label: L('状态', 'State'),
    type: 'select',
    options: [
      { value: 1, label: L('未读', 'Unread') },
      { value: 0, label: L('已读', 'Read') },
    ],
  },
  createTime: { ...COMMON.createTime, label: L('时间', 'Time') },
})

/**
 * Messages broadcast to units rather than people — departments (type 2) and
 * roles (type 4) — may be sent only by holders of a code that reads those
 * units (the codes their picker trees take). The server refuses others
 * (server/modules/message/send.ts); the send dialog offers them no such type.
 */
export const BROADCAST_READERS: Readonly<Record<number, readonly string[]>> = {
  2: ['system:dept', 'system:user'],
  4: ['system:role', 'system:user'],
}
