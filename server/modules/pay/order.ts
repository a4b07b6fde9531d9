import { Type as t } from '@sinclair/typebox'
import { and, desc, eq, gt } from 'drizzle-orm'
import { orderFields } from '../../../db/fields/pay.ts'
import { course, courseUser, payOrder } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest, conflict } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { stateMachine } from '../../lib/resource-states.ts'
import { first } from '../../lib/rows.ts'
import { ownRows, publicRows } from '../../lib/tenant-rows.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import './messages.ts'
import { ORDER, type Order } from './settle.ts'
import { refreshOrder } from './reconcile.ts'
import { mergeCalls, payCalls } from './calls.ts'
import { ownOrder } from './own-order.ts'
import { ordersCsv } from './order-export.ts'

/** How long a learner has to pay an order before the reconciliation closes it. */
export const ORDER_MINUTES = 30
const ITEM_TYPES = { course: 1, camp: 2 } as const

/**
 * An order's life: pending → paid (a verified payment) or closed (expired); paid → refunding (a refund asked) →
 * refunded (all of it went back) or paid again (a partial refund). A payment reported for a closed order still
 * counts — the money was taken — so closed → paid is a move too.
 */
export const orderStates = stateMachine(payOrder, {
  column: 'status',
  initial: [ORDER.pending],
  transitions: {
    [ORDER.pending]: [ORDER.paid, ORDER.closed],
    [ORDER.paid]: [ORDER.refunding],
    [ORDER.refunding]: [ORDER.paid, ORDER.refunded],
    [ORDER.refunded]: [],
    [ORDER.closed]: [ORDER.paid],
  },
  field: orderFields.status,
})

/** A learner's order for a priced course or camp of the school: the price it has now, 30 minutes to pay. */
async function placeOrder(ctx: Ctx, body: { itemType?: unknown; itemId?: unknown }): Promise<Order> {
  const type = ITEM_TYPES[body.itemType as keyof typeof ITEM_TYPES]
  if (!type) throw badRequest('validation.invalid', { field: 'itemType' }, 'itemType')
  if (typeof body.itemId !== 'string' || !/^\d{1,20}$/.test(body.itemId))
    throw badRequest('validation.id', { field: 'itemId' }, 'itemId')
  const item = await first(
    ctx.db
      .select({ id: course.id, title: course.title, price: course.price, type: course.type })
      .from(course)
      .where(
        and(
          publicRows(course, ctx.actor.tenantId, { why: 'a learner buys what the school lists on its portal' }),
          eq(course.status, 1),
          eq(course.id, body.itemId),
          eq(course.type, type),
        ),
      ),
  )
  if (!item) throw badRequest('pay.itemMissing', {}, 'itemId')
  if (item.price <= 0) throw badRequest('pay.free', {}, 'itemId')
  const enrolled = await first(
    ctx.db
      .select({ id: courseUser.id })
      .from(courseUser)
      .where(and(ownRows(courseUser, ctx), eq(courseUser.courseId, item.id), eq(courseUser.status, 1))),
  )
  if (enrolled) throw conflict('pay.enrolled')
  // A second click on the enrol button answers the order still open rather than a second one.
  const open = await first(
    ctx.db
      .select()
      .from(payOrder)
      .where(
        and(
          ownRows(payOrder, ctx),
          eq(payOrder.itemId, item.id),
          eq(payOrder.status, ORDER.pending),
          eq(payOrder.amount, item.price),
          gt(payOrder.expireTime, now()),
        ),
      ),
  )
  if (open) return open
  const stamp = now()
  const row = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    status: ORDER.pending,
    isDeleted: 0,
    outTradeNo: `A${newId()}`,
    itemType: String(body.itemType),
    itemId: item.id,
    itemName: item.title,
    userId: ctx.actor.userId,
    amount: item.price,
    refundedAmount: 0,
    channel: null,
    payType: null,
    configId: null,
    transactionId: null,
    paidTime: null,
    expireTime: formatDateTime(new Date(Date.now() + ORDER_MINUTES * 60_000)),
    closeTime: null,
    remark: null,
    createUser: ctx.actor.userId,
    createDept: ctx.actor.deptIds[0] ?? null,
    createTime: stamp,
    updateUser: ctx.actor.userId,
    updateTime: stamp,
  }
  await ctx.db.insert(payOrder).values(row)
  return row
}

/** What a page polling an order needs: its state and whether the learner is in now. */
const statusOf = (o: Order) => ({
  id: o.id,
  outTradeNo: o.outTradeNo,
  status: o.status,
  paid: o.status === ORDER.paid || o.status === ORDER.refunding,
  amount: o.amount,
  itemType: o.itemType,
  itemId: o.itemId,
  paidTime: o.paidTime,
  expireTime: o.expireTime,
})

/** What a learner sees of their own order: never the config, the learner id or the provider's internals. */
const MY_ORDER = [
  'id',
  'status',
  'createTime',
  'outTradeNo',
  'itemType',
  'itemId',
  'itemName',
  'amount',
  'refundedAmount',
  'channel',
  'payType',
  'paidTime',
  'expireTime',
  'closeTime',
]

const idText = t.Optional(t.String({ maxLength: 64 }))

/**
 * Orders (blade-pay/order): staff list, read and remove the school's (closed ones only: a paid order is an
 * accounting record); a learner places one (submit) and polls it (checkOrderStatus), which asks the provider when
 * the order is still pending — the same path the reconciliation job takes.
 */
export const orderResource = defineResource({
  table: payOrder,
  path: '/api/blade-pay/order',
  code: 'pay:order',
  search: ['outTradeNo', 'itemName', 'transactionId'],
  filters: ['status', 'itemType', 'itemId', 'userId', 'channel', 'payType'],
  dates: ['createTime', 'paidTime'],
  fields: orderFields,
  states: orderStates,
  skip: ['submit'],
  views: [
    // The user centre's "my orders": the caller's own, newest first, with what went back of each (refunds).
    {
      path: '/api/blade-pay/order',
      why: "a learner's own orders",
      own: true,
      fields: MY_ORDER,
      routes: ['list'],
      paths: { list: '/my' },
      filters: ['status'],
      orderBy: (c) => [desc(c.createTime), desc(c.id)],
    },
  ],
  actions: {
    submit: {
      button: SIGNED_IN,
      body: { id: idText, itemType: t.Optional(t.String({ maxLength: 16 })), itemId: idText },
      // With an id, submit names an existing order, as everywhere: 404 when the caller cannot see it, and a placed
      // order is never edited.
      run: async (ctx, { body }) => {
        if (typeof body.id !== 'string' || !body.id) return placeOrder(ctx, body)
        await orderResource.ops.detail(ctx, body.id)
        throw conflict('pay.orderFixed')
      },
    },
    checkOrderStatus: {
      method: 'GET',
      button: SIGNED_IN,
      body: { id: idText, outTradeNo: idText },
      run: async (ctx, { query }) => statusOf(await refreshOrder(ctx.db, await ownOrder(ctx, query))),
    },
    // The list's filters (state, dates, item, learner) as a CSV file.
    export: {
      method: 'GET',
      button: 'export',
      run: async (ctx, { query }): Promise<Response> => ordersCsv(ctx, await orderResource.ops.all(ctx, query)),
    },
    ...payCalls,
    ...mergeCalls,
  },
  beforeWrite: (_ctx, w) => {
    if (w.op === 'remove' && w.before.some((r) => r.status !== ORDER.closed)) throw conflict('pay.removeClosed')
  },
})
