/**
 * The durable job queue: background work is a row in blade_job (kind, payload,
 * state, attempts, run-after), picked up by one runner per process, so a
 * restart resumes it.
 *
 *   enqueue(db, 'transcode', { id }, { tenantId, ref: id })   // anywhere: a route, the CLI, another job
 *   defineJob('transcode', async (job) => { ...; job.progress(40); ... }, { concurrency: 2 })
 *   const runner = startJobRunner(services)                    // main.ts; runner.stop() on shutdown
 *
 * States: queued → running → done; a throw puts it back to queued with a
 * growing delay until maxAttempts, then failed (PermanentJobError fails at
 * once). A job still running when its process died (or was stopped) is
 * queued again on the next start without using up an attempt. Handlers get an
 * AbortSignal that fires on stop: they must end their child processes.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { job } from '../../db/schema/index.ts'
import type { Services } from './context.ts'
import type { Db } from './db.ts'
import { newId } from './ids.ts'
import { now } from './time.ts'

export type JobRow = typeof job.$inferSelect

export interface JobContext<P = Record<string, unknown>> {
  id: string
  tenantId: string
  ref: string | null
  payload: P
  /** 1 on the first try. */
  attempt: number
  /** No retry follows if this attempt fails: the handler should record the failure where users see it. */
  lastAttempt: boolean
  /** Records 0–100 on the job row (at most a few writes a second). */
  progress(percent: number): void
  /** Fires when the runner stops; the job is then queued again, not failed. */
  signal: AbortSignal
  log: Logger
}

export interface JobDefinition {
  kind: string
  handler: (job: JobContext<Record<string, unknown>>) => Promise<void>
  /** How many jobs of this kind run at once in this process. */
  concurrency: number
  /** Delay before retry n is 2^(n-1) × this many ms. */
  backoffMs: number
}

/** A failure that retrying cannot fix (a broken input file): the job fails at once. */
export class PermanentJobError extends Error {}

const definitions = new Map<string, JobDefinition>()

/** Declares what a kind of job does; modules call it at import time, like defineResource. */
export function defineJob<P>(
  kind: string,
  handler: (job: JobContext<P>) => Promise<void>,
  o: { concurrency?: number; backoffMs?: number } = {},
) {
  definitions.set(kind, {
    kind,
    handler: handler as JobDefinition['handler'],
    concurrency: o.concurrency ?? 1,
    backoffMs: o.backoffMs ?? 5000,
  })
}

const wakers = new Set<() => void>()

/** Adds a job (synchronously, so it can share the caller's transaction when given one). Returns its id. */
export function enqueue(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  kind: string,
  payload: Record<string, unknown>,
  o: { tenantId?: string; ref?: string; runAfter?: number; maxAttempts?: number } = {},
): string {
  const id = newId()
  db.insert(job)
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      tenantId: o.tenantId ?? '000000',
      ref: o.ref ?? null,
      runAfter: o.runAfter ?? 0,
      maxAttempts: o.maxAttempts ?? 3,
      createTime: now(),
      updateTime: now(),
    })
    .run()
  queueMicrotask(() => wakers.forEach((w) => w()))
  return id
}

/** The newest job of a kind about one thing (e.g. a courseware's transcode), for progress displays. */
export function latestJob(db: Db, kind: string, ref: string): JobRow | undefined {
  return db
    .select()
    .from(job)
    .where(and(eq(job.kind, kind), eq(job.ref, ref)))
    .orderBy(sql`${job.id} desc`)
    .limit(1)
    .get()
}

export interface JobRunner {
  /** Resolves when every running job has settled (aborted ones are queued again). */
  stop(): Promise<void>
  /** Looks for work now instead of at the next poll. */
  wake(): void
}

