import { and, eq, inArray, sql } from 'drizzle-orm'
import { courseUser, payEvent, payOrder } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { bound, prepared } from '../../lib/prepared.ts'
import { SOURCE } from '../course/enrolment.ts'

/** Order status (blade_pay_order.status, dictionary pay_order_status). */
export const ORDER = { pending: 0, paid: 1, refunding: 2, refunded: 3, closed: 4 } as const

/**
 * What crediting a payment runs, compiled once per database handle (prepared.ts): every notification, retry and
 * duplicate of every order passes here, and building these queries anew each time cost more than running them.
 * Inside a transaction they are taken from its `tx`, so they run on its connection.
 */
export const paidStatements = (db: Db) =>
  prepared(db, 'pay.paid', (d) => ({
    order: d
      .select()
      .from(payOrder)
      .where(eq(payOrder.outTradeNo, sql.placeholder('outTradeNo')))
      .prepare(),
    // The (provider, kind, event id) row: a unique index, so only the first report of a payment inserts it.
    takeEvent: d
      .insert(payEvent)
      .values({
        id: sql.placeholder('id'),
        tenantId: sql.placeholder('tenantId'),
        provider: sql.placeholder('provider'),
        kind: 'pay',
        eventId: sql.placeholder('eventId'),
        orderId: sql.placeholder('orderId'),
        amount: sql.placeholder('amount'),
        createTime: sql.placeholder('stamp'),
      })
      .onConflictDoNothing()
      .returning({ id: payEvent.id })
      .prepare(),
    // Conditional on the state the order had — pending, or closed (the money was taken even so) — and on the order
    // being still bound to the account and channel that reported the payment (a pending order may be sent elsewhere).
    markPaid: d
      .update(payOrder)
      .set({
        status: ORDER.paid,
        transactionId: bound('transactionId'),
        paidTime: bound('stamp'),
        closeTime: null,
        updateTime: bound('stamp'),
      })
      .where(
        and(
          eq(payOrder.id, sql.placeholder('id')),
          inArray(payOrder.status, [ORDER.pending, ORDER.closed]),
          eq(payOrder.configId, sql.placeholder('configId')),
          eq(payOrder.channel, sql.placeholder('channel')),
        ),
      )
      .prepare(),
    // One enrolment per learner and course: a removed or rejected one is reopened, approved, as paid.
    enrol: d
      .insert(courseUser)
      .values({
        id: sql.placeholder('id'),
        tenantId: sql.placeholder('tenantId'),
        courseId: sql.placeholder('courseId'),
        userId: sql.placeholder('userId'),
        source: SOURCE.paid,
        status: 1,
        createUser: sql.placeholder('userId'),
        createTime: sql.placeholder('stamp'),
        updateUser: sql.placeholder('userId'),
        updateTime: sql.placeholder('stamp'),
      })
      .onConflictDoUpdate({
        target: [courseUser.tenantId, courseUser.courseId, courseUser.userId],
        set: {
          isDeleted: 0,
          status: 1,
          source: SOURCE.paid,
          updateUser: sql`excluded.update_user`,
          updateTime: sql`excluded.update_time`,
        },
      })
      .prepare(),
  }))
