import { and, asc, eq, sql } from 'drizzle-orm'
import { payAlipayConfig, payMergeConfig, payWxConfig } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { ApiError } from '../../lib/errors.ts'
import { prepared } from '../../lib/prepared.ts'
import { first } from '../../lib/rows.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import type { Order, Provider } from './settle.ts'

export type AlipayConfig = typeof payAlipayConfig.$inferSelect
export type WxConfig = typeof payWxConfig.$inferSelect
export type Account = { provider: 'alipay'; config: AlipayConfig } | { provider: 'wxpay'; config: WxConfig }

/** The client kinds the merged config distinguishes (dictionary pay_client). */
export type PayClient = 'pc' | 'mobile' | 'app'

const tableOf = (p: Provider) => (p === 'alipay' ? payAlipayConfig : payWxConfig)
const WHY = 'a school pays through its own accounts, whoever the payer is'

/**
 * The account a school takes payments through for a provider and client: the one its merged config names for the
 * client, else its oldest live one. 503 when the school has none (the administrator sets one up).
 */
export async function accountFor(db: Db, tenantId: string, provider: Provider, client: PayClient): Promise<Account> {
  const merge = await first(
    db
      .select()
      .from(payMergeConfig)
      .where(and(tenantRows(payMergeConfig, tenantId, { why: WHY }), eq(payMergeConfig.client, client))),
  )
  const named = provider === 'alipay' ? merge?.alipayConfigId : merge?.wxConfigId
  const t = tableOf(provider)
  const config = await first(
    db
      .select()
      .from(t)
      // A disabled account (status 0) takes no payments, whatever the merged config names.
      .where(and(tenantRows(t, tenantId, { why: WHY }), eq(t.status, 1), ...(named ? [eq(t.id, named)] : [])))
      .orderBy(asc(t.id)),
  )
  if (!config) throw new ApiError(503, 'pay.notConfigured')
  return { provider, config } as Account
}

/** The account an order was sent to (the reconciliation and refunds use it again), removed configs included. */
export async function accountOf(db: Db, order: Order): Promise<Account | undefined> {
  if (!order.configId || (order.channel !== 'alipay' && order.channel !== 'wxpay')) return undefined
  const t = tableOf(order.channel)
  const config = await first(
    db
      .select()
      .from(t)
      .where(and(tenantRows(t, order.tenantId, { why: WHY, withDeleted: true }), eq(t.id, order.configId))),
  )
  return config ? ({ provider: order.channel, config } as Account) : undefined
}

/**
 * A notification names its config in the address: any school's live one, found by id before its tenant is known.
 * Compiled once per database (prepared.ts): every notification reads it first.
 */
export async function configById<P extends Provider>(db: Db, provider: P, id: string) {
  if (!/^\d{1,20}$/.test(id)) return undefined
  const q = prepared(db, 'pay.configById', (d) => ({
    alipay: d
      .select()
      .from(payAlipayConfig)
      .where(and(notDeleted(payAlipayConfig), eq(payAlipayConfig.id, sql.placeholder('id'))))
      .prepare(),
    wxpay: d
      .select()
      .from(payWxConfig)
      .where(and(notDeleted(payWxConfig), eq(payWxConfig.id, sql.placeholder('id'))))
      .prepare(),
  }))
  const rows: (AlipayConfig | WxConfig)[] = await q[provider].execute({ id })
  return rows[0] as (P extends 'alipay' ? AlipayConfig : WxConfig) | undefined
}
