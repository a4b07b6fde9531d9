import { and, eq, inArray } from 'drizzle-orm'
import { attach, emailConfig, emailOutbox, emailStrategy, emailTemplate } from '../../../db/schema/index.ts'
import type { Actor } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { enqueue } from '../../lib/jobs.ts'
import { insertRows } from '../../lib/prepared.ts'
import { defineMessages } from '../../lib/messages.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import type { Tx } from '../../lib/transaction.ts'
import { addressList } from './addresses.ts'
import { renderTemplate } from './render.ts'

defineMessages({
  'mail.tooManyRecipients': { zh: '收件人不能超过 {max} 个', en: 'at most {max} recipients' },
  'mail.unknownConfig': { zh: '邮箱账户不存在', en: 'no such mail account' },
  'mail.unknownStrategy': { zh: '发送策略不存在', en: 'no such sending strategy' },
  'mail.unknownTemplate': { zh: '邮件模板不存在', en: 'no such mail template' },
  'mail.unknownAttachment': { zh: '附件不存在', en: 'no such attachment' },
  'mail.tooManyAttachments': { zh: '附件不能超过 {max} 个', en: 'at most {max} attachments' },
})

/** The job that sends one outbox row (server/modules/mail/deliver.ts). */
export const SEND_MAIL = 'mail.send'
/** Messages the outbox sends at once (jobs running, so SMTP sessions open) per process. */
export const SEND_CONCURRENCY = 8

/** Tries of one message before it is marked failed: the back-off doubles from the job's delay (deliver.ts). */
export const SEND_ATTEMPTS = 5

const MOST_ATTACHMENTS = 10

export interface OutgoingMail {
  to: string[]
  cc?: string[]
  bcc?: string[]
  subject: string
  content: string
  /** Ids of the school's stored files (blade_attach). */
  attachments?: string[]
  /** One account (sendMsg), a strategy, or neither: the school's default strategy, else its enabled account. */
  configId?: string | null
  strategyId?: string | null
  templateId?: string | null
  source?: string | null
}

export type OutboxRow = typeof emailOutbox.$inferSelect

const WHY = 'a school’s message names only its own accounts, strategies, templates and files'

/**
 * A message as the screens submit it (outbox submitAndSend, config sendMsg): recipients checked, the school's
 * account, strategy and files looked up in its own rows (another school's id is a 400, as an unknown one), and a
 * template rendered with `variables` when one is named. 400s name the field.
 */
export async function outgoingFrom(db: Db, tenantId: string, body: Record<string, unknown>): Promise<OutgoingMail> {
  const text = (k: string) =>
    typeof body[k] === 'string' ? (body[k] as string) : body[k] == null ? '' : String(body[k])
  const id = (k: string) => (text(k).trim() ? text(k).trim() : null)
  const m: OutgoingMail = {
    to: addressList(body.to, 'to', { required: true }),
    cc: addressList(body.cc, 'cc'),
    bcc: addressList(body.bcc, 'bcc'),
    subject: text('subject').trim(),
    content: text('content'),
    configId: id('configId'),
    strategyId: id('strategyId'),
    templateId: id('templateId'),
  }
  if (
    m.configId &&
    !(await first(
      db
        .select({ id: emailConfig.id })
        .from(emailConfig)
        .where(and(tenantRows(emailConfig, tenantId, { why: WHY }), eq(emailConfig.id, m.configId))),
    ))
  )
    throw badRequest('mail.unknownConfig', { field: 'configId' }, 'configId')
  if (
    m.strategyId &&
    !(await first(
      db
        .select({ id: emailStrategy.id })
        .from(emailStrategy)
        .where(and(tenantRows(emailStrategy, tenantId, { why: WHY }), eq(emailStrategy.id, m.strategyId))),
    ))
  )
    throw badRequest('mail.unknownStrategy', { field: 'strategyId' }, 'strategyId')
  if (m.templateId) {
    const t = await first(
      db
        .select()
        .from(emailTemplate)
        .where(and(tenantRows(emailTemplate, tenantId, { why: WHY }), eq(emailTemplate.id, m.templateId))),
    )
    if (!t) throw badRequest('mail.unknownTemplate', { field: 'templateId' }, 'templateId')
    const vars = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {}
    Object.assign(m, await renderTemplate(t, vars))
  }
  if (!m.subject) throw badRequest('validation.required', { field: 'subject' }, 'subject')
  if (m.subject.length > 255) throw badRequest('validation.tooLong', { field: 'subject', max: 255 }, 'subject')
  if (!m.content.trim()) throw badRequest('validation.required', { field: 'content' }, 'content')
  if (m.content.length > 200_000) throw badRequest('validation.tooLong', { field: 'content', max: 200_000 }, 'content')
  const files = text('attachments')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (files.length > MOST_ATTACHMENTS)
    throw badRequest('mail.tooManyAttachments', { field: 'attachments', max: MOST_ATTACHMENTS }, 'attachments')
  if (files.length) {
    const found = await db
      .select({ id: attach.id })
      .from(attach)
      .where(and(tenantRows(attach, tenantId, { why: WHY }), inArray(attach.id, files)))
    if (found.length !== new Set(files).size)
      throw badRequest('mail.unknownAttachment', { field: 'attachments' }, 'attachments')
    m.attachments = [...new Set(files)]
  }
  return m
}

/**
 * Writes the message and its send job in the caller's transaction: both commit or neither. The Message-ID is fixed
 * here, from the row's id, so every attempt (and a retry after a crash) carries the same one.
 */
export async function queueMail(
  tx: Tx,
  actor: Pick<Actor, 'tenantId' | 'userId' | 'deptIds'>,
  m: OutgoingMail,
): Promise<OutboxRow> {
  const id = newId()
  const stamp = now()
  const row: OutboxRow = {
    id,
    tenantId: actor.tenantId,
    status: 0,
    isDeleted: 0,
    remark: null,
    createUser: actor.userId,
    createDept: actor.deptIds[0] ?? null,
    createTime: stamp,
    updateUser: actor.userId,
    updateTime: stamp,
    configId: m.configId ?? null,
    strategyId: m.strategyId ?? null,
    templateId: m.templateId ?? null,
    to: m.to.join(', '),
    cc: m.cc?.length ? m.cc.join(', ') : null,
    bcc: m.bcc?.length ? m.bcc.join(', ') : null,
    subject: m.subject,
    content: m.content,
    attachments: m.attachments?.length ? m.attachments.join(',') : null,
    source: m.source ?? null,
    reason: null,
    messageId: `<${id}.${actor.tenantId}@atrium.invalid>`,
    response: null,
    sentTime: null,
    attempts: 0,
    handoverTime: null,
  }
  await insertRows(tx, 'mail.outbox', emailOutbox, [row])
  await enqueue(tx, SEND_MAIL, { id }, { tenantId: actor.tenantId, ref: id, maxAttempts: SEND_ATTEMPTS })
  return row
}
