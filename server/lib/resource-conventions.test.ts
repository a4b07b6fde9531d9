/**
 * The factory's conventions beyond CRUD, on real resources and a real SQLite
 * file: actions (routes with button codes, operations gated like them, rows in
 * scope, checked bodies), side effects only after a commit, and hand-written
 * queries that keep the data scope unless they say otherwise.
 */
import { describe, expect, it, onTestFinished } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { param, role, roleScope, scopeData, user } from '../../db/schema/index.ts'
import { newId } from './ids.ts'
import { testApp } from '../../tests/support/harness.ts'
import { userResource } from '../modules/system/user.ts'
import { resolveCtx } from './auth-context.ts'
import { ApiError } from './errors.ts'
import { defineResource } from './resource.ts'
import { insideTransaction, transact } from './transaction.ts'
import { first } from './rows.ts'
import { probeResource } from '../../tests/support/probe-resource.ts'

const U = '/api/blade-system/user'

describe('resource conventions', async () => {
  const t = await testApp()
  const db = t.services.db
  const ctxOf = async (account: string, tenantId = '000000') =>
    resolveCtx(t.services, { 'blade-auth': `bearer ${await t.token(account, account, tenantId)}` })
  const idOf = async (account: string, tenantId = '000000') =>
    (await first(
      db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.account, account), eq(user.tenantId, tenantId))),
    ))!.id
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: ApiError) => ({ status: e.status, key: e.key, field: e.field }),
    )

  it('an action is a route tagged with its button code and an operation gated the same way', async () => {
    const route = t.app.routes.find((r) => r.method === 'POST' && r.path === `${U}/unlock`)
    expect(route, 'the unlock action is mounted at its contract path').toBeTruthy()
    const teacherId = await idOf('teacher')
    await db.update(user).set({ locked: 1, failCount: 5 }).where(eq(user.id, teacherId))

    // The CLI's way: an explicit actor. The system actor holds every code.
    expect(await userResource.ops.actions.unlock(t.system('000000'), { ids: [teacherId] })).toBe(1)
    expect(await first(db.select().from(user).where(eq(user.id, teacherId)))).toMatchObject({ locked: 0, failCount: 0 })

    // A student holds no button code: the operation refuses as the route does.
    const student = await ctxOf('student')
    expect(await refusal(userResource.ops.actions.unlock(student, { ids: [teacherId] }))).toMatchObject({ status: 403 })
    expect((await t.post(`${U}/unlock`, await t.token('student'), undefined, { userIds: teacherId })).status).toBe(403)

    // Another tenant's row is not there for this tenant's administrator (404), and bad ids name the field.
    const theirs = await idOf('admin', '100001')
    expect(await refusal(userResource.ops.actions.unlock(await ctxOf('admin'), { ids: [theirs] }))).toMatchObject({
      status: 404,
    })
    expect(await refusal(userResource.ops.actions.unlock(t.system(), { ids: 'x;1' }))).toMatchObject({
      status: 400,
      key: 'validation.idList',
      field: 'userIds',
    })
  })

  it("an action's body is checked against its schema: 400 naming the field, nothing changed", async () => {
    const admin = await t.token('admin')
    const teacherId = await idOf('teacher')
    const before = (await first(db.select({ roleId: user.roleId }).from(user).where(eq(user.id, teacherId))))!.roleId
    const r = await t.post(`${U}/grant`, admin, { userIds: teacherId, roleIds: { not: 'a list' } })
    expect(r.status).toBe(400)
    expect(r.body.field).toBe('roleIds')
    expect((await first(db.select({ roleId: user.roleId }).from(user).where(eq(user.id, teacherId))))!.roleId).toBe(
      before,
    )
  })

  it('a hand-written route over a data-scoped resource sees only rows within the caller’s data scope', async () => {
    // The seeded manager's data scope on system:user is its own department and below: only itself.
    const manager = await ctxOf('manager')
    const inScope = await db
      .select({ n: count() })
      .from(user)
      .where(await userResource.scope(manager))
    const tenantWide = await db
      .select({ n: count() })
      .from(user)
      .where(await userResource.scope(manager, { dataScope: false, why: 'the test compares both' }))
    expect(inScope[0].n).toBe(1)
    expect(tenantWide[0].n).toBeGreaterThan(3)
    // getUserTotal is hand-written (counts for the dashboard): it counts what the manager may see, no more.
    const total = await t.get(`${U}/getUserTotal`, await t.token('manager'))
    expect(total.status).toBe(200)
    expect(total.body.data.total).toBe(1)
    // The message recipient picker, also hand-written, lists only in-scope users too.
    const picker = await t.get('/api/blade-user/user-list', await t.token('manager'), { size: 100 })
    expect(picker.body.data.records.map((u: { account: string }) => u.account)).toEqual(['manager'])
  })

  it('hand-written pickers of other areas read users through the user resource’s data scope', async () => {
    const teacher = await t.token('teacher')
    const tree = async () =>
      (await t.get('/api/hm-examGroup/examGroup/student-tree', teacher)).body.data as { children: unknown[] }[]
    const before = await tree()
    expect(before.flatMap((c) => c.children).length).toBeGreaterThan(0)
    // Limit the teacher to users of its own department (a faculty: no students in it), as an admin would.
    const teacherRole = (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.roleAlias, 'teacher'), eq(role.tenantId, '000000'))),
    ))!
    const ownDept = (await first(
      db
        .select()
        .from(scopeData)
        .where(
          and(eq(scopeData.tenantId, '000000'), eq(scopeData.resourceCode, 'system:user'), eq(scopeData.scopeType, 3)),
        ),
    ))!
    const grant = (await first(
      db
        .insert(roleScope)
        .values({ id: newId(), roleId: teacherRole.id, scopeId: ownDept.id, scopeCategory: 1 })
        .returning(),
    ))!
    try {
      expect(await tree()).toEqual([])
    } finally {
      await db.delete(roleScope).where(eq(roleScope.id, grant.id))
    }
    expect(await tree()).toEqual(before)
  })

  describe('side effects happen only after the commit', () => {
    const announced: string[] = []
    let seenInTransaction: boolean | undefined
    // A resource over a real table, declared as an area would: afterWrite writes inside, afterCommit announces outside.
    const probe = probeResource(
      defineResource({
        table: param,
        path: '/api/test-probe/param',
        code: 'system:param',
        async beforeWrite(_ctx, w) {
          await Promise.resolve()
          if (w.values.paramValue === 'refused-before') throw new ApiError(400, 'validation.invalid', { field: 'x' })
        },
        afterWrite(_ctx, w) {
          if (w.values.paramValue === 'boom') throw new ApiError(409, 'validation.invalid', { field: 'paramValue' })
        },
        async afterCommit(ctx, w, row) {
          await new Promise((r) => setTimeout(r, 5))
          seenInTransaction = insideTransaction(ctx.db)
          announced.push(`${w.op}:${row?.paramKey ?? w.before[0]?.paramKey}`)
        },
      }),
    )
    const stored = async (key: string) => await first(db.select().from(param).where(eq(param.paramKey, key)))

    it('a committed write is announced afterwards, outside the transaction, with the stored row', async () => {
      const row = await probe.ops.submit(t.system(), { paramName: 'p', paramKey: 'probe.ok', paramValue: '1' })
      expect(announced).toEqual(['insert:probe.ok'])
      expect(seenInTransaction).toBe(false)
      await probe.ops.remove(t.system(), row.id)
      expect(announced).toEqual(['insert:probe.ok', 'remove:probe.ok'])
    })

    it('a write that rolls back announces nothing and leaves nothing', async () => {
      announced.length = 0
      const e = await refusal(
        probe.ops.submit(t.system(), { paramName: 'p', paramKey: 'probe.boom', paramValue: 'boom' }),
      )
      expect(e).toMatchObject({ status: 409 })
      expect(await stored('probe.boom')).toBeUndefined()
      await refusal(probe.ops.submit(t.system(), { paramName: 'p', paramKey: 'probe.r', paramValue: 'refused-before' }))
      expect(await stored('probe.r')).toBeUndefined()
      expect(announced).toEqual([])
    })

    it('an async hook inside the transaction is awaited before the commit: its failure rolls the row back', async () => {
      const awaiting = probeResource(
        defineResource({
          table: param,
          path: '/api/test-probe/awaiting',
          code: 'system:param',
          async afterWrite(_ctx, w, tx) {
            await tx.select({ n: count() }).from(param)
            if (w.values.paramValue === 'late-boom')
              throw new ApiError(409, 'validation.invalid', { field: 'paramValue' })
          },
        }),
        onTestFinished,
      )
      const e = await refusal(
        awaiting.ops.submit(t.system(), { paramName: 'p', paramKey: 'probe.async', paramValue: 'late-boom' }),
      )
      expect(e).toMatchObject({ status: 409 })
      expect(await stored('probe.async')).toBeUndefined()
      await awaiting.ops.submit(t.system(), { paramName: 'p', paramKey: 'probe.async.ok', paramValue: '1' })
      expect(await stored('probe.async.ok')).toBeTruthy()
    })

    it('transact(): what a failed body queued never runs; a failing side effect leaves the commit standing', async () => {
      const ran: string[] = []
      await expect(
        transact(t.system(), async (tx, after) => {
          await tx
            .insert(param)
            .values({ id: '990001', paramName: 'x', paramKey: 'probe.tx', paramValue: '1', tenantId: '000000' })

          after(() => ran.push('never'))
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      expect(await stored('probe.tx')).toBeUndefined()
      const errors: unknown[] = []
      await transact(
        t.system(),
        async (tx, after) => {
          await tx
            .insert(param)
            .values({ id: '990002', paramName: 'x', paramKey: 'probe.tx2', paramValue: '1', tenantId: '000000' })

          after(() => {
            throw new Error('broker away')
          })
          after(() => ran.push('second'))
        },
        (e) => errors.push(e),
      )
      expect(ran).toEqual(['second'])
      expect(errors).toHaveLength(1)
      expect(await stored('probe.tx2')).toBeTruthy()
    })
  })
})
