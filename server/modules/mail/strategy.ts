import { and, eq, inArray, ne } from 'drizzle-orm'
import { emailConfig, emailStrategy } from '../../../db/schema/index.ts'
import { mailStrategyFields } from '../../../db/fields/mail.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'

defineMessages({
  'mail.strategy.taken': { zh: '策略编码已存在', en: 'a strategy with this code exists' },
  'mail.strategy.accounts': {
    zh: '请选择本校的邮箱账户（最多 10 个）',
    en: 'choose accounts of this school (at most 10)',
  },
  'mail.strategy.mode': { zh: '策略方式只能是失败转移或轮询', en: 'the mode is fall back or round robin' },
})

const MOST = 10

/** The account ids of a strategy, in its order. */
export const strategyConfigIds = (s: { configIds: string }) =>
  s.configIds
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

/**
 * Sending strategies (blade-email/strategy): the accounts that send, in order — mode 1 falls back to the next when
 * one refuses, mode 2 takes them in turn. The one marked default carries the appliance's own mails (workflow,
 * lost password, exam results); marking one default unmarks the school's others in the same transaction.
 */
export const strategyResource = defineResource({
  table: emailStrategy,
  path: '/api/blade-email/strategy',
  code: 'mail:strategy',
  search: ['name', 'code'],
  filters: ['mode', 'isDefault'],
  fields: mailStrategyFields,
  hidden: ['cursor'],
  unique: [{ columns: ['tenantId', 'code'], message: 'mail.strategy.taken' }],
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const v = w.values
    delete v.cursor
    if (v.mode !== undefined && ![1, 2].includes(Number(v.mode)))
      throw badRequest('mail.strategy.mode', { field: 'mode' }, 'mode')
    if (v.configIds === undefined) return
    const ids = [...new Set(strategyConfigIds({ configIds: String(v.configIds) }))]
    const tenantId = String(w.before[0]?.tenantId ?? ctx.actor.tenantId)
    const found = ids.length
      ? await ctx.db
          .select({ id: emailConfig.id })
          .from(emailConfig)
          .where(
            and(
              tenantRows(emailConfig, tenantId, { why: 'a strategy names accounts of its own school' }),
              inArray(emailConfig.id, ids),
            ),
          )
      : []
    if (!ids.length || ids.length > MOST || found.length !== ids.length)
      throw badRequest('mail.strategy.accounts', { field: 'configIds' }, 'configIds')
    v.configIds = ids.join(',')
  },
  afterWrite: async (ctx, w, tx) => {
    if (w.op === 'remove' || !Number(w.values.isDefault)) return
    const id = String(w.values.id ?? w.before[0]?.id)
    await tx
      .update(emailStrategy)
      .set({ isDefault: 0, updateTime: now() })
      .where(
        and(
          tenantRows(emailStrategy, ctx.actor.tenantId, { why: 'one default strategy per school, whoever sees it' }),
          ne(emailStrategy.id, id),
          eq(emailStrategy.isDefault, 1),
        ),
      )
  },
})
