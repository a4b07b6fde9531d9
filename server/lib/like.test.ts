import { Database } from 'bun:sqlite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { table, text } from '../../db/schema/dialect.ts'
import { onPostgres } from '../../tests/support/engine.ts'
import { seededDatabase } from '../../tests/support/harness.ts'
import { asyncDb, closeDb, openDatabase, type Db } from './db.ts'
import { runSql } from './rows.ts'
import { contains, endsWith, startsWith } from './like.ts'

// The engine's own table: SQLite in memory; on PostgreSQL a table in a database of its own (like.ts writes ILIKE there).
const t = table('like_t', { v: text('v').notNull() })
const pg: Db | undefined = onPostgres
  ? openDatabase({ dbFile: '', databaseUrl: (await seededDatabase('')).ATRIUM_DATABASE_URL })
  : undefined
if (pg) afterAll(() => closeDb(pg))
const lite = drizzle(new Database(':memory:'))
const db = pg ? asyncDb(pg) : lite
await (pg
  ? runSql(pg, sql`CREATE TABLE like_t (v text NOT NULL)`)
  : lite.run(sql`CREATE TABLE like_t (v TEXT NOT NULL)`))
for (const v of ['50%', '500', 'a_b', 'axb', 'c\\d', 'cxd', 'dev/p_1/x', 'dev/pa1/x']) await db.insert(t).values({ v })
const where = async (c: ReturnType<typeof contains>) =>
  (await db.select().from(t).where(c).orderBy(t.v)).map((r) => r.v)

describe('like.ts: a value is matched literally', () => {
  it('contains: % and _ and \\ are plain characters', async () => {
    expect(await where(contains(t.v, '0%'))).toEqual(['50%'])
    expect(await where(contains(t.v, '_'))).toEqual(['a_b', 'dev/p_1/x'])
    expect(await where(contains(t.v, '\\'))).toEqual(['c\\d'])
  })
  it('startsWith: an MQTT topic prefix with _ matches only itself (it matched nothing before the ESCAPE clause)', async () => {
    expect(await where(startsWith(t.v, 'dev/p_1'))).toEqual(['dev/p_1/x'])
  })
  it('endsWith', async () => {
    expect(await where(endsWith(t.v, '_b'))).toEqual(['a_b'])
  })
})
