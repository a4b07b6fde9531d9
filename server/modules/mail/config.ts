import { Type } from '@sinclair/typebox'
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { emailConfig } from '../../../db/schema/index.ts'
import { mailConfigFields } from '../../../db/fields/mail.ts'
import { badRequest } from '../../lib/errors.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { seal } from '../../lib/sealed.ts'
import { now } from '../../lib/time.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { transact } from '../../lib/transaction.ts'
import { checkMailHost } from './hosts.ts'
import { scheduleInboxSync, syncMinutes } from './inbox/schedule.ts'
import { outgoingFrom, queueMail } from './queue.ts'
import { mailServices } from './services.ts'

const ONE_ENABLED = 'one mail account is enabled per school, whichever of them the caller sees'

/**
 * A school's mail accounts (blade-email/config): CRUD, enable (the school's account for whatever no strategy
 * routes), sendMsg (a message through this account, via the outbox) and select (the strategy form's picker). The
 * password is sealed before it is stored and never read back: detail leaves it out, a blank one keeps it.
 * handleSync (the inbox) is the inbox module's (server/modules/mail/inbox/).
 */
export const emailConfigResource = defineResource({
  table: emailConfig,
  path: '/api/blade-email/config',
  code: 'mail:config',
  search: ['name', 'host', 'fromAddress'],
  filters: ['isEnabled', 'tlsMode'],
  fields: mailConfigFields,
  hidden: ['password'],
  body: { password: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])) },
  read: {
    // Whether a password is stored (the form says "unchanged when empty"), never the password: one look-up a page.
    rows: async (ctx, rows) => {
      const ids = rows.map((r) => String(r.id))
      const set = new Set(
        ids.length
          ? (
              await ctx.db
                .select({ id: emailConfig.id })
                .from(emailConfig)
                .where(and(inArray(emailConfig.id, ids), isNotNull(emailConfig.password)))
            ).map((r) => r.id)
          : [],
      )
      return rows.map((r) => ({ ...r, passwordSet: set.has(String(r.id)) ? 1 : 0 }))
    },
  },
  actions: {
    enable: {
      button: 'enable',
      target: { one: 'id' },
      run: async (ctx, { rows: [row] }) => {
        const stamp = now()
        await transact(ctx, async (tx) => {
          await tx
            .update(emailConfig)
            .set({ isEnabled: 0, updateTime: stamp })
            .where(
              and(
                tenantRows(emailConfig, ctx.actor.tenantId, { why: ONE_ENABLED, withDeleted: true }),
                ne(emailConfig.id, row!.id),
              ),
            )
          await tx
            .update(emailConfig)
            .set({ isEnabled: 1, updateUser: ctx.actor.userId, updateTime: stamp })
            .where(eq(emailConfig.id, row!.id))
        })
        return null
      },
      // The enabled account's inbox syncs on its own from now on (inbox/schedule.ts).
      afterCommit: async (ctx, { rows: [row] }) => {
        const minutes = await syncMinutes(ctx.db, ctx.actor.tenantId)
        if (row!.imapHost && minutes)
          await scheduleInboxSync(ctx.db, ctx.actor.tenantId, row!.id, Date.now() + minutes * 60_000)
      },
    },
    select: {
      method: 'GET',
      button: ['mail:config', 'mail:strategy'],
      run: async (ctx): Promise<{ id: string; value: string; title: string }[]> =>
        (await emailConfigResource.ops.all(ctx, {}, undefined)).map((r) => ({
          id: r.id,
          value: r.id,
          title: `${r.name} <${r.fromAddress}>`,
        })),
    },
    sendMsg: {
      button: 'send',
      target: { one: 'id' },
      body: looseBody('to', 'cc', 'bcc', 'subject', 'content', 'attachments', 'templateId', 'variables'),
      run: async (ctx, { rows: [row], body }) => {
        const m = await outgoingFrom(ctx.db, ctx.actor.tenantId, { ...body, configId: row!.id, strategyId: null })
        return transact(ctx, (tx) => queueMail(tx, ctx.actor, { ...m, source: null }))
      },
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const v = w.values
    // A blank password keeps the stored one (the form never holds it); any other is sealed before it is written.
    if (typeof v.password !== 'string' || !v.password) delete v.password
    else v.password = seal(mailServices(ctx.db).jwtSecret, v.password)
    delete v.isEnabled
    const merged = { ...w.before[0], ...v }
    const tenantId = String(merged.tenantId ?? ctx.actor.tenantId)
    await checkMailHost(ctx.db, tenantId, String(merged.host ?? ''), Number(merged.port ?? 465), { field: 'host' })
    if (merged.imapHost) {
      if (!merged.imapPort) throw badRequest('validation.required', { field: 'imapPort' }, 'imapPort')
      await checkMailHost(ctx.db, tenantId, String(merged.imapHost), Number(merged.imapPort), { field: 'imapHost' })
    }
  },
})
