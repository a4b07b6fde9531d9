import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { dict } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { prepared } from './prepared.ts'
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
})
