import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, permVersion, post, role, user, userDept, userPost, userRole } from '../../db/schema/index.ts'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { onPostgres } from '../../tests/support/engine.ts'
import { testApp } from '../../tests/support/harness.ts'
import type { PgDb } from './db.ts'
import { newId } from './ids.ts'
import { memberOf } from './membership.ts'
import { first } from './rows.ts'

const U = '/api/blade-system/user'

describe('membership: link tables behind the comma-joined columns', async () => {
  const t = await testApp()
  const db = t.services.db
  const live = async (table: typeof dept | typeof role | typeof post, tenantId = '000000') =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.isDeleted, 0)))
    ).map((r) => r.id)
  /** The user's links as [tenant, member] pairs, sorted. */
  const links = async (userId: string) => ({
    roles: (await db.select().from(userRole).where(eq(userRole.userId, userId)))
      .map((l) => `${l.tenantId}:${l.roleId}`)
      .sort(),
    depts: (await db.select().from(userDept).where(eq(userDept.userId, userId)))
      .map((l) => `${l.tenantId}:${l.deptId}`)
      .sort(),
    posts: (await db.select().from(userPost).where(eq(userPost.userId, userId)))
      .map((l) => `${l.tenantId}:${l.postId}`)
      .sort(),
  })
  const tagged = (tenantId: string, ids: string[]) => ids.map((id) => `${tenantId}:${id}`).sort()

  it('every seeded user has exactly the links its lists name', async () => {
    const users = await db.select().from(user)
    expect(users.length).toBeGreaterThan(3)
    const split = (s: string | null) => (s ?? '').split(',').filter(Boolean)
    for (const u of users)
      expect(await links(u.id)).toEqual({
        roles: tagged(u.tenantId, split(u.roleId)),
        depts: tagged(u.tenantId, split(u.deptId)),
        posts: tagged(u.tenantId, split(u.postId)),
      })
  })

  it('links follow the lists in the same write, whichever path changes the user', async () => {
    const admin = await t.token('admin')
    const [r1, r2] = await live(role)
    const [d1, d2] = await live(dept)
    const [p1, p2] = await live(post)
    const added = await t.post(`${U}/submit`, admin, {
      account: 'linked',
      name: 'Linked',
      realName: 'Linked',
      password: 'linked',
      password2: 'linked',
      roleId: `${r1},${r2}`,
      deptId: `${d1},${d2}`,
      postId: `${p1},${p2}`,
    })
    expect(added.status).toBe(200)
    const id = added.body.data.id as string
    expect(await links(id)).toEqual({
      roles: tagged('000000', [r1, r2]),
      depts: tagged('000000', [d1, d2]),
      posts: tagged('000000', [p1, p2]),
    })

    // The edit form: one role and one department less.
    const edited = await t.post(`${U}/submit`, admin, { id, account: 'linked', roleId: r2, deptId: d1, postId: '' })
    expect(edited.status).toBe(200)
    expect(await links(id)).toEqual({ roles: tagged('000000', [r2]), depts: tagged('000000', [d1]), posts: [] })

    // The grant screen.
    expect((await t.post(`${U}/grant`, admin, undefined, { userIds: id, roleIds: `${r1},${r2}` })).status).toBe(200)
    expect((await links(id)).roles).toEqual(tagged('000000', [r1, r2]))

    // Any other writer (an import, the CLI, a migration) writing the column directly.
    await db
      .update(user)
      .set({ deptId: `${d2}, ${d1},${d2},` })
      .where(eq(user.id, id))

    expect((await links(id)).depts).toEqual(tagged('000000', [d1, d2]))
    await db.update(user).set({ tenantId: '100001' }).where(eq(user.id, id))
    expect((await links(id)).roles).toEqual(tagged('100001', [r1, r2]))
    await db.delete(user).where(eq(user.id, id))
    expect(await links(id)).toEqual({ roles: [], depts: [], posts: [] })
  })

  it('memberOf matches ids exactly: role 1 never reaches holders of 11 or 21', async () => {
    const people: string[] = []
    for (const [i, roles] of ['1', '11', '21,2', '3,1', ''].entries()) {
      const id = newId()
      await db
        .insert(user)
        .values({ id, tenantId: '777777', account: `probe${i}`, password: 'x', roleId: roles, deptId: roles })
      people.push(id)
    }
    const holders = async (ids: string[], col: SQLiteColumn = user.roleId) =>
      (
        await db
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.tenantId, '777777'), memberOf(col, ids)))
      )
        .map((r) => people.indexOf(r.id))
        .sort()
    expect(await holders(['1'])).toEqual([0, 3])
    expect(await holders(['2'])).toEqual([2])
    expect(await holders(['1', '21'])).toEqual([0, 2, 3])
    expect(await holders(['1'], user.deptId)).toEqual([0, 3])
    expect(await holders([])).toEqual([])
    // A single-id column is compared as it is.
    expect(await holders([people[4]], user.id)).toEqual([4])
    // The link table's index answers it: no scan of the user table's lists.
    const q = db
      .select({ id: user.id })
      .from(user)
      .where(memberOf(user.roleId, ['1']))
      .toSQL()
    if (!onPostgres) {
      const plan = db.$client
        .query<{ detail: string }, never[]>(`EXPLAIN QUERY PLAN ${q.sql}`)
        .all(...(q.params as never[]))
        .map((r) => r.detail)
        .join('\n')
      expect(plan).toMatch(/ix_user_role_role/)
      expect(plan).not.toMatch(/SCAN blade_user\b/)
    } else {
      // PostgreSQL's planner scans a table this small whatever the indexes: with sequential scans priced out, the
      // plan shows the index can answer it.
      const client = (db as unknown as PgDb).$client
      const plan = await client.begin(async (tx) => {
        await tx.unsafe('SET LOCAL enable_seqscan = off')
        return ((await tx.unsafe(`EXPLAIN ${q.sql}`, q.params as never[])) as Record<string, string>[])
          .map((r) => r['QUERY PLAN'])
          .join('\n')
      })
      expect(plan).toMatch(/ix_user_role_role/)
      expect(plan).not.toMatch(/Seq Scan on blade_user\b/)
    }
  })

  it("changing a user's roles bumps the permission version; other user columns do not", async () => {
    const version = async () => (await first(db.select().from(permVersion)))!.version
    const u = (await first(db.select().from(user).where(eq(user.account, 'teacher'))))!
    const before = await version()
    await db.update(user).set({ failCount: 2, phone: '13800000000' }).where(eq(user.id, u.id))
    expect(await version()).toBe(before)
    await db
      .update(user)
      .set({ roleId: `${u.roleId},${(await live(role))[0]}` })
      .where(eq(user.id, u.id))

    expect(await version()).toBeGreaterThan(before)
  })
})
