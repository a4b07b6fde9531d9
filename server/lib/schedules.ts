/**
 * Recurring work (issue #27: each slot runs once across the processes sharing
 * the database). Schedules are node-cron tasks declared once, like jobs:
 *
 *   defineSchedule('sessions.prune', '17 3 * * *', async (s) => void (await pruneSessions(s)))
 *   const schedules = startSchedules(services, me.id)   // main.ts; schedules.stop() on shutdown
 *
 * Each is a node-cron `distributed` task whose run coordinator is the
 * database: before a slot runs, the process inserts `<name>:<slot time>` into
 * blade_schedule_run with ON CONFLICT DO NOTHING; the one whose row went in
 * runs the slot, the others skip it. The slot is the planned time node-cron
 * computed (not the moment the timer fired), so processes agree on it as
 * far as their clocks agree (keep them NTP-synced; a skew under the
 * schedule's period never runs a slot twice). Taken slots older than a day
 * are pruned by the winners.
 */
import cron, { type RunCoordinator, type ScheduledTask } from 'node-cron'
import { eq, lt } from 'drizzle-orm'
import { scheduleRun } from '../../db/schema/index.ts'
import type { Services } from './context.ts'
import type { Db } from './db.ts'
import { processIdentity } from './processes.ts'

export interface ScheduleDefinition {
  name: string
  expression: string
  run: (services: Services, slot: Date) => unknown
}

const definitions = new Map<string, ScheduleDefinition>()

/** Declares a recurring task; modules (or main.ts) call it at import time. The name is unique across the appliance. */
export function defineSchedule(name: string, expression: string, run: ScheduleDefinition['run']) {
  if (!cron.validate(expression)) throw new Error(`schedule ${name}: invalid cron expression ${expression}`)
  definitions.set(name, { name, expression, run })
}

const DAY_MS = 86_400_000

/**
 * Takes one slot for `owner`: true for exactly one caller across processes (a primary-key insert that does
 * nothing on conflict). node-cron's key is `<task name>:<slot ISO time>`.
 */
export async function claimSlot(db: Db, key: string, owner: string, at = Date.now()): Promise<boolean> {
  const won = (await db.insert(scheduleRun).values({ key, owner, at }).onConflictDoNothing().returning()).length === 1
  // One index range on a win keeps the table at about a day's slots.
  if (won) await db.delete(scheduleRun).where(lt(scheduleRun.at, at - DAY_MS))
  return won
}

/** Gives a slot back (its work failed and may be tried again by a later check). */
export async function releaseSlot(db: Db, key: string): Promise<void> {
  await db.delete(scheduleRun).where(eq(scheduleRun.key, key))
}

/** node-cron's hook for distributed tasks, answered from the database. */
export const databaseCoordinator = (db: Db, owner: string): RunCoordinator => ({
  shouldRun: (key) => claimSlot(db, key, owner),
})

/**
 * Options for a cron.schedule a service starts itself (the lab reaper, the OTA sweep): each slot runs in one
 * process across those sharing `db`.
 */
export const onceAcrossProcesses = (db: Db, name: string) => ({
  name,
  distributed: true,
  runCoordinator: databaseCoordinator(db, processIdentity()),
  noOverlap: true,
})

/** Starts every defined schedule (or those named) in this process; each slot runs in one process only. */
export function startSchedules(services: Services, owner: string, names?: string[]): { stop(): Promise<void> } {
  const coordinator = databaseCoordinator(services.db, owner)
  const tasks: ScheduledTask[] = []
  for (const d of definitions.values()) {
    if (names && !names.includes(d.name)) continue
    tasks.push(
      cron.schedule(
        d.expression,
        async (c) => {
          try {
            await d.run(services, c.date)
          } catch (err) {
            services.log.error({ err, schedule: d.name }, 'scheduled task failed')
          }
        },
        { name: d.name, distributed: true, runCoordinator: coordinator, noOverlap: true },
      ),
    )
  }
  return {
    async stop() {
      await Promise.all(tasks.map((t) => t.stop()))
    },
  }
}
