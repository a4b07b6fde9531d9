import { blob, index, integer, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, liveUnique, scopedListIndex } from './common.ts'

/**
 * One IMAP folder of a school's mail account as last synced (blade-email/config handleSync): the folder's
 * UIDVALIDITY and the highest UID imported under it. A sync fetches only UIDs above `lastUid`; a different
 * UIDVALIDITY means the server renumbered the folder, so the next sync starts again from UID 1.
 */
export const emailMailbox = table(
  'blade_email_mailbox',
  {
    ...commonColumns(),
    configId: text().notNull(),
    folder: text().notNull().default('INBOX'),
    uidValidity: integer(),
    lastUid: integer().notNull().default(0),
    lastSyncTime: text(),
    /** Epoch ms until which a running sync holds the folder: a second sync meanwhile answers 409, in any process. */
    syncUntil: integer().notNull().default(0),
    /** The last sync's failure as the server said it, shown in the back office; null after a sync that worked. */
    syncError: text(),
  },
  (t) => [liveUnique('ux_email_mailbox_folder', t.tenantId, t.configId, t.folder)],
)

/**
 * A message synced from a school's mailbox (blade-email/inbox). The sync records it from the server's envelope
 * (subject, addresses, date) with its raw `source`; a parse job then fills `content` — the HTML body already
 * sanitised (safe to show) —, `text` (the plain body) and `attachments` (the comma-joined ids of the files stored
 * for it, blade_attach), and drops `source`. A row whose `source` is still set awaits that job.
 */
export const emailInbox = table(
  'blade_email_inbox',
  {
    ...commonColumns(),
    configId: text().notNull(),
    folder: text().notNull().default('INBOX'),
    uidValidity: integer().notNull(),
    uid: integer().notNull(),
    messageId: text(),
    from: text('mail_from'),
    to: text('mail_to'),
    cc: text(),
    subject: text(),
    content: text(),
    text: text('body_text'),
    attachments: text(),
    receivedTime: text(),
    read: integer('is_read').notNull().default(0),
    source: blob({ mode: 'buffer' }),
  },
  (t) => [
    scopedListIndex('email_inbox', t),
    // One row per message of a folder's numbering, removed ones included: two syncs at once import it once, and a
    // message the school removed is not brought back by a later sync.
    uniqueIndex('ux_email_inbox_uid').on(t.tenantId, t.configId, t.folder, t.uidValidity, t.uid),
    index('ix_email_inbox_config').on(t.tenantId, t.configId, t.isDeleted, t.receivedTime),
  ],
)
