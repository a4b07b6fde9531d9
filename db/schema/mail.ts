import { index, integer, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, liveUnique, scopedListIndex } from './common.ts'

/**
 * A school's mail account (blade-email/config). `password` holds the value sealed by server/lib/sealed.ts, never
 * the plain one. tlsMode: 0 plain, 1 STARTTLS, 2 implicit TLS. One account per school is enabled (`isEnabled`): it
 * sends whatever no strategy routes. The IMAP side (imap*) is read by the inbox sync (db/schema/mail-inbox.ts) with
 * the same login; an empty imapHost means the account has no inbox.
 */
export const emailConfig = table(
  'blade_email_config',
  {
    ...commonColumns(),
    name: text().notNull(),
    host: text().notNull(),
    port: integer().notNull().default(465),
    tlsMode: integer().notNull().default(2),
    username: text(),
    password: text(),
    fromAddress: text().notNull(),
    fromName: text(),
    isEnabled: integer().notNull().default(0),
    platFromId: text(),
    imapHost: text(),
    imapPort: integer(),
    imapTls: integer(),
  },
  (t) => [scopedListIndex('email_config', t)],
)

/**
 * A mail provider's defaults the platform offers every school (blade-email/plat-from): a school copies one into
 * its own account and adds its login. Shared by all tenants; only enabled ones are offered for copying.
 */
export const emailPlatFrom = table(
  'blade_email_plat_from',
  {
    ...commonColumns(),
    name: text().notNull(),
    host: text().notNull(),
    port: integer().notNull().default(465),
    tlsMode: integer().notNull().default(2),
    imapHost: text(),
    imapPort: integer(),
    imapTls: integer(),
    isEnabled: integer().notNull().default(1),
  },
  (t) => [liveUnique('ux_email_plat_from_name', t.name)],
)

/**
 * A message template (blade-email/template): subject and HTML body in Liquid, rendered with only the variables the
 * sender gives (strict: an unknown variable is an error, no code runs). One per code and language, so the appliance's
 * own mails (workflow.urge, auth.resetPassword, exam.released …) have an editable zh and en text per school.
 */
export const emailTemplate = table(
  'blade_email_template',
  {
    ...commonColumns(),
    code: text().notNull(),
    name: text().notNull(),
    language: text().notNull().default('zh'),
    subject: text().notNull(),
    content: text().notNull(),
    /** The variable names the template may use, comma-joined: what the screen offers and the render allows. */
    variables: text(),
  },
  (t) => [scopedListIndex('email_template', t), liveUnique('ux_email_template_code', t.tenantId, t.code, t.language)],
)

/**
 * Which accounts send (blade-email/strategy): mode 1 falls back through `configIds` in order when one refuses,
 * mode 2 takes them in turn (`cursor` moves by a conditional update, so processes share the turn). The school's
 * default strategy (isDefault) carries the appliance's own notifications.
 */
export const emailStrategy = table(
  'blade_email_strategy',
  {
    ...commonColumns(),
    name: text().notNull(),
    code: text().notNull(),
    mode: integer().notNull().default(1),
    configIds: text().notNull(),
    isDefault: integer().notNull().default(0),
    cursor: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('email_strategy', t), liveUnique('ux_email_strategy_code', t.tenantId, t.code)],
)

/** The school's address book (blade-email/plat-address): entries in named groups, offered by `select` to pickers. */
export const emailAddress = table(
  'blade_email_address',
  {
    ...commonColumns(),
    name: text().notNull(),
    email: text().notNull(),
    groupName: text(),
    phone: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('email_address', t), liveUnique('ux_email_address_email', t.tenantId, t.groupName, t.email)],
)

/**
 * A message to send (blade-email/outbox): written with its send job in one transaction. status: 0 queued, 1 sent,
 * 2 failed. `messageId` is fixed when the row is written, so every attempt carries the same Message-ID.
 * `handoverTime` is committed with the writing of the message's final dot to the SMTP server: an attempt that finds
 * it set was cut off after the server took the message, and records it as sent rather than sending it twice
 * (server/modules/mail/deliver.ts).
 */
export const emailOutbox = table(
  'blade_email_outbox',
  {
    ...commonColumns(),
    configId: text(),
    strategyId: text(),
    templateId: text(),
    to: text('mail_to').notNull(),
    cc: text(),
    bcc: text(),
    subject: text().notNull(),
    content: text().notNull(),
    /** Ids of files in the file store (blade_attach), comma-joined. */
    attachments: text(),
    /** What part of the appliance wrote it (workflow.urge, auth.resetPassword …); null for a message staff wrote. */
    source: text(),
    reason: text(),
    messageId: text().notNull(),
    /** The server's answer to the message (e.g. 250 2.0.0 Ok: queued as …). */
    response: text(),
    sentTime: text(),
    attempts: integer().notNull().default(0),
    handoverTime: integer(),
  },
  (t) => [
    scopedListIndex('email_outbox', t),
    uniqueIndex('ux_email_outbox_message_id').on(t.messageId),
    index('ix_email_outbox_status').on(t.tenantId, t.isDeleted, t.status),
  ],
)
