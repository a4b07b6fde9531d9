import { and, eq, sql } from 'drizzle-orm'
import { courseUser, payEvent, payOrder, payRefund } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { first, changed } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { userInbox } from '../iot/topics.ts'
import { payServices } from './services.ts'
import { ORDER, paidStatements } from './paid-statements.ts'

// Order status lives beside the statements that move it; re-exported for the rest of the area.
export { ORDER }
/** Refund status (blade_pay_refund.status). */
export const REFUND = { processing: 0, succeeded: 1, failed: 2 } as const

export type Provider = 'alipay' | 'wxpay'
export type Order = typeof payOrder.$inferSelect

/** A payment a provider reports, already verified (signature, app id / merchant) by its caller. */
export interface PaidEvent {
  provider: Provider
  configId: string
  outTradeNo: string
  transactionId: string
  /** In fen, as the provider reports it (null when unreadable: refused). */
  amount: number | null
}

export type Applied = 'credited' | 'duplicate' | 'refused'

/**
 * Applies a payment once, whichever process, notification, retry or query reports it: inside one transaction the
 * (provider, transaction id) event row goes in first — a unique index, so a replay finds it taken and credits
 * nothing — then the order moves pending/closed → paid conditionally on the state it had and on the account it was
 * sent to, and the learner is enrolled. A report for an unknown order, another config, or a different amount is
 * refused and changes nothing. The order is read once, before the transaction: what the checks compare (amount,
 * school, learner, item) never changes, and the conditional move re-checks what may (state, account, channel). A
 * retry of a payment already applied — the order carries its transaction id, which only the transaction that took
 * the event row sets — is answered from that read alone.
 */
export async function applyPaid(db: Db, e: PaidEvent): Promise<{ result: Applied; order?: Order }> {
  const order = await first(paidStatements(db).order.execute({ outTradeNo: e.outTradeNo }))
  const why = refusal(order, e)
  if (why || !order) return why ?? { result: 'refused' }
  if (order.transactionId === e.transactionId) return { result: 'duplicate', order }
  const applied = await creditOnce(db, e, order)
  if (applied.result === 'credited' && applied.order) await tellBuyer(db, applied.order)
  return applied
}

/** A report that does not fit the order it names: no such order, another account or channel, another amount. */
function refusal(order: Order | undefined, e: PaidEvent): { result: 'refused'; order?: Order } | undefined {
  if (!order || order.configId !== e.configId || order.channel !== e.provider) return { result: 'refused' }
  if (e.amount !== order.amount || !e.transactionId) return { result: 'refused', order }
  return undefined
}

/** Thrown inside the transaction to roll its event row back: the order was sent to another account meanwhile. */
class Rebound extends Error {}

/** The transaction itself: event row, conditional move, enrolment. */
async function creditOnce(db: Db, e: PaidEvent, order: Order): Promise<{ result: Applied; order?: Order }> {
  try {
    return await withTransaction(db, async (tx) => {
      const q = paidStatements(tx)
      const stamp = now()
      const taken = await q.takeEvent.execute({
        id: newId(),
        tenantId: order.tenantId,
        provider: e.provider,
        eventId: e.transactionId,
        orderId: order.id,
        amount: order.amount,
        stamp,
      })
      if (!taken.length) return { result: 'duplicate' as const, order }
      const moved = await q.markPaid.execute({
        id: order.id,
        transactionId: e.transactionId,
        stamp,
        configId: e.configId,
        channel: e.provider,
      })
      if (changed(moved) !== 1) {
        // Paid already under another transaction (the learner paid twice): the event is recorded, nothing is
        // credited. Sent to another account since the read: refused, and the event row goes with the rollback.
        if (refusal(await first(q.order.execute({ outTradeNo: e.outTradeNo })), e)) throw new Rebound()
        return { result: 'duplicate' as const, order }
      }
      await q.enrol.execute({
        id: newId(),
        tenantId: order.tenantId,
        courseId: order.itemId,
        userId: order.userId,
        stamp,
      })
      return {
        result: 'credited' as const,
        order: { ...order, status: ORDER.paid, transactionId: e.transactionId, paidTime: stamp },
      }
    })
  } catch (err) {
    if (err instanceof Rebound) return { result: 'refused' }
    throw err
  }
}

/**
 * After the commit, the buyer's open pay page hears of it on their live queue and shows them enrolled at once
 * (it polls checkOrderStatus too: a push is QoS 0 and may be missed). A broker that is down changes nothing here.
 */
async function tellBuyer(db: Db, order: Order) {
  try {
    await payServices(db).mqtt?.publish(userInbox(order.userId), {
      type: 'pay',
      orderId: order.id,
      status: order.status,
    })
  } catch (e) {
    payServices(db).log.warn({ err: e, orderId: order.id }, 'pay: the live push of a payment failed')
  }
}

/**
 * A refund the provider reports done, applied once (the (provider, refund id) event row): the refund succeeds, the
 * order's refunded sum grows, and the order leaves refunding — refunded (and the enrolment ends) when all of it
 * went back, paid again after a partial refund. The refund row's own conditional move makes a second report a no-op.
 */
export async function applyRefunded(
  db: Db,
  e: { provider: Provider; outRefundNo: string; refundId: string; amount: number | null },
): Promise<Applied> {
  return withTransaction(db, async (tx) => {
    const refund = await first(tx.select().from(payRefund).where(eq(payRefund.outRefundNo, e.outRefundNo)))
    if (!refund || e.amount !== refund.amount || !e.refundId) return 'refused' as const
    const order = await first(tx.select().from(payOrder).where(eq(payOrder.id, refund.orderId)))
    if (!order || order.channel !== e.provider) return 'refused' as const
    const taken = await tx
      .insert(payEvent)
      .values({
        id: newId(),
        tenantId: order.tenantId,
        provider: e.provider,
        kind: 'refund',
        eventId: e.refundId,
        orderId: order.id,
        amount: refund.amount,
        createTime: now(),
      })
      .onConflictDoNothing()
      .returning({ id: payEvent.id })
    if (!taken.length) return 'duplicate' as const
    const stamp = now()
    const settled = changed(
      await tx
        .update(payRefund)
        .set({ status: REFUND.succeeded, refundId: e.refundId, refundTime: stamp, updateTime: stamp })
        .where(and(eq(payRefund.id, refund.id), eq(payRefund.status, REFUND.processing))),
    )
    if (!settled) return 'duplicate' as const
    const full = order.refundedAmount + refund.amount >= order.amount
    await tx
      .update(payOrder)
      .set({
        refundedAmount: sql`${payOrder.refundedAmount} + ${refund.amount}`,
        status: full ? ORDER.refunded : ORDER.paid,
        updateTime: stamp,
      })
      .where(and(eq(payOrder.id, order.id), eq(payOrder.status, ORDER.refunding)))
    if (full)
      await tx
        .update(courseUser)
        .set({ isDeleted: 1, updateTime: stamp })
        .where(
          and(
            tenantRows(courseUser, order.tenantId, { why: 'a full refund ends the enrolment the order bought' }),
            eq(courseUser.courseId, order.itemId),
            eq(courseUser.userId, order.userId),
          ),
        )
    return 'credited' as const
  })
}
