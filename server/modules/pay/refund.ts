import { Type as t } from '@sinclair/typebox'
import { and, eq } from 'drizzle-orm'
import { refundFields } from '../../../db/fields/pay.ts'
import { fenToYuan } from '../../../db/fields/types.ts'
import { payOrder, payRefund } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { badRequest, conflict, notFound } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineJob, enqueue } from '../../lib/jobs.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { scope } from '../../lib/scope.ts'
import { now } from '../../lib/time.ts'
import { transact, withTransaction } from '../../lib/transaction.ts'
import { accountOf } from './accounts.ts'
import './messages.ts'
import { orderStates } from './order.ts'
import { applyRefunded, ORDER, REFUND } from './settle.ts'
import { refundTrade } from './trades.ts'

/**
 * Refunds (blade-pay/refund): staff refund part or all of a paid order with a reason. The order moves paid →
 * refunding in the transaction that records the refund and enqueues the provider call, so one refund is in flight
 * per order and the call survives a restart; the provider's answer (Alipay) or notification (WeChat Pay) settles it
 * through applyRefunded, once.
 */
export const refundResource = defineResource({
  table: payRefund,
  path: '/api/blade-pay/refund',
  code: 'pay:refund',
  search: ['outRefundNo', 'reason', 'refundId'],
  filters: ['orderId', 'status'],
  dates: ['createTime', 'refundTime'],
  fields: refundFields,
  skip: ['submit', 'remove'],
  actions: {
    submit: {
      button: 'add',
      body: {
        id: t.Optional(t.String({ maxLength: 32 })),
        orderId: t.Optional(t.String({ maxLength: 32 })),
        amount: t.Optional(t.Integer({ error: 'pay.refundAmountType' })),
        reason: t.Optional(t.String({ maxLength: 255 })),
      },
      messages: { orderId: 'validation.id', reason: 'pay.reason' },
      run: async (ctx, { body }) => {
        // With an id, submit names an existing refund, as everywhere: 404 when the caller cannot see it; a refund
        // sent to the provider is never edited.
        if (typeof body.id === 'string' && body.id) {
          await refundResource.ops.detail(ctx, body.id)
          throw conflict('pay.refundFixed')
        }
        if (typeof body.orderId !== 'string' || !/^\d{1,20}$/.test(body.orderId))
          throw badRequest('validation.id', { field: 'orderId' }, 'orderId')
        if (typeof body.reason !== 'string' || !body.reason.trim()) throw badRequest('pay.reason', {}, 'reason')
        // The refunds menu's own data scope bounds the orders it may refund (the orders menu may be another role's).
        const where = await scope(payOrder, ctx, { code: 'pay:refund' })
        return transact(ctx, async (tx) => {
          const order = await first(
            tx
              .select()
              .from(payOrder)
              .where(and(where, eq(payOrder.id, body.orderId as string))),
          )
          if (!order) throw notFound()
          if (order.status !== ORDER.paid) throw badRequest('pay.refundState', {}, 'orderId')
          const left = order.amount - order.refundedAmount
          const amount = body.amount as number | undefined
          if (typeof amount !== 'number' || amount < 1 || amount > left)
            throw badRequest('pay.refundAmount', { max: fenToYuan(left) }, 'amount')
          await orderStates.move(tx, ctx, order.id, ORDER.refunding, { from: ORDER.paid })
          const stamp = now()
          const row = {
            id: newId(),
            tenantId: order.tenantId,
            status: REFUND.processing,
            isDeleted: 0,
            orderId: order.id,
            outRefundNo: `R${newId()}`,
            amount,
            reason: (body.reason as string).trim(),
            refundId: null,
            refundTime: null,
            remark: null,
            createUser: ctx.actor.userId,
            createDept: ctx.actor.deptIds[0] ?? null,
            createTime: stamp,
            updateUser: ctx.actor.userId,
            updateTime: stamp,
          }
          await tx.insert(payRefund).values(row)
          await enqueue(tx, 'pay.refund', { id: row.id }, { tenantId: order.tenantId, ref: row.id, maxAttempts: 5 })
          return row
        })
      },
    },
  },
})

/** A refund the provider refused for good: the refund fails and the order is paid again (nothing went back). */
export async function failRefund(db: Db, refundId: string) {
  await withTransaction(db, async (tx) => {
    const r = await first(tx.select().from(payRefund).where(eq(payRefund.id, refundId)))
    if (!r || r.status !== REFUND.processing) return
    await tx
      .update(payRefund)
      .set({ status: REFUND.failed, updateTime: now() })
      .where(and(eq(payRefund.id, r.id), eq(payRefund.status, REFUND.processing)))
    await tx
      .update(payOrder)
      .set({ status: ORDER.paid, updateTime: now() })
      .where(and(eq(payOrder.id, r.orderId), eq(payOrder.status, ORDER.refunding)))
  })
}

/** The provider call of a refund, after its row committed; retried with backoff, failed for good on the last try. */
defineJob<{ id: string }>(
  'pay.refund',
  async (job) => {
    const r = await first(job.db.select().from(payRefund).where(eq(payRefund.id, job.payload.id)))
    if (!r || r.status !== REFUND.processing) return
    const order = await first(job.db.select().from(payOrder).where(eq(payOrder.id, r.orderId)))
    const account = order && (await accountOf(job.db, order))
    if (!order || !account) return failRefund(job.db, r.id)
    try {
      const answer = await refundTrade(job.db, account, order, r.outRefundNo, r.amount, r.reason)
      if (answer.done)
        await applyRefunded(job.db, {
          provider: account.provider,
          outRefundNo: r.outRefundNo,
          refundId: answer.refundId,
          amount: r.amount,
        })
    } catch (e) {
      if (job.lastAttempt) return failRefund(job.db, r.id)
      throw e
    }
  },
  { backoffMs: 5_000 },
)
