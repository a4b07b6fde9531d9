import { and, eq } from 'drizzle-orm'
import { payOrder } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { first } from '../../lib/rows.ts'
import { ownRows } from '../../lib/tenant-rows.ts'
import type { Order } from './settle.ts'

/** The caller's own order by id or out-trade-no (another learner's is 404). */
export async function ownOrder(ctx: Ctx, q: { id?: unknown; outTradeNo?: unknown; orderId?: unknown }): Promise<Order> {
  const id = q.id ?? q.orderId
  const cond =
    typeof id === 'string' && id
      ? eq(payOrder.id, id)
      : typeof q.outTradeNo === 'string' && q.outTradeNo
        ? eq(payOrder.outTradeNo, q.outTradeNo)
        : undefined
  if (!cond) throw badRequest('validation.id', { field: 'id' }, 'id')
  const row = await first(
    ctx.db
      .select()
      .from(payOrder)
      .where(and(ownRows(payOrder, ctx), cond)),
  )
  if (!row) throw notFound()
  return row
}
