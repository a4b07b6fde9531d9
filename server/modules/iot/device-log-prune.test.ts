import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { device, deviceLog } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { formatDateTime } from '../../lib/time.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { pruneDeviceLogs, pruneStatement } from './presence.ts'

describe('the nightly device-log prune', () => {
  const t = testApp()
  const db = t.services.db
  const daysAgo = (d: number) => formatDateTime(new Date(Date.now() - d * 86_400_000))

  it('removes logs past the retention of every device, a removed one included, and keeps the rest', () => {
    const [known] = db.select().from(device).limit(1).all()
    const gone = '9000000000000000123' // a device no longer in blade_device
    const log = (deviceId: string, age: number) =>
      db
        .insert(deviceLog)
        .values({
          id: newId(),
          tenantId: known.tenantId,
          deviceId,
          productId: known.productId,
          type: 'telemetry',
          content: JSON.stringify({ age }),
          createTime: daysAgo(age),
        })
        .run()
    db.delete(deviceLog).run()
    for (const id of [known.id, gone]) for (const age of [45, 31, 29, 0]) log(id, age)

    expect(pruneDeviceLogs(t.services, 30)).toBe(4)
    const left = db
      .select({ deviceId: deviceLog.deviceId, content: deviceLog.content })
      .from(deviceLog)
      .all()
      .map((r) => `${r.deviceId === gone ? 'gone' : 'known'} ${JSON.parse(r.content!).age}`)
      .sort()
    expect(left).toEqual(['gone 0', 'gone 29', 'known 0', 'known 29'])
    expect(pruneDeviceLogs(t.services, 30)).toBe(0)
  })

  it('reaches old rows through the device index, never by reading the whole table', () => {
    const plan = db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${pruneStatement(daysAgo(30))}`).map((r) => r.detail)
    expect(plan.filter((d) => /blade_device_log/.test(d)).length).toBeGreaterThan(0)
    expect(plan.filter((d) => /\bSCAN blade_device_log\b/.test(d) && !/INDEX/.test(d))).toEqual([])
  })
})
