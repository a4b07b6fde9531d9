import { describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { device, deviceLog } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { onPostgres } from '../../../tests/support/engine.ts'
import { formatDateTime } from '../../lib/time.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { pruneDeviceLogs, pruneStatement } from './presence.ts'

describe('the nightly device-log prune', async () => {
  const t = await testApp()
  const db = t.services.db
  const daysAgo = (d: number) => formatDateTime(new Date(Date.now() - d * 86_400_000))

  it('removes logs past the retention of every device, a removed one included, and keeps the rest', async () => {
    const [known] = await db.select().from(device).limit(1)
    const gone = '9000000000000000123' // a device no longer in blade_device
    const log = (deviceId: string, age: number) =>
      db.insert(deviceLog).values({
        id: newId(),
        tenantId: known.tenantId,
        deviceId,
        productId: known.productId,
        type: 'telemetry',
        content: JSON.stringify({ age }),
        createTime: daysAgo(age),
      })
    await db.delete(deviceLog)
    for (const id of [known.id, gone]) for (const age of [45, 31, 29, 0]) await log(id, age)

    expect(await pruneDeviceLogs(t.services, 30)).toBe(4)
    const left = (await db.select({ deviceId: deviceLog.deviceId, content: deviceLog.content }).from(deviceLog))
      .map((r) => `${r.deviceId === gone ? 'gone' : 'known'} ${JSON.parse(r.content!).age}`)
      .sort()
    expect(left).toEqual(['gone 0', 'gone 29', 'known 0', 'known 29'])
    expect(await pruneDeviceLogs(t.services, 30)).toBe(0)
  })

  it('reaches old rows through the device index, never by reading the whole table', async () => {
    if (onPostgres) {
      // PostgreSQL's own plan, with sequential scans priced out: on a table this small the planner would rather read
      // it whole, so what is shown is that an index path exists for every reach into blade_device_log.
      const plan = await withTransaction(db, async (tx) => {
        // A transaction's handle is drizzle's PostgreSQL one here: its execute() runs raw SQL on that connection.
        const execute = (tx as unknown as { execute: (q: SQL) => Promise<unknown> }).execute.bind(tx)
        await execute(sql`SET LOCAL enable_seqscan = off`)
        return (await execute(sql`EXPLAIN ${pruneStatement(daysAgo(30))}`)) as { 'QUERY PLAN': string }[]
      })
      const lines = plan.map((r) => r['QUERY PLAN'])
      expect(lines.filter((d) => /blade_device_log/.test(d)).length).toBeGreaterThan(0)
      expect(lines.filter((d) => /Seq Scan on blade_device_log\b/.test(d))).toEqual([])
      return
    }
    // SQLite's own plan, read through the file's connection (EXPLAIN is not a drizzle query)
    const q = new SQLiteAsyncDialect({ casing: 'snake_case' }).sqlToQuery(
      sql`EXPLAIN QUERY PLAN ${pruneStatement(daysAgo(30))}`,
    )
    const plan = db.$client
      .query<{ detail: string }, never[]>(q.sql)
      .all(...(q.params as never[]))
      .map((r) => r.detail)
    expect(plan.filter((d) => /blade_device_log/.test(d)).length).toBeGreaterThan(0)
    expect(plan.filter((d) => /\bSCAN blade_device_log\b/.test(d) && !/INDEX/.test(d))).toEqual([])
  })
})