/** Starts the one runner of this process over the defined kinds (or just `kinds`). */
export function startJobRunner(
  services: Pick<Services, 'db' | 'log'>,
  o: { kinds?: string[]; pollMs?: number } = {},
): JobRunner {
  const { db, log } = services
  const kinds = (o.kinds ?? [...definitions.keys()]).filter((k) => definitions.has(k))
  const running = new Map<string, Promise<void>>()
  const perKind = new Map<string, number>()
  const stopper = new AbortController()
  let stopped = false

  // Whatever was running when the last process ended is ours to resume: single runner, so nothing else holds it.
  if (kinds.length)
    db.update(job)
      .set({ state: 'queued', attempts: sql`max(${job.attempts} - 1, 0)`, updateTime: now() })
      .where(and(eq(job.state, 'running'), inArray(job.kind, kinds)))
      .run()

  /** Atomically takes the next due job of a kind with a free slot. */
  function claim(): JobRow | undefined {
    const free = kinds.filter((k) => (perKind.get(k) ?? 0) < definitions.get(k)!.concurrency)
    if (!free.length) return undefined
    return db.transaction((tx) => {
      const next = tx
        .select({ id: job.id })
        .from(job)
        .where(and(eq(job.state, 'queued'), inArray(job.kind, free), lte(job.runAfter, Date.now())))
        .orderBy(asc(job.runAfter), asc(job.id))
        .limit(1)
        .get()
      if (!next) return undefined
      return tx
        .update(job)
        .set({ state: 'running', attempts: sql`${job.attempts} + 1`, updateTime: now() })
        .where(and(eq(job.id, next.id), eq(job.state, 'queued')))
        .returning()
        .get()
    })
  }

  function run(row: JobRow) {
    const def = definitions.get(row.kind)!
    perKind.set(row.kind, (perKind.get(row.kind) ?? 0) + 1)
    let lastWrite = 0
    const ctx: JobContext = {
      id: row.id,
      tenantId: row.tenantId,
      ref: row.ref,
      payload: JSON.parse(row.payload),
      attempt: row.attempts,
      lastAttempt: row.attempts >= row.maxAttempts,
      signal: stopper.signal,
      log: log.child({ job: row.id, kind: row.kind }),
      progress(p) {
        const t = Date.now()
        if (t - lastWrite < 300 && p < 100) return
        lastWrite = t
        db.update(job)
          .set({ progress: Math.max(0, Math.min(100, Math.round(p))), updateTime: now() })
          .where(eq(job.id, row.id))
          .run()
      },
    }
    const done = (async () => {
      try {
        await def.handler(ctx)
        db.update(job)
          .set({ state: 'done', progress: 100, lastError: null, updateTime: now() })
          .where(eq(job.id, row.id))
          .run()
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e)
        if (stopper.signal.aborted) {
          db.update(job)
            .set({ state: 'queued', attempts: Math.max(row.attempts - 1, 0), updateTime: now() })
            .where(eq(job.id, row.id))
            .run()
        } else if (e instanceof PermanentJobError || row.attempts >= row.maxAttempts) {
          ctx.log.warn({ err: msg }, 'job failed')
          db.update(job)
            .set({ state: 'failed', lastError: msg.slice(0, 2000), updateTime: now() })
            .where(eq(job.id, row.id))
            .run()
        } else {
          ctx.log.info({ err: msg, attempt: row.attempts }, 'job will be retried')
          db.update(job)
            .set({
              state: 'queued',
              lastError: msg.slice(0, 2000),
              runAfter: Date.now() + def.backoffMs * 2 ** (row.attempts - 1),
              updateTime: now(),
            })
            .where(eq(job.id, row.id))
            .run()
        }
      } finally {
        perKind.set(row.kind, perKind.get(row.kind)! - 1)
        running.delete(row.id)
        if (!stopped) queueMicrotask(pump)
      }
    })()
    running.set(row.id, done)
  }

  function pump() {
    if (stopped) return
    for (let next = claim(); next; next = claim()) run(next)
  }

  const timer = setInterval(pump, o.pollMs ?? 1000)
  wakers.add(pump)
  queueMicrotask(pump)

  return {
    wake: pump,
    async stop() {
      stopped = true
      clearInterval(timer)
      wakers.delete(pump)
      stopper.abort()
      await Promise.allSettled([...running.values()])
    },
  }
}
