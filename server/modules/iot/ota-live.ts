import { and, asc, count, eq, gte } from 'drizzle-orm'
import { device, otaTask, productOta } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import type { Services } from '../../lib/context.ts'
import { first } from '../../lib/rows.ts'
import { formatDateTime } from '../../lib/time.ts'
import { otaTopic } from './topics.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

/*
 * Rollout changes pushed to the staff browsers showing them (tenant/<tenantId>/ota/<otaId>), so the rollout
 * dialog follows a release without polling. Every change (a device's report, a wave told, the guard stopping
 * or advancing, start/pause/resume/cancel/retry) marks its release; within FLUSH_MS one message per release
 * carries its phase, its counts and the tasks that changed since the mark. A burst of reports from a large
 * rollout thus costs one message per release per flush, not one per report.
 */

/** The longest a change waits before it is pushed; also the most often one release is pushed. */
const FLUSH_MS = 100

/** One device's part in a rollout as the screen shows it (the progress route and the pushes share it). */
export function otaTaskRows(db: Db, otaId: string, tenantId: string, since?: string) {
  return db
    .select({
      id: otaTask.id,
      deviceId: otaTask.deviceId,
      cohort: otaTask.cohort,
      state: otaTask.state,
      progress: otaTask.progress,
      error: otaTask.error,
      attempts: otaTask.attempts,
      updateTime: otaTask.updateTime,
      name: device.name,
      sn: device.sn,
      status: device.status,
      firmVersion: device.firmVersion,
    })
    .from(otaTask)
    .innerJoin(device, eq(device.id, otaTask.deviceId))
    .where(
      and(
        eq(otaTask.otaId, otaId),
        tenantRows(otaTask, tenantId, { why: 'pushed to the rollout topic, whose subscribers hold iot:ota' }),
        since ? gte(otaTask.updateTime, since) : undefined,
      ),
    )
    .orderBy(asc(otaTask.id))
}

/** Releases with changes not pushed yet, per appliance: release id → the earliest change time to send from. */
const marks = new WeakMap<Services, { since: Map<string, string>; timer?: ReturnType<typeof setTimeout> }>()

/** Records that a release changed; its watchers hear of it within FLUSH_MS (a no-op without a broker, e.g. the CLI). */
export function otaChanged(s: Services, otaId: string) {
  if (!s.mqtt) return
  let m = marks.get(s)
  if (!m) marks.set(s, (m = { since: new Map() }))
  // Task times have whole seconds and were written just before this call: a second earlier catches them all
  // (a task sent twice is merged twice, harmlessly).
  if (!m.since.has(otaId)) m.since.set(otaId, formatDateTime(new Date(Date.now() - 1000)))
  if (!m.timer) {
    m.timer = setTimeout(() => void flush(s), FLUSH_MS)
    m.timer.unref?.()
  }
}

async function flush(s: Services) {
  const m = marks.get(s)
  if (!m) return
  m.timer = undefined
  const due = [...m.since]
  m.since.clear()
  for (const [otaId, since] of due) {
    try {
      const ota = await first(
        s.db
          .select({ tenantId: productOta.tenantId, phase: productOta.phase, pausedPhase: productOta.pausedPhase })
          .from(productOta)
          .where(eq(productOta.id, otaId)),
      )
      if (!ota) continue
      const counts = Object.fromEntries(
        (
          await s.db
            .select({ state: otaTask.state, n: count() })
            .from(otaTask)
            .where(eq(otaTask.otaId, otaId))
            .groupBy(otaTask.state)
        ).map((r) => [r.state, r.n]),
      )
      const tasks = await otaTaskRows(s.db, otaId, ota.tenantId, since)
      s.mqtt
        ?.publish(otaTopic(ota.tenantId, otaId), {
          otaId,
          phase: ota.phase,
          pausedPhase: ota.pausedPhase,
          counts,
          tasks,
        })
        .catch((err) => s.log.warn({ err, otaId }, 'OTA progress not pushed'))
    } catch (err) {
      // The database closed under a late flush (shutdown): nobody is watching any more.
      s.log.debug({ err, otaId }, 'OTA progress push skipped')
    }
  }
}
