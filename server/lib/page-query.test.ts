import { describe, expect, it } from 'vitest'
import { and, desc, eq, getTableColumns, is, like, Table } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '../../db/schema/index.ts'
import { dept, dictBiz, param, user } from '../../db/schema/index.ts'
import { itPostgres, onPostgres } from '../../tests/support/engine.ts'
import { testApp } from '../../tests/support/harness.ts'
import { closeDb, openDatabase } from './db.ts'
import { newId } from './ids.ts'
import { pageQuery, totalsCounted } from './page-query.ts'
import { first } from './rows.ts'
import { withTransaction } from './transaction.ts'

describe('pageQuery: totals and deep-page anchors kept only while the tables they read are unchanged', async () => {
  const t = await testApp()
  const db = t.services.db
  const where = and(eq(param.isDeleted, 0), like(param.paramKey, 'pq.%'))
  const q = { table: param, where, orderBy: [desc(param.id)], keyDesc: param.id }
  const insert = async (d: typeof db, n: number, from = 0) =>
    withTransaction(d, async (tx) => {
      // In statements of 200 rows: one round trip each on PostgreSQL rather than one per row.
      for (let at = from; at < from + n; at += 200) {
        const values = []
        for (let i = at; i < Math.min(at + 200, from + n); i++)
          values.push({ id: newId(), paramName: `pq ${i}`, paramKey: `pq.${i}`, paramValue: String(i) })
        await tx.insert(param).values(values)
      }
    })
  /** The same page the plain LIMIT/OFFSET way, as the reference. */
  const plain = async (size: number, offset: number) =>
    (await db.select().from(param).where(where).orderBy(desc(param.id)).limit(size).offset(offset)).map((r) => r.id)
  const ids = async (size: number, offset: number) => (await pageQuery(db, q, size, offset)).rows.map((r) => r.id)
  // Per table on SQLite (table-writes.ts); on PostgreSQL only while no transaction commits anywhere in the cluster
  // (the snapshot), which the suite's other databases do all the time: what PostgreSQL keeps is proven on its own below.
  const keepsTotals = !onPostgres

  it('answers the same rows and total as LIMIT/OFFSET + COUNT, deep pages included', async () => {
    await insert(db, 1234)
    for (const offset of [0, 10, 499, 500, 501, 990, 1000, 1224, 1230, 1234, 5000]) {
      expect(await ids(10, offset)).toEqual(await plain(10, offset))
      expect((await pageQuery(db, q, 10, offset)).total).toBe(1234)
    }
    // Pages visited in any order start from the nearest page known before them.
    for (const offset of [1100, 600, 610, 1000, 100, 99, 101, 605, 1233, 700, 600])
      expect(await ids(7, offset)).toEqual(await plain(7, offset))
  })

  it('sees a write by this connection on the very next read', async () => {
    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1234)
    await insert(db, 3, 5000)
    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1237)
    expect(await ids(10, 1000)).toEqual(await plain(10, 1000))
    await db
      .update(param)
      .set({ isDeleted: 1 })
      .where(eq(param.id, (await plain(1, 700))[0]))

    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1236)
    expect(await ids(10, 600)).toEqual(await plain(10, 600))
  })

  it('sees a commit by another connection (another process, the CLI) on the very next read', async () => {
    const before = await ids(10, 800)
    const other = openDatabase(t.services.config)
    try {
      await insert(other, 5, 6000)
    } finally {
      await closeDb(other)
    }
    expect((await pageQuery(db, q, 10, 800)).total).toBe(1241)
    expect(await ids(10, 800)).toEqual(await plain(10, 800))
    expect(await ids(10, 800)).not.toEqual(before)
  })

  it('keeps its totals across writes to tables it does not read; a write to its own table is seen at once', async () => {
    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1241)
    const counted = totalsCounted(db)
    await db.insert(dictBiz).values({ id: newId(), code: 'pq', dictKey: '1', dictValue: 'unrelated' })
    await db.update(user).set({ remark: 'unrelated' }).where(eq(user.account, 'admin'))
    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1241)
    if (keepsTotals) expect(totalsCounted(db)).toBe(counted)
    await insert(db, 1, 7000)
    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1242)
    if (keepsTotals) expect(totalsCounted(db)).toBe(counted + 1)
    expect(await ids(10, 1000)).toEqual(await plain(10, 1000))
    // A write that rolls back leaves the data, and so what is kept of it, as it was.
    await expect(
      withTransaction(db, async (tx) => {
        await tx.update(param).set({ isDeleted: 1 }).where(like(param.paramKey, 'pq.%'))
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1242)
    expect(await ids(10, 1000)).toEqual(await plain(10, 1000))
  })

  it("sees a write to a table only its WHERE reads (the data scope's departments) on the very next request", async () => {
    // The manager sees the users of its department and those below it (data scope 4: an EXISTS over blade_dept).
    const manager = await t.token('manager')
    const accounts = async () =>
      (await t.get('/api/blade-system/user/page', manager, { size: 1 })).body.data as {
        total: number
        records: { account: string }[]
      }
    const before = await accounts()
    // A full page of one: its total was counted, and is kept for the next request.
    const counted = totalsCounted(db)
    expect(await accounts()).toEqual(before)
    if (keepsTotals) expect(totalsCounted(db)).toBe(counted)
    const deptOf = async (account: string) =>
      (await first(
        db
          .select()
          .from(dept)
          .where(eq(dept.id, (await first(db.select().from(user).where(eq(user.account, account))))!.deptId!)),
      ))!
    const [academic, cs] = [await deptOf('manager'), await deptOf('teacher')]
    // The teacher's department moves under the manager's: only blade_dept is written.
    await db
      .update(dept)
      .set({ parentId: academic.id, ancestors: `${academic.ancestors},${academic.id}` })
      .where(eq(dept.id, cs.id))

    const after = await accounts()
    expect(after.total).toBe(before.total + 1)
    const all = (await t.get('/api/blade-system/user/page', manager, { size: 50 })).body.data.records
    expect(all.map((r: { account: string }) => r.account)).toContain('teacher')
    expect(before.records.length).toBe(1)
    await db.update(dept).set({ parentId: cs.parentId, ancestors: cs.ancestors }).where(eq(dept.id, cs.id))
    expect((await accounts()).total).toBe(before.total)
  })

  it("answers every table's rows exactly as drizzle does (property names, decoded column types)", async () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => is(v, Table))
    expect(tables.length).toBeGreaterThan(20)
    for (const table of tables) {
      const key = Object.values(getTableColumns(table) as Record<string, SQLiteColumn>).find((c) => c.primary)
      if (!key) continue
      const expected = await db.select().from(table).orderBy(desc(key)).limit(7).offset(1)
      expect((await pageQuery(db, { table, where: undefined, orderBy: [desc(key)] }, 7, 1)).rows).toEqual(expected)
    }
  })

  itPostgres('keeps a total on PostgreSQL while no transaction commits, and none inside one', async () => {
    // Other workers commit to the same cluster: try until a page ran with no commit anywhere since the one before.
    let kept = false
    for (let i = 0; i < 50 && !kept; i++) {
      await pageQuery(db, q, 10, 1000)
      const counted = totalsCounted(db)
      expect((await pageQuery(db, q, 10, 1000)).total).toBe(1242)
      kept = totalsCounted(db) === counted
    }
    expect(kept).toBe(true)
    // A transaction's own writes leave the snapshot as it was: each of its full pages counts.
    const first = (await plain(1, 0))[0]
    await expect(
      withTransaction(db, async (tx) => {
        expect((await pageQuery(tx, q, 10, 1000)).total).toBe(1242)
        await tx.update(param).set({ isDeleted: 1 }).where(eq(param.id, first))
        expect((await pageQuery(tx, q, 10, 1000)).total).toBe(1241)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await pageQuery(db, q, 10, 1000)).total).toBe(1242)
  })

  it('a short page tells its own total; a page past the end still counts', async () => {
    expect(await pageQuery(db, q, 200, 1200)).toMatchObject({ total: 1242 })
    expect((await pageQuery(db, q, 200, 1200)).rows).toHaveLength(42)
    expect(await pageQuery(db, q, 10, 9000)).toEqual({ rows: [], total: 1242 })
  })
})
