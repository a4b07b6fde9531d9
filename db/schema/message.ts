import { index, integer, table, text } from './dialect.ts'
import { commonColumns } from './common.ts'

/** A message as sent; one messageRecipient row per person it reached. */
export const message = table('blade_message', {
  ...commonColumns(),
  /** 1 ordinary, 2 department broadcast, 3 approval, 4 role broadcast. */
  type: integer().notNull().default(1),
  title: text().notNull(),
  content: text(),
  /** Comma-joined user, department or role ids, depending on type. */
  receivers: text(),
  createUserName: text(),
})

export const messageRecipient = table(
  'blade_message_recipient',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    messageId: text().notNull(),
    userId: text().notNull(),
    /** The spec's odd convention: 1 unread, 0 read. */
    isRead: integer().notNull().default(1),
    isDeleted: integer().notNull().default(0),
    readTime: text(),
  },
  (t) => [index('ix_msg_rcpt_user').on(t.userId, t.isRead)],
)
