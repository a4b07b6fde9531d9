import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { courseUser, user } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { courseUserResource, enrolStates } from '../modules/course/enrolment.ts'
import { closeDb, openDatabase } from './db.ts'
import { ApiError } from './errors.ts'
import { transact } from './transaction.ts'
import { first } from './rows.ts'

const C = '/api/hm-course/course'
const U = '/api/hm-courseUser/courseUser'

/**
 * A resource's state machine, through the enrolment review (pending → approved | rejected; rejected → pending |
 * approved; approved is final): checked inside the write's transaction, conditional on the state read.
 */
describe('state machine on a status column (enrolment review)', async () => {
  const t = await testApp()
  const db = t.services.db
  const status = async (id: string) =>
    (await first(db.select({ s: courseUser.status }).from(courseUser).where(eq(courseUser.id, id))))!.s
  const userId = async (account: string) =>
    (await first(
      db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.account, account), eq(user.tenantId, '000000'))),
    ))!.id

  /** A course needing approval and a pending enrolment of `account` in it. */
  async function pending(account = 'student') {
    const admin = await t.token('admin')
    const course = (await t.post(`${C}/submit`, admin, { title: `审核 ${Math.random()}`, isAuth: 1 })).body.data
    const row = await courseUserResource.ops.submit(t.system(), {
      courseId: course.id,
      userId: await userId(account),
      status: 0,
    })
    expect(row.status).toBe(0)
    return { admin, id: row.id }
  }
  const verify = (token: string, ids: string, s: number, lang: 'zh' | 'en' = 'en') =>
    t.call('POST', `${U}/verify`, { token, query: { ids, status: s }, lang })

  it('allows the declared moves and refuses the others with a 409 naming both states (zh/en)', async () => {
    const { admin, id } = await pending()
    expect((await verify(admin, id, 2)).status).toBe(200)
    expect(await status(id)).toBe(2)
    expect((await verify(admin, id, 1)).status).toBe(200)
    // Staying put is no move: approving an approved enrolment again is a no-op.
    expect((await verify(admin, id, 1)).status).toBe(200)
    const en = await verify(admin, id, 2)
    expect(en.status).toBe(409)
    expect(en.body).toMatchObject({ code: 409, success: false, field: 'status' })
    expect(en.body.msg).toBe(
      'the review is now "Approved" and cannot become "Rejected" (someone may have changed it: refresh and try again)',
    )
    expect((await verify(admin, id, 2, 'zh')).body.msg).toBe(
      '审核状态已是「已通过」，不能改为「已驳回」（可能已被他人处理，请刷新后重试）',
    )
    expect(await status(id)).toBe(1)
    // The generated submit goes through the same machine.
    const back = await t.post(`${U}/submit`, admin, { id, status: 0 })
    expect(back.status).toBe(409)
    expect(await status(id)).toBe(1)
  })

  it('answers 400 naming the field for a value that is no state, or no starting state on insert', async () => {
    const { admin, id } = await pending()
    const bad = await t.post(`${U}/submit`, admin, { id, status: 7 })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('status')
    const course = (await t.post(`${C}/submit`, admin, { title: '起始状态', isAuth: 1 })).body.data
    const rejectedAtOnce = await t.post(`${U}/submit`, admin, {
      courseId: course.id,
      userId: await userId('teacher'),
      status: 2,
    })
    expect(rejectedAtOnce.status).toBe(400)
    expect(rejectedAtOnce.body.field).toBe('status')
    // Numeric strings convert as for any integer column.
    expect((await t.post(`${U}/submit`, admin, { id, status: '2' })).body.data.status).toBe(2)
  })

  it('two reviews of one pending enrolment at once: one succeeds, the other is a 409, the winner stands', async () => {
    // Both reviewers decided on the pending state they read (verify's `from`). Through HTTP the two calls may not
    // overlap at all — a reject that commits before the approve reads the row makes the approve a legal second
    // review (rejected → approved) — so the race is run here, both moves in flight at once from the state both saw.
    const { id } = await pending()
    const review = (to: 1 | 2) =>
      transact(t.system(), (tx) => enrolStates.move(tx, t.system(), id, to, { from: 0 })).then(
        () => 200,
        (e: unknown) => (e instanceof ApiError ? e.status : 500),
      )
    const answers = await Promise.all([review(1), review(2)])
    expect([...answers].sort()).toEqual([200, 409])
    expect(await status(id)).toBe(answers[0] === 200 ? 1 : 2)
  })

  it('a batch is all or none: one enrolment that moved on refuses the whole review', async () => {
    const a = await pending('student')
    const b = await pending('teacher')
    expect((await verify(a.admin, b.id, 1)).status).toBe(200)
    expect((await verify(a.admin, `${a.id},${b.id}`, 2)).status).toBe(409)
    expect(await status(a.id)).toBe(0)
    expect(await status(b.id)).toBe(1)
  })

  it('ops.transition with `from`: a row another process moved since it was read is a 409', async () => {
    const { id } = await pending()
    const ctx = t.system()
    const seen = await status(id)
    // Another process (its own connection to the same database) approves it in between.
    const other = openDatabase(t.services.config)
    try {
      await other.update(courseUser).set({ status: 1 }).where(eq(courseUser.id, id))
    } finally {
      await closeDb(other)
    }
    const stale = await courseUserResource.ops.transition(ctx, id, 2, { from: seen }).catch((e) => e)
    expect(stale).toBeInstanceOf(ApiError)
    expect(stale.status).toBe(409)
    expect(await status(id)).toBe(1)
    // Without `from`, staying approved is a no-op; with the state it really has, the move is checked as usual.
    expect((await courseUserResource.ops.transition(ctx, id, 1, { from: 1 })).status).toBe(1)
  })

  it('the update is conditional on the state read: a commit slipping in between (PostgreSQL, READ COMMITTED) is a 409', async () => {
    const { id } = await pending()
    const err = await transact(t.system(), async (tx) => {
      const stateWas = await enrolStates.guard(tx, id, 1)
      // What another transaction's commit looks like to this one between the read and the write.
      await tx.update(courseUser).set({ status: 2 }).where(eq(courseUser.id, id))
      const moved = await first(
        tx
          .update(courseUser)
          .set({ status: 1 })
          .where(and(eq(courseUser.id, id), stateWas))
          .returning({ id: courseUser.id }),
      )
      return moved ? undefined : await enrolStates.conflict(tx, id, 1)
    })
    expect(err?.status).toBe(409)
    expect(await status(id)).toBe(2)
  })

  it('describes the states in the submit bodies (and so in the OpenAPI document)', async () => {
    const props = (s: unknown) =>
      (s as { properties: Record<string, { anyOf?: { const: number }[]; description?: string }> }).properties
    expect(props(courseUserResource.schemas.insert).status.anyOf!.map((x) => x.const)).toEqual([1, 0])
    expect(props(courseUserResource.schemas.update).status.anyOf!.map((x) => x.const)).toEqual([0, 1, 2])
    expect(props(courseUserResource.schemas.update).status.description).toBe('states: 0 → 1, 2; 1 → (final); 2 → 0, 1')
  })
})
