import { describe, expect, it } from 'vitest'
import { and, desc, eq, getTableColumns, like } from 'drizzle-orm'
import { SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { join } from 'node:path'
import * as schema from '../../db/schema/index.ts'
import { dept, dictBiz, param, user } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { closeDb, openDb } from './db.ts'
import { newId } from './ids.ts'
import { pageQuery, totalsCounted } from './page-query.ts'

describe('pageQuery: totals and deep-page anchors kept only while the tables they read are unchanged', () => {
  const t = testApp()
  const db = t.services.db
  const where = and(eq(param.isDeleted, 0), like(param.paramKey, 'pq.%'))
  const q = { table: param, where, orderBy: [desc(param.id)], keyDesc: param.id }
  const insert = (d: typeof db, n: number, from = 0) =>
    d.transaction((tx) => {
      for (let i = from; i < from + n; i++)
        tx.insert(param)
          .values({ id: newId(), paramName: `pq ${i}`, paramKey: `pq.${i}`, paramValue: String(i) })
          .run()
    })
  /** The same page the plain LIMIT/OFFSET way, as the reference. */
  const plain = (size: number, offset: number) =>
    db
      .select()
      .from(param)
      .where(where)
      .orderBy(desc(param.id))
      .limit(size)
      .offset(offset)
      .all()
      .map((r) => r.id)
  const ids = (size: number, offset: number) => pageQuery(db, q, size, offset).rows.map((r) => r.id)

  it('answers the same rows and total as LIMIT/OFFSET + COUNT, deep pages included', () => {
    insert(db, 1234)
    for (const offset of [0, 10, 499, 500, 501, 990, 1000, 1224, 1230, 1234, 5000]) {
      expect(ids(10, offset)).toEqual(plain(10, offset))
      expect(pageQuery(db, q, 10, offset).total).toBe(1234)
    }
    // Pages visited in any order start from the nearest page known before them.
    for (const offset of [1100, 600, 610, 1000, 100, 99, 101, 605, 1233, 700, 600])
      expect(ids(7, offset)).toEqual(plain(7, offset))
  })

  it('sees a write by this connection on the very next read', () => {
    expect(pageQuery(db, q, 10, 1000).total).toBe(1234)
    insert(db, 3, 5000)
    expect(pageQuery(db, q, 10, 1000).total).toBe(1237)
    expect(ids(10, 1000)).toEqual(plain(10, 1000))
    db.update(param)
      .set({ isDeleted: 1 })
      .where(eq(param.id, plain(1, 700)[0]))
      .run()
    expect(pageQuery(db, q, 10, 1000).total).toBe(1236)
    expect(ids(10, 600)).toEqual(plain(10, 600))
  })

  it('sees a commit by another connection (another process, the CLI) on the very next read', () => {
    const before = ids(10, 800)
    const other = openDb(join(t.dataDir, 'atrium.db'))
    try {
      insert(other, 5, 6000)
    } finally {
      closeDb(other)
    }
    expect(pageQuery(db, q, 10, 800).total).toBe(1241)
    expect(ids(10, 800)).toEqual(plain(10, 800))
    expect(ids(10, 800)).not.toEqual(before)
  })

  it('keeps its totals across writes to tables it does not read; a write to its own table is seen at once', () => {
    expect(pageQuery(db, q, 10, 1000).total).toBe(1241)
    const counted = totalsCounted(db)
    db.insert(dictBiz).values({ id: newId(), code: 'pq', dictKey: '1', dictValue: 'unrelated' }).run()
    db.update(user).set({ remark: 'unrelated' }).where(eq(user.account, 'admin')).run()
    expect(pageQuery(db, q, 10, 1000).total).toBe(1241)
    expect(totalsCounted(db)).toBe(counted)
    insert(db, 1, 7000)
    expect(pageQuery(db, q, 10, 1000).total).toBe(1242)
    expect(totalsCounted(db)).toBe(counted + 1)
    expect(ids(10, 1000)).toEqual(plain(10, 1000))
    // A write that rolls back leaves the data, and so what is kept of it, as it was.
    expect(() =>
      db.transaction((tx) => {
        tx.update(param).set({ isDeleted: 1 }).where(like(param.paramKey, 'pq.%')).run()
        throw new Error('roll back')
      }),
    ).toThrow('roll back')
    expect(pageQuery(db, q, 10, 1000).total).toBe(1242)
    expect(ids(10, 1000)).toEqual(plain(10, 1000))
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
    expect(totalsCounted(db)).toBe(counted)
    const deptOf = (account: string) =>
      db
        .select()
        .from(dept)
        .where(eq(dept.id, db.select().from(user).where(eq(user.account, account)).get()!.deptId!))
        .get()!
    const [academic, cs] = [deptOf('manager'), deptOf('teacher')]
    // The teacher's department moves under the manager's: only blade_dept is written.
    db.update(dept)
      .set({ parentId: academic.id, ancestors: `${academic.ancestors},${academic.id}` })
      .where(eq(dept.id, cs.id))
      .run()
    const after = await accounts()
    expect(after.total).toBe(before.total + 1)
    const all = (await t.get('/api/blade-system/user/page', manager, { size: 50 })).body.data.records
    expect(all.map((r: { account: string }) => r.account)).toContain('teacher')
    expect(before.records.length).toBe(1)
    db.update(dept).set({ parentId: cs.parentId, ancestors: cs.ancestors }).where(eq(dept.id, cs.id)).run()
    expect((await accounts()).total).toBe(before.total)
  })

  it("answers every table's rows exactly as drizzle does (property names, decoded column types)", () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => v instanceof SQLiteTable)
    expect(tables.length).toBeGreaterThan(20)
    for (const table of tables) {
      const key = Object.values(getTableColumns(table) as Record<string, SQLiteColumn>).find((c) => c.primary)
      if (!key) continue
      const expected = db.select().from(table).orderBy(desc(key)).limit(7).offset(1).all()
      expect(pageQuery(db, { table, where: undefined, orderBy: [desc(key)] }, 7, 1).rows).toEqual(expected)
    }
  })

  it('a short page tells its own total; a page past the end still counts', () => {
    expect(pageQuery(db, q, 200, 1200)).toMatchObject({ total: 1242 })
    expect(pageQuery(db, q, 200, 1200).rows).toHaveLength(42)
    expect(pageQuery(db, q, 10, 9000)).toEqual({ rows: [], total: 1242 })
  })
})
