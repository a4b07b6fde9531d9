import { Database } from 'bun:sqlite'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import { contains, endsWith, startsWith } from './like.ts'

const t = sqliteTable('t', { v: text('v').notNull() })
const db = drizzle(new Database(':memory:'))
db.run('CREATE TABLE t (v TEXT NOT NULL)')
for (const v of ['50%', '500', 'a_b', 'axb', 'c\\d', 'cxd', 'dev/p_1/x', 'dev/pa1/x']) await db.insert(t).values({ v })
const where = async (c: ReturnType<typeof contains>) => (await db.select().from(t).where(c)).map((r) => r.v)

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
