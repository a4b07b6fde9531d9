import { and, eq, inArray } from 'drizzle-orm'
import { ruleProblem } from '../../../db/fields/types.ts'
import { emailConfig, emailTemplate, user } from '../../../db/schema/index.ts'
import type { Actor } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import type { Lang } from '../../lib/messages.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { queueMail, type OutgoingMail } from './queue.ts'
import { renderTemplate } from './render.ts'
import { mailServices } from './services.ts'

const WHY = "the appliance's own mail goes out for the school whose event it is, to that school's users"

export interface ApplianceMail {
  /** The school and who caused the mail (the outbox row's creator). */
  actor: Pick<Actor, 'tenantId' | 'userId' | 'deptIds'>
  /** The template's code (appliance-templates.ts); also the outbox row's source. */
  code: string
  /** The template language tried first; Chinese after it. */
  lang: Lang
  /** The recipients (users of the school), each with the values its template gets besides `name`. */
  to: { userId: string; values?: Record<string, unknown> }[]
}

/** The template of `code` in `lang`, else in Chinese, else in any language the school kept. */
async function templateOf(db: Db, tenantId: string, code: string, lang: Lang) {
  const all = await db
    .select()
    .from(emailTemplate)
    .where(and(tenantRows(emailTemplate, tenantId, { why: WHY }), eq(emailTemplate.code, code)))
  return all.find((t) => t.language === lang) ?? all.find((t) => t.language === 'zh') ?? all[0]
}

/**
 * Queues the appliance's own mail (a workflow reminder or copy, a password reset, released results) to users of a
 * school, through the template its administrator edits, each recipient's message rendered with that person's
 * values. Nothing is queued — and nothing recorded — when the school has no enabled account, no such template (it
 * was removed), or the user no e-mail address. Never throws: the action that caused the mail has happened and
 * stands whether or not a mail can tell of it; a failure is logged. Answers how many messages were queued.
 */
export async function mailUsers(db: Db, m: ApplianceMail): Promise<number> {
  const tenantId = m.actor.tenantId
  try {
    if (!m.to.length) return 0
    const enabled = await first(
      db
        .select({ id: emailConfig.id })
        .from(emailConfig)
        .where(and(tenantRows(emailConfig, tenantId, { why: WHY }), eq(emailConfig.isEnabled, 1))),
    )
    if (!enabled) return 0
    const template = await templateOf(db, tenantId, m.code, m.lang)
    if (!template) return 0
    const people = new Map(
      (
        await db
          .select({ id: user.id, email: user.email, realName: user.realName, name: user.name, account: user.account })
          .from(user)
          .where(
            and(
              tenantRows(user, tenantId, { why: WHY }),
              inArray(
                user.id,
                m.to.map((r) => r.userId),
              ),
            ),
          )
      ).map((u) => [u.id, u]),
    )
    const mails: OutgoingMail[] = []
    for (const r of m.to) {
      const p = people.get(r.userId)
      const email = p?.email?.trim()
      if (!p || !email || ruleProblem(['email'], email)) continue
      const text = await renderTemplate(template, { name: p.realName || p.name || p.account, ...r.values })
      mails.push({ to: [email], ...text, templateId: template.id, source: m.code })
    }
    if (!mails.length) return 0
    await withTransaction(db, async (tx) => {
      for (const mail of mails) await queueMail(tx, m.actor, mail)
    })
    return mails.length
  } catch (e) {
    mailServices(db).log.warn({ err: e, tenantId, code: m.code }, 'the appliance mail was not queued')
    return 0
  }
}
