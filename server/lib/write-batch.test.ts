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

  it('a refused write fails alone: the others of its moment are committed without it', async () => {
    const together = await Promise.allSettled([
      put(db, { name: 'd' }),
      put(db, { name: 'e', fail: true }),
      put(db, { name: 'g' }),
    ])
    expect(together.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((together[1] as PromiseRejectedResult).reason.message).toBe('refused e')
    expect(await put(db, { name: 'f' })).toBe('F')
    expect(await names()).toEqual(['a', 'b', 'c', 'd', 'f', 'g'])
  })

  it('writers share one batch: the writes of one moment, whoever made them, are one transaction', async () => {
    if (dbEngine(db) !== 'sqlite') return // PostgreSQL: each on its own (a transaction there costs round trips)
    const other = writeBatches(async (tx, name: string) => {
      await tx.insert(wfVariable).values({ instanceId: key, name, tenantId: '000000', value: '2' })
      return tx.$client.inTransaction
    })
    const commits: string[] = []
    const client = db.$client as unknown as { exec: (sql: string) => unknown }
    const exec = client.exec.bind(client)
    client.exec = (sql: string) => {
      if (sql === 'COMMIT') commits.push(sql)
      return exec(sql)
    }
    try {
      const [, inTx] = await Promise.all([put(db, { name: 'h' }), other(db, 'i')])
      expect(inTx).toBe(true)
      expect(commits).toHaveLength(1)
    } finally {
      client.exec = exec
    }
    expect(await names()).toContain('i')
  })

  it('inside a caller’s transaction a write runs at once, in that transaction', async () => {
    const { withTransaction } = await import('./transaction.ts')
    await expect(
      withTransaction(db, async (tx) => {
        await put(tx, { name: 'j' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await names()).not.toContain('j')
  })
})
