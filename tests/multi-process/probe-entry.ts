/**
 * The real appliance (server/main.ts) plus a probe job kind and a probe schedule, for the several-processes tests:
 * each start, end and slot run is one JSON line appended to <data>/probe.log with this process's pid.
 */
import { appendFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { defineJob } from '../../server/lib/jobs.ts'
import { defineSchedule } from '../../server/lib/schedules.ts'
import { main } from '../../server/main.ts'

const dir = process.env.ATRIUM_DATA_DIR!
const note = (line: Record<string, unknown>) =>
  appendFileSync(join(dir, 'probe.log'), `${JSON.stringify({ pid: process.pid, at: Date.now(), ...line })}\n`)

// Runs until the test writes <data>/release-<job id>.
defineJob('test.probe', async (job) => {
  note({ event: 'start', job: job.id, attempt: job.attempt })
  while (!existsSync(join(dir, `release-${job.id}`))) {
    if (job.signal.aborted) throw new Error('stopped')
    await new Promise((r) => setTimeout(r, 50))
  }
  note({ event: 'done', job: job.id })
})

defineSchedule('test.every-second', '* * * * * *', (_s, slot) => note({ event: 'slot', slot: slot.toISOString() }))

await main()
