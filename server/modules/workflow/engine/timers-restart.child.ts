/**
 * An appliance process for timers.test.ts: boots new services over the same database, runs the workflow timer jobs
 * for `ms` milliseconds (or, with `until-idle`, until no timer job is due any more) and stops its runner, as main.ts
 * does on SIGTERM. Usage: bun timers-restart.child.ts <ms> [until-idle]  (ATRIUM_DATA_DIR / ATRIUM_DATABASE_URL)
 */
import { and, inArray, lte } from 'drizzle-orm'
import { job } from '../../../../db/schema/index.ts'
import { boot } from '../../../boot.ts'
import { loadConfig } from '../../../lib/config.ts'
import { closeDb } from '../../../lib/db.ts'
import { startJobRunner } from '../../../lib/jobs.ts'
import { DUE_JOB, TIMER_JOB } from './timer-jobs.ts'
import { useWorkflowTimers } from './timers.ts'

const [ms, mode] = process.argv.slice(2)
const services = await boot(loadConfig(process.env), { logLevel: 'silent' })
useWorkflowTimers(services)
const runner = startJobRunner(services, { kinds: [TIMER_JOB, DUE_JOB], pollMs: 100 })
const until = Date.now() + Number(ms)
const due = () =>
  services.db
    .select({ id: job.id })
    .from(job)
    .where(
      and(
        inArray(job.kind, [TIMER_JOB, DUE_JOB]),
        inArray(job.state, ['queued', 'running']),
        lte(job.runAfter, Date.now()),
      ),
    )
while (Date.now() < until) {
  await new Promise((r) => setTimeout(r, 100))
  if (mode === 'until-idle' && !(await due()).length) break
}
await runner.stop()
console.log(JSON.stringify({ due: (await due()).length }))
await closeDb(services.db)
process.exit(0)
