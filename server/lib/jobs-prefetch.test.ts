import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { job } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { defineJob, enqueue, startJobRunner } from './jobs.ts'

const KIND = 'test.prefetch'
let gate: Promise<void> = Promise.resolve()
let running = 0
let most = 0
const ran: string[] = []
// Two at once, three more claimed ahead: a claim takes four rows in one statement.
defineJob<{ n: number }>(
  KIND,
  async (j) => {
    running++
    most = Math.max(most, running)
    try {
      await Promise.race([
        gate,
        new Promise((_, no) => j.signal.addEventListener('abort', () => no(new Error('stopped')))),
      ])
      ran.push(String(j.payload.n))
    } finally {
      running--
    }
  },
  { concurrency: 2, prefetch: 3 },
)

describe('jobs claimed ahead (a kind with prefetch)', async () => {
  const t = await testApp()
  const db = t.services.db
  const states = async () =>
    (await db.select({ state: job.state, attempts: job.attempts }).from(job).where(eq(job.kind, KIND))).map(
      (r) => `${r.state}/${r.attempts}`,
    )
  const count = async (s: string) => (await states()).filter((x) => x.startsWith(`${s}/`)).length

  it('are held while the slots are busy, given back with their attempts when the runner stops, and each runs once', async () => {
    let open!: () => void
    gate = new Promise((r) => (open = r))
    for (let n = 0; n < 10; n++) await enqueue(db, KIND, { n })
    const first = startJobRunner(t.services, { kinds: [KIND], pollMs: 10 })
    await expect.poll(() => running).toBe(2)
    // Two running, two more claimed with them (one claim of 1 + 3 rows, then one from what is held): four leased.
    await expect.poll(() => count('running')).toBe(4)
    expect(await count('queued')).toBe(6)
    await first.stop()
    expect(ran).toEqual([])
    // Every row queued again, no attempt used up: neither the two stopped nor the two that never started.
    expect((await states()).sort()).toEqual(Array(10).fill('queued/0'))

    open()
    const second = startJobRunner(t.services, { kinds: [KIND], pollMs: 10 })
    await expect.poll(() => count('done'), { timeout: 10_000 }).toBe(10)
    await second.stop()
    expect(ran.sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 10 }, (_, n) => String(n)))
    expect(most).toBe(2)
    expect(
      await db
        .select()
        .from(job)
        .where(and(eq(job.kind, KIND), eq(job.attempts, 1))),
    ).toHaveLength(10)
  })
})
