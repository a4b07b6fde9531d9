import { and, eq, inArray, sql } from 'drizzle-orm'
import { courseUser, payEvent, payOrder, payRefund } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { first, changed } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction, type Tx } from '../../lib/transaction.ts'
import { SOURCE } from '../course/enrolment.ts'

/** Order status (blade_pay_order.status, dictionary pay_order_status). */
export const ORDER = { pending: 0, paid: 1, refunding: 2, refunded: 3, closed: 4 } as const
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
 * nothing — then the order moves pending/closed → paid conditionally on the state it had, and the learner is
 * enrolled. A report for an unknown order, another config, or a different amount is refused and changes nothing.
 */
export async function applyPaid(db: Db, e: PaidEvent): Promise<{ result: Applied; order?: Order }> {
  return withTransaction(db, async (tx) => {
    const order = await first(tx.select().from(payOrder).where(eq(payOrder.outTradeNo, e.outTradeNo)))
    if (!order || order.configId !== e.configId || order.channel !== e.provider) return { result: 'refused' as const }
    if (e.amount !== order.amount || !e.transactionId) return { result: 'refused' as const, order }
    const taken = await tx
      .insert(payEvent)
      .values({
        id: newId(),
        tenantId: order.tenantId,
        provider: e.provider,
        kind: 'pay',
        eventId: e.transactionId,
        orderId: order.id,
        amount: e.amount,
        createTime: now(),
      })
      .onConflictDoNothing()
      .returning({ id: payEvent.id })
    if (!taken.length) return { result: 'duplicate' as const, order }
    const stamp = now()
    const moved = changed(
      await tx
        .update(payOrder)
        .set({
          status: ORDER.paid,
          transactionId: e.transactionId,
          paidTime: stamp,
          closeTime: null,
          updateTime: stamp,
        })
        .where(and(eq(payOrder.id, order.id), inArray(payOrder.status, [ORDER.pending, ORDER.closed]))),
    )
    // Paid already under another transaction (the learner paid twice): the event is recorded, nothing is credited.
    if (!moved) return { result: 'duplicate' as const, order }
    await enrolPaid(tx, order, stamp)
    return { result: 'credited' as const, order: { ...order, status: ORDER.paid, transactionId: e.transactionId } }
  })
}

/** Enrols the buyer, approved: one row per learner and course, a removed or rejected one reopened. */
async function enrolPaid(tx: Tx, order: Order, stamp: string) {
  await tx
    .insert(courseUser)
    .values({
      id: newId(),
      tenantId: order.tenantId,
      courseId: order.itemId,
      userId: order.userId,
      source: SOURCE.paid,
      status: 1,
      createUser: order.userId,
      createTime: stamp,
      updateUser: order.userId,
      updateTime: stamp,
    })
    .onConflictDoUpdate({
      target: [courseUser.tenantId, courseUser.courseId, courseUser.userId],
      set: { isDeleted: 0, status: 1, source: SOURCE.paid, updateUser: order.userId, updateTime: stamp },
    })
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
