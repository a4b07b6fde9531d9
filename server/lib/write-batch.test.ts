import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { wfVariable } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { dbEngine } from './db.ts'
import { writeBatches } from './write-batch.ts'

describe('writes committed together (writeBatches)', async () => {
  const t = await testApp()
  const db = t.services.db
  const key = `wb-${Date.now()}`
  const put = writeBatches(async (tx, v: { name: string; fail?: boolean }) => {
    if (v.fail) throw new Error(`refused ${v.name}`)
    await tx.insert(wfVariable).values({ instanceId: key, name: v.name, tenantId: '000000', value: '1' })
    return v.name.toUpperCase()
  })
  const names = async () =>
    (await db.select().from(wfVariable).where(eq(wfVariable.instanceId, key))).map((r) => r.name).sort()

  it('answers each write its own result, once committed', async () => {
    expect(await Promise.all([put(db, { name: 'a' }), put(db, { name: 'b' }), put(db, { name: 'c' })])).toEqual([
      'A',
      'B',
      'C',
    ])
    expect(await names()).toEqual(['a', 'b', 'c'])
  })

  it('on SQLite the writes of one moment share a transaction (one refused, none kept); later ones are apart', async () => {
    const together = await Promise.allSettled([put(db, { name: 'd' }), put(db, { name: 'e', fail: true })])
    const later = await put(db, { name: 'f' })
    expect(later).toBe('F')
    if (dbEngine(db) === 'sqlite') {
      expect(together.map((r) => r.status)).toEqual(['rejected', 'rejected'])
      expect(await names()).toEqual(['a', 'b', 'c', 'f'])
    } else {
      // PostgreSQL: each on its own (a transaction there costs round trips, it saves none).
      expect(together.map((r) => r.status)).toEqual(['fulfilled', 'rejected'])
      expect(await names()).toEqual(['a', 'b', 'c', 'd', 'f'])
    }
  })
})
