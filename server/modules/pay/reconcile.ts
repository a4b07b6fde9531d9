import { and, eq, isNull, lt, isNotNull } from 'drizzle-orm'
import { payOrder } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { defineJob, enqueue } from '../../lib/jobs.ts'
import { changed, first } from '../../lib/rows.ts'
import { defineSchedule } from '../../lib/schedules.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { accountOf } from './accounts.ts'
import { applyPaid, ORDER, type Order } from './settle.ts'
import { closeTrade, queryTrade } from './trades.ts'

/** Orders looked at per run: the job runs every minute, so a backlog drains over a few runs. */
const BATCH = 200

/**
 * Asks the provider about a pending order that was sent to it and applies a payment it reports, exactly as a
 * notification would (applyPaid: once). A provider that cannot be reached leaves the order as it was: the page
 * polls again, the job runs again.
 */
export async function refreshOrder(db: Db, order: Order): Promise<Order> {
  if (order.status !== ORDER.pending && order.status !== ORDER.closed) return order
  const account = await accountOf(db, order)
  if (!account) return order
  try {
    const trade = await queryTrade(db, account, order)
    if (!trade?.paid) return order
    await applyPaid(db, {
      provider: account.provider,
      configId: account.config.id,
      outTradeNo: order.outTradeNo,
      transactionId: trade.transactionId,
      amount: trade.amount,
    })
  } catch {
    return order
  }
  return (await first(db.select().from(payOrder).where(eq(payOrder.id, order.id)))) ?? order
}

/** Closes an order still pending (conditional: a payment that landed meanwhile wins). */
async function close(db: Db, id: string) {
  const stamp = now()
  return changed(
    await db
      .update(payOrder)
      .set({ status: ORDER.closed, closeTime: stamp, updateTime: stamp })
      .where(and(eq(payOrder.id, id), eq(payOrder.status, ORDER.pending))),
  )
}

/**
 * One reconciliation pass over every school (all tenants: the job works for each school, not for a caller): pending orders sent to a provider are queried (a lost notification
 * is found this way); expired ones are closed — at the provider first, so the learner can no longer pay a QR code
 * the appliance has given up on — and expired orders never sent anywhere are closed at once.
 */
export async function reconcile(db: Db): Promise<{ credited: number; closed: number }> {
  const stamp = now()
  let credited = 0
  let closed = 0
  const sent = await db
    .select()
    .from(payOrder)
    .where(and(notDeleted(payOrder), eq(payOrder.status, ORDER.pending), isNotNull(payOrder.configId)))
    .orderBy(payOrder.expireTime)
    .limit(BATCH)
  for (const o of sent) {
    const after = await refreshOrder(db, o)
    if (after.status === ORDER.paid) {
      credited++
      continue
    }
    if (o.expireTime >= stamp) continue
    const account = await accountOf(db, o)
    try {
      if (account) await closeTrade(db, account, o)
    } catch {
      continue // the provider is unreachable: close it at the next run, never behind the provider's back
    }
    closed += await close(db, o.id)
  }
  const never = await db
    .select({ id: payOrder.id })
    .from(payOrder)
    .where(
      and(
        notDeleted(payOrder),
        eq(payOrder.status, ORDER.pending),
        isNull(payOrder.configId),
        lt(payOrder.expireTime, stamp),
      ),
    )
    .limit(BATCH)
  for (const o of never) closed += await close(db, o.id)
  return { credited, closed }
}

/** A durable job (lease, retries) enqueued each minute by the schedule below: one pass across the processes. */
defineJob('pay.reconcile', async (job) => void (await reconcile(job.db)))
defineSchedule('pay.reconcile', '* * * * *', async (services) => void (await enqueue(services.db, 'pay.reconcile', {})))
