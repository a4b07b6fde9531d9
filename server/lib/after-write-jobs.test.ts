import { and, count, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { job, notice } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { badRequest } from './errors.ts'
import { defineJob, enqueue, startJobRunner, type JobRunner } from './jobs.ts'
import { defineResource } from './resource.ts'
import { first } from './rows.ts'
import { probeResource } from '../../tests/support/probe-resource.ts'

const KIND = 'test.after-write.notify'
const sent: string[] = []
// What must await something outside the database (a mail server, a gateway) runs as a job after the commit.
defineJob<{ id: string; title: string }>(KIND, async (j) => {
  await new Promise((r) => setTimeout(r, 20))
  sent.push(j.payload.title)
})

/**
 * A resource whose write must reach something outside the database: its afterWrite enqueues a durable job in the
 * write's own transaction (enqueue(tx, …)), so the job exists exactly when the row does.
 */
const announced = probeResource(
  defineResource({
    table: notice,
    path: '/api/test/announced-notice',
    code: 'desk:notice',
    afterWrite: async (ctx, w, tx) => {
      await enqueue(
        tx,
        KIND,
        { id: w.values.id, title: w.values.title },
        { tenantId: ctx.actor.tenantId, ref: String(w.values.id) },
      )
      // A later step of the same write failing (a related row refused) rolls the job back with the row.
      if (w.values.title === 'refused') throw badRequest('validation.invalid', { field: 'title' }, 'title')
    },
  }),
)

describe('afterWrite work that must await: a durable job enqueued in the write transaction', async () => {
  const t = await testApp()
  const db = t.services.db
  const runners: JobRunner[] = []
  afterAll(async () => {
    for (const r of runners) await r.stop()
  })
  const jobs = async () => (await first(db.select({ n: count() }).from(job).where(eq(job.kind, KIND))))!.n

  it('a write that rolls back enqueues nothing', async () => {
    const refused = await announced.ops.submit(t.system(), { title: 'refused', category: 1 }).catch((e) => e)
    expect(refused.status).toBe(400)
    expect(await jobs()).toBe(0)
    expect((await first(db.select({ n: count() }).from(notice).where(eq(notice.title, 'refused'))))!.n).toBe(0)
  })

  it('a committed write runs its job once, after the commit, even with two runners (two processes) polling', async () => {
    // Two runners with their own lease owners, as two appliance processes would be.
    runners.push(startJobRunner(t.services, { kinds: [KIND], pollMs: 20, owner: 'process-a' }))
    runners.push(startJobRunner(t.services, { kinds: [KIND], pollMs: 20, owner: 'process-b' }))
    const row = await announced.ops.submit(t.system(), { title: 'committed', category: 1 })
    const state = async () =>
      (
        await first(
          db
            .select({ state: job.state })
            .from(job)
            .where(and(eq(job.kind, KIND), eq(job.ref, row.id))),
        )
      )?.state
    const deadline = Date.now() + 10_000
    while ((await state()) !== 'done' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(await state()).toBe('done')
    await new Promise((r) => setTimeout(r, 200))
    expect(sent).toEqual(['committed'])
    expect(await jobs()).toBe(1)
  })
})
