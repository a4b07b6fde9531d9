/**
 * The learner's half of payments (issue #30): the portal's course page says the price, the user centre lists the
 * caller's own orders (state, amount in fen, what went back) and nobody else's, and an activation card of a batch
 * enrols exactly one of two learners redeeming it at the same moment.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { course, courseUser, dept, payOrder, role } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { ORDER } from './settle.ts'

const P = '/api/blade-pay'

describe("the learner's orders and cards", async () => {
  const t = await testApp()
  const db = t.services.db
  const admin = await t.token('admin')
  const student = await t.token('student')
  const other = await t.token('admin', 'admin', '100001')

  /** A second student of the school, in its first class. */
  async function learner(account: string) {
    const studentRole = (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'student'))),
    ))!
    const klass = (await first(db.select().from(dept).where(eq(dept.tenantId, '000000'))))!
    const made = await t.post('/api/blade-system/user/submit', admin, {
      account,
      password: account,
      realName: account,
      roleId: studentRole.id,
      deptId: klass.id,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return { token: await t.token(account), id: (await t.signIn(account)).user_id }
  }
  const second = await learner('buyer2')

  async function priced(price: number, type = 1) {
    const id = newId()
    await db
      .insert(course)
      .values({ id, tenantId: '000000', title: `付费课程 ${id.slice(-4)}`, type, price, status: 1, createTime: now() })
    return id
  }

  it('shows the price on the course page and refuses a sign-up to a priced course', async () => {
    const id = await priced(9900)
    const page = await t.get('/api/nop-wbp/course/detail', student, { id })
    expect(page.body.data).toMatchObject({ id, price: 9900, enrolStatus: null })
    const signUp = await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: id })
    expect([signUp.status, signUp.body.field]).toEqual([400, 'courseId'])
  })

  it("lists the caller's own orders, newest first, with state, amount and what was refunded — nobody else's", async () => {
    const camp = await priced(1990, 2)
    const placed = await t.post(`${P}/order/submit`, student, { itemType: 'camp', itemId: camp })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const o = placed.body.data as { id: string; outTradeNo: string }
    // A paid and partly refunded order, as a verified payment and a refund would leave it.
    const refundedOrder = await priced(5000)
    const paidId = newId()
    await db.insert(payOrder).values({
      id: paidId,
      tenantId: '000000',
      status: ORDER.paid,
      outTradeNo: `A${paidId}`,
      itemType: 'course',
      itemId: refundedOrder,
      itemName: '已付课程',
      userId: (await t.signIn('student')).user_id,
      amount: 5000,
      refundedAmount: 1200,
      channel: 'wxpay',
      payType: 'native',
      expireTime: now(),
      createTime: '2000-01-01 00:00:00',
    })
    const mine = await t.get(`${P}/order/my`, student, { size: 100 })
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    const rows = mine.body.data.records as Record<string, unknown>[]
    expect(rows[0]).toMatchObject({ id: o.id, status: ORDER.pending, amount: 1990, itemType: 'camp' })
    expect(rows.find((r) => r.id === paidId)).toMatchObject({ status: ORDER.paid, amount: 5000, refundedAmount: 1200 })
    // Never the config, the learner or the provider's transaction.
    expect(Object.keys(rows[0])).not.toEqual(expect.arrayContaining(['configId']))
    expect(rows[0]).not.toHaveProperty('userId')
    expect(rows[0]).not.toHaveProperty('transactionId')
    expect((await t.get(`${P}/order/my`, student, { status: String(ORDER.paid) })).body.data.records).toEqual([
      expect.objectContaining({ id: paidId }),
    ])

    // Another learner of the school, another school's account, and a guest see none of them.
    const theirs = (await t.get(`${P}/order/my`, second.token, { size: 100 })).body.data.records as { id: string }[]
    expect(theirs.map((r) => r.id)).not.toContain(o.id)
    expect(theirs.map((r) => r.id)).not.toContain(paidId)
    expect((await t.get(`${P}/order/my`, other, { size: 100 })).body.data.records).toEqual([])
    expect((await t.get(`${P}/order/my`, undefined)).status).toBe(401)
    expect((await t.get(`${P}/order/checkOrderStatus`, second.token, { outTradeNo: o.outTradeNo })).status).toBe(404)
    // The staff list is not the learner's way in.
    expect((await t.get(`${P}/order/list`, student)).status).toBe(403)
  })

  it('lets one of two learners redeeming the same card at once win it, and enrols only that one', async () => {
    const id = await priced(3000)
    const gen = await t.post('/api/hm-courseCard/courseCard/generate', admin, { courseId: id, count: 3 })
    expect(gen.status, JSON.stringify(gen.body)).toBe(200)
    const cards = (await t.get('/api/hm-courseCard/courseCard/page', admin, { batchNo: gen.body.data.batchNo })).body
      .data.records as { cardNumber: string }[]
    const number = cards[0].cardNumber
    const third = await learner('buyer3')
    const answers = await Promise.all(
      [student, second.token, third.token].map((token) =>
        t.get('/api/nep-wbp/courseCard/useCard', token, { cardNumber: number }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400])
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.field).toBe('cardNumber')
    const enrolled = await db
      .select()
      .from(courseUser)
      .where(and(eq(courseUser.courseId, id), eq(courseUser.isDeleted, 0)))
    expect(enrolled).toHaveLength(1)
    expect(enrolled[0].status).toBe(1)
    // A card of one school opens nothing in another.
    expect((await t.get('/api/nep-wbp/courseCard/useCard', other, { cardNumber: cards[1].cardNumber })).status).toBe(
      400,
    )
  })
})
