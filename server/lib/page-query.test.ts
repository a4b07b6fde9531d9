import { describe, expect, it } from 'vitest'
import { and, desc, eq, getTableColumns, like } from 'drizzle-orm'
import { SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { join } from 'node:path'
import * as schema from '../../db/schema/index.ts'
import { param } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { closeDb, openDb } from './db.ts'
import { newId } from './ids.ts'
import { pageQuery } from './page-query.ts'

describe('pageQuery: totals and deep-page anchors kept only while the database is unchanged', () => {
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
    expect(pageQuery(db, q, 200, 1200)).toMatchObject({ total: 1241 })
    expect(pageQuery(db, q, 200, 1200).rows).toHaveLength(41)
    expect(pageQuery(db, q, 10, 9000)).toEqual({ rows: [], total: 1241 })
  })
})
