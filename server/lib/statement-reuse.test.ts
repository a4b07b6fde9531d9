/**
 * Statements SQLite can keep compiled. SQLite 3.54 compiles a statement again on every run when a bound value may
 * change its plan: a bare `LIMIT ?` (drizzle's `.limit(n)`), `col = ?` in a query with ORDER BY or GROUP BY, and a
 * bound value compared with a column a partial index's WHERE names (`is_deleted = ?` against the
 * `WHERE is_deleted = 0` unique indexes). Each costs more than the query on the hot path. The connection writes the
 * first two as `+?` (db.ts reusable), and the "not deleted" rule is the literal the indexes say; these tests hold the
 * shapes and that the answers and plans stay what they were.
 */
import { describe, expect, it } from 'vitest'
import { and, asc, eq, sql } from 'drizzle-orm'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import { param } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { dbEngine, reusable } from './db.ts'
import { notDeleted } from './tenant-rows.ts'

const dialect = new SQLiteSyncDialect({ casing: 'snake_case' })

describe('statements SQLite keeps compiled', async () => {
  const t = await testApp()
  const db = t.services.db
  const sqlite = dbEngine(db) === 'sqlite'

  it('drizzle’s limit and equality placeholders become `+?`, and nothing else is touched', () => {
    expect(reusable('select "id" from "t" limit ?')).toBe('select "id" from "t" limit +?')
    expect(reusable('select "id" from "t" limit ? offset ?')).toBe('select "id" from "t" limit +? offset ?')
    expect(reusable('update "t" set "a" = 1 where "id" in (select "id" from "t" limit ?)')).toBe(
      'update "t" set "a" = 1 where "id" in (select "id" from "t" limit +?)',
    )
    expect(reusable('SELECT "id" FROM "t" ORDER BY "id" DESC LIMIT ? OFFSET ?')).toBe(
      'SELECT "id" FROM "t" ORDER BY "id" DESC LIMIT +? OFFSET ?',
    )
    expect(reusable('select "a" from "t" where ("t"."x" = ? and "t"."y" = ?) order by "a"')).toBe(
      'select "a" from "t" where ("t"."x" = +? and "t"."y" = +?) order by "a"',
    )
    expect(reusable('update "t" set "a" = ?, "b" = ? where "id" = ?')).toBe(
      'update "t" set "a" = +?, "b" = +? where "id" = +?',
    )
    expect(reusable(`select "id" from "t" where "name" LIKE ? ESCAPE '\\' and "code" like ?`)).toBe(
      `select "id" from "t" where "name" LIKE +? ESCAPE '\\' and "code" like +?`,
    )
    for (const kept of [
      'select 1 limit 5',
      "select 'a limit ?b'",
      'select "id" from "t" where "x" <= ? and "y" != ? and "z" >= ? limit 1',
      'insert into "t" ("a", "b") values (?, ?)',
    ])
      expect(reusable(kept)).toBe(kept)
    // What drizzle writes today, so a change of its clause shape shows here first.
    if (sqlite) expect(db.select().from(param).limit(3).offset(2).toSQL().sql).toMatch(/ limit \? offset \?$/)
  })

  it('pages read the same rows, whatever limit the one compiled statement runs with', async () => {
    const all = await db.select({ id: param.id }).from(param).orderBy(asc(param.id))
    expect(all.length).toBeGreaterThan(3)
    for (const [limit, offset] of [
      [1, 0],
      [2, 1],
      [3, 0],
      [1, 2],
      [50, 0],
    ] as const) {
      const page = await db.select({ id: param.id }).from(param).orderBy(asc(param.id)).limit(limit).offset(offset)
      expect(page).toEqual(all.slice(offset, offset + limit))
    }
  })

  it('a value compared through `= +?` matches as through `= ?`: the column’s affinity still applies to it', () => {
    if (!sqlite) return
    const count = (text: string, value: unknown) =>
      (db.$client.prepare(text).values(value as string)[0]?.[0] as number) ?? 0
    const byText = 'select count(*) from "blade_param" where "is_deleted" = ? group by "is_deleted"'
    // The connection rewrites the first; the second is the same query written with a literal.
    expect(count(byText, '0')).toBe(db.$client.prepare(byText.replace('?', '0')).values()[0]?.[0])
    expect(count(byText, 0)).toBe(count(byText, '0'))
    expect(count('select count(*) from "blade_param" where "tenant_id" = ? order by 1', 0)).toBe(0)
    const plan = db.$client
      .prepare(
        'explain query plan select "id" from "blade_param" where "tenant_id" = ? and "is_deleted" = 0 order by "id" desc',
      )
      .all('000000')
      .map((r) => (r as { detail: string }).detail)
      .join(' ')
    expect(plan).toContain('ix_param_scoped')
    expect(plan).not.toContain('TEMP B-TREE')
  })

  it('a search through `LIKE +?` finds what `LIKE ?` finds, escapes included', async () => {
    if (!sqlite) return
    const count = (text: string, ...pattern: string[]) => db.$client.prepare(text).values(...pattern)[0]?.[0]
    for (const pattern of ['%account%', 'account.%', '%\\_%', '%none at all%']) {
      const bound = count(`select count(*) from "blade_param" where "param_key" LIKE ? ESCAPE '\\'`, pattern)
      const inline = count(`select count(*) from "blade_param" where "param_key" LIKE '${pattern}' ESCAPE '\\'`)
      expect(bound).toBe(inline)
    }
    expect(count(`select count(*) from "blade_param" where "param_key" LIKE ? ESCAPE '\\'`, '%')).toBeGreaterThan(0)
  })

  it('"not deleted" is the literal the partial indexes say: no bound value, and the unique index still serves it', async () => {
    const q = dialect.sqlToQuery(notDeleted(param))
    expect(q.sql).toBe('"blade_param"."is_deleted" = 0')
    expect(q.params).toEqual([])
    if (!sqlite) return
    const where = and(notDeleted(param), eq(param.tenantId, '000000'), eq(param.paramKey, 'account.initPassword'))
    const text = dialect.sqlToQuery(sql`select ${param.id} from ${param} where ${where}`)
    const plan = db.$client
      .prepare(`explain query plan ${text.sql}`)
      .all(...(text.params as string[]))
      .map((r) => (r as { detail: string }).detail)
      .join(' ')
    expect(plan).toContain('ux_param_key')
  })
})
