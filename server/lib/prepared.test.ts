import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { dict, wfVariable } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { insertRows, prepared } from './prepared.ts'
import { withTransaction } from './transaction.ts'

describe('prepared statements', async () => {
  const t = await testApp()
  const db = t.services.db

  it('are built once per database, and a transaction’s run on its connection (they see its uncommitted rows)', async () => {
    let builds = 0
    const statements = (d: typeof db) =>
      prepared(d, 'test.prepared', (q) => {
        builds++
        return {
          one: q
            .select({ code: dict.code })
            .from(dict)
            .where(eq(dict.id, sql.placeholder('id')))
            .prepare(),
        }
      })
    const row = (await db.select().from(dict).limit(1))[0]
    for (let round = 0; round < 3; round++) {
      const seen = await withTransaction(db, async (tx) => {
        await tx
          .update(dict)
          .set({ code: `in-tx-${round}` })
          .where(eq(dict.id, row.id))
        // Twice in one transaction: the second call answers the same statements.
        expect(statements(tx)).toBe(statements(tx))
        const inside = await statements(tx).one.execute({ id: row.id })
        await tx.update(dict).set({ code: row.code }).where(eq(dict.id, row.id))
        return inside
      })
      expect(seen).toEqual([{ code: `in-tx-${round}` }])
    }
    expect(await statements(db).one.execute({ id: row.id })).toEqual([{ code: row.code }])
    expect(builds).toBe(1)
  })

  it('insertRows: one statement per row count and columns, the rows as given; odd rows and conflicts still land', async () => {
    const key = `ins-${Date.now()}`
    const rows = (n: number, extra: Record<string, unknown> = {}) =>
      Array.from({ length: n }, (_, i) => ({
        instanceId: key,
        name: `v${n}-${i}`,
        tenantId: '000000',
        value: `"${i}"`,
        ...extra,
      }))
    const stored = async () =>
      (await db.select().from(wfVariable).where(eq(wfVariable.instanceId, key)))
        .map((r) => `${r.name}=${r.value}`)
        .sort()
    await insertRows(db, 'test.rows', wfVariable, rows(1))
    await insertRows(db, 'test.rows', wfVariable, rows(3))
    // Rows whose defined columns differ (the second leaves tenantId to its default) take the builder.
    await insertRows(db, 'test.rows', wfVariable, [
      { instanceId: key, name: 'odd-a', tenantId: '000000', value: '1' },
      { instanceId: key, name: 'odd-b', tenantId: undefined, value: '2' },
    ])
    // More rows than are prepared, through the same call.
    await insertRows(db, 'test.rows', wfVariable, rows(9))
    expect(await stored()).toHaveLength(1 + 3 + 2 + 9)
    // An ON CONFLICT clause travels with the prepared statement.
    const upsert = (q: Parameters<NonNullable<Parameters<typeof insertRows>[4]>>[0]) =>
      q.onConflictDoUpdate({ target: [wfVariable.instanceId, wfVariable.name], set: { value: sql`excluded.value` } })
    await insertRows(db, 'test.upsert', wfVariable, rows(3, { value: '"new"' }), upsert)
    await insertRows(db, 'test.upsert', wfVariable, rows(3, { value: '"newer"' }), upsert)
    expect((await stored()).filter((r) => r.startsWith('v3-'))).toEqual([
      'v3-0="newer"',
      'v3-1="newer"',
      'v3-2="newer"',
    ])
    expect(await stored()).toHaveLength(15)
  })
})
