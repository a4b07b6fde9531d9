/**
 * The durable job queue: background work is a row in blade_job (kind, payload,
 * state, attempts, run-after), picked up by one runner per process, so a
 * restart resumes it.
 *
 *   enqueue(db, 'transcode', { id }, { tenantId, ref: id })   // anywhere: a route, the CLI, another job
 *   enqueue(tx, 'mail', { id })                                // in a write's transaction (afterWrite, transact):
 *                                                              // the job exists exactly when the write committed
 *   defineJob('transcode', async (job) => { ...; job.progress(40); ... }, { concurrency: 2 })
 *   const runner = startJobRunner(services)                    // main.ts; runner.stop() on shutdown
 *
 * States: queued → running → done; a throw puts it back to queued with a
 * growing delay until maxAttempts, then failed (PermanentJobError fails at
 * once). Handlers get an AbortSignal that fires on stop: they must end their
 * child processes.
 *
 * Several processes share the queue (issue #27). A job is claimed by one
 * conditional UPDATE that sets state running, the lease owner (this runner)
 * and the lease end (now + ATRIUM_LEASE_MS); the runner's heartbeat renews
 * the leases of its running jobs every third of that. Another runner takes a
 * running job over only once its lease ran out (its process was killed or
 * hung), without using up an attempt; a stopped runner puts its jobs back at
 * once. Every write about a running job is conditional on still holding its
 * lease, so a runner that lost one (it hung past the lease) neither finishes
 * nor fails the job behind the new owner's back; its handler is aborted.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { job } from '../../db/schema/index.ts'
import type { Services } from './context.ts'
import type { Db } from './db.ts'
import { newId } from './ids.ts'
import { processIdentity } from './processes.ts'
import { insertRows } from './prepared.ts'
import { now } from './time.ts'
import { first } from './rows.ts'
import type { Tx } from './transaction.ts'
import { writeBatches } from './write-batch.ts'
import { jobStatements } from './job-statements.ts'

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
  /** The runner's database: a handler serving several apps in one process (tests) finds its own by it. */
  db: Db
}

/**
 * What a handler may answer: its last write, committed in the same transaction as the job's end (on SQLite, with
 * the other writes of that moment, write-batch.ts) instead of in one of its own just before it. The outbox records
 * a sent message this way: one commit where there were two, and the record and the job's end land together. Database
 * writes only: on SQLite it runs again, in a new transaction, if another write of its batch was refused.
 */
export type FinalWrite = (tx: Tx) => Promise<unknown>

export interface JobDefinition {
  kind: string
  handler: (job: JobContext<Record<string, unknown>>) => Promise<void | FinalWrite>
  /** How many jobs of this kind run at once in this process. */
  concurrency: number
  /** Delay before retry n is 2^(n-1) × this many ms. */
  backoffMs: number
  /**
   * Jobs a claim takes beyond a free slot, held (their leases renewed) until one frees: for a kind queued by the
   * thousand (a job a message), so a claim — a write and its commit — serves several jobs. 0: one claim a job.
   */
  prefetch: number
}

/** A failure that retrying cannot fix (a broken input file): the job fails at once. */
export class PermanentJobError extends Error {}

const definitions = new Map<string, JobDefinition>()

/** Declares what a kind of job does; modules call it at import time, like defineResource. */
export function defineJob<P>(
  kind: string,
  handler: (job: JobContext<P>) => Promise<void | FinalWrite>,
  o: { concurrency?: number; backoffMs?: number; prefetch?: number } = {},
) {
  definitions.set(kind, {
    kind,
    handler: handler as JobDefinition['handler'],
    concurrency: o.concurrency ?? 1,
    backoffMs: o.backoffMs ?? 5000,
    prefetch: o.prefetch ?? 0,
  })
}

const wakers = new Set<() => void>()

/**
 * Adds a job; given the caller's transaction, the job commits or rolls back with it. Answers its id. The runners
 * are woken at once: on SQLite their claim waits at the connection's gate until the caller's transaction ended.
 */
export async function enqueue(
  db: Db | Tx,
  kind: string,
  payload: Record<string, unknown>,
  o: { tenantId?: string; ref?: string; runAfter?: number; maxAttempts?: number } = {},
): Promise<string> {
  const id = newId()
  const stamp = now()
  // Prepared (insertRows): a busy queue — the outbox writes a job a message — enqueues thousands in one transaction.
  await insertRows(db, 'jobs.enqueue', job, [
    {
      id,
      kind,
      payload: JSON.stringify(payload),
      tenantId: o.tenantId ?? '000000',
      ref: o.ref ?? null,
      runAfter: o.runAfter ?? 0,
      maxAttempts: o.maxAttempts ?? 3,
      createTime: stamp,
      updateTime: stamp,
    },
  ])
  queueMicrotask(() => wakers.forEach((w) => w()))
  return id
}

/** The newest job of a kind about one thing (e.g. a courseware's transcode), for progress displays. */
export function latestJob(db: Db, kind: string, ref: string): Promise<JobRow | undefined> {
  return first(
    db
      .select()
      .from(job)
      .where(and(eq(job.kind, kind), eq(job.ref, ref)))
      .orderBy(sql`${job.id} desc`),
  )
}

export interface JobRunner {
  /** Resolves when every running job has settled (aborted ones are queued again). */
  stop(): Promise<void>
  /** Looks for work now instead of at the next poll. */
  wake(): void
}

let runners = 0

/** How often a runner looks for jobs a dead process left running (their leases ran out). */
const ABANDONED_CHECK_MS = 1_000

/**
 * A job's end with its handler's final write, committed with the other writes of the same moment (write-batch.ts).
 * A runner that lost the lease meanwhile still writes the handler's part; the job's end is the new owner's.
 */
const finishJob = writeBatches(
  async (tx: Tx, f: { id: string; owner: string; stamp: string; last: void | FinalWrite; held: boolean }) => {
    if (f.last) await f.last(tx)
    if (f.held) await jobStatements(tx).finish.execute(f)
  },
)

/** Starts the one runner of this process over the defined kinds (or just `kinds`). */
export function startJobRunner(
  services: Pick<Services, 'db' | 'log'> & { config?: Pick<Services['config'], 'leaseMs'> },
  o: { kinds?: string[]; pollMs?: number; leaseMs?: number; owner?: string } = {},
): JobRunner {
  const { db, log } = services
  const kinds = (o.kinds ?? [...definitions.keys()]).filter((k) => definitions.has(k))
  const leaseMs = o.leaseMs ?? services.config?.leaseMs ?? 30_000
  /** Who holds the leases: this process, and which of its runners (tests start several in one process). */
  const owner = o.owner ?? `${processIdentity()}#${++runners}`
  const running = new Map<string, { done: Promise<void>; abort: AbortController }>()
  const perKind = new Map<string, number>()
  const stopper = new AbortController()
  let stopped = false
  /** The job is still this runner's: every write about a running job carries it. */
  const held = (id: string) => and(eq(job.id, id), eq(job.state, 'running'), eq(job.leaseOwner, owner))

  /**
   * Takes the next due job of a kind with a free slot in one conditional UPDATE: a running job whose lease ran out (a
   * dead process's) first, else the earliest queued and due. The condition is checked again on the row itself, so two
   * runners picking the same row concurrently cannot both get it: the database decides, the loser's update touches no
   * row. The two cases are asked one after the other, each on ix_job_pick (state, run_after, id): asked together (an
   * OR over both states) the query scanned the whole table, done jobs included, for every claim.
   *
   * Abandoned jobs are looked for at most every ABANDONED_CHECK_MS (and on every claim while some are found): they
   * exist only after a process died, their lease already made them wait leaseMs, and asking on every claim was half
   * of what a busy queue (the outbox, a job a message) spent claiming.
   */
  let abandonedCheckedAt = 0
  /** Jobs claimed ahead (a kind's prefetch), in claim order, waiting for a slot of their kind. */
  const ahead: JobRow[] = []
  async function claim(): Promise<JobRow | undefined> {
    const free = kinds.filter((k) => (perKind.get(k) ?? 0) < definitions.get(k)!.concurrency)
    if (!free.length) return undefined
    const waiting = ahead.findIndex((r) => free.includes(r.kind))
    if (waiting >= 0) return ahead.splice(waiting, 1)[0]
    const t = Date.now()
    const q = jobStatements(db)
    const params = { kinds: JSON.stringify(free), t, owner, until: t + leaseMs, stamp: now() }
    if (t - abandonedCheckedAt >= Math.min(ABANDONED_CHECK_MS, leaseMs / 3)) {
      const taken = await first(q.claimAbandoned.execute(params))
      if (taken) return taken
      abandonedCheckedAt = t
    }
    // Kinds that prefetch first, several at a time (one each while something is ahead, so the rows held stay few);
    // the others one by one, as before.
    const batched = free.filter((k) => definitions.get(k)!.prefetch > 0)
    if (batched.length) {
      const n = ahead.length ? 1 : 1 + Math.max(...batched.map((k) => definitions.get(k)!.prefetch))
      const taken = await q.claimDueMany.execute({ ...params, kinds: JSON.stringify(batched), n })
      // RETURNING follows no order: the queue's own (due time, then id) is restored here.
      const [next, ...rest] = taken.sort((a, b) => a.runAfter - b.runAfter || (a.id < b.id ? -1 : 1))
      if (next) {
        if (stopped) await Promise.all(rest.map(requeue))
        else ahead.push(...rest)
        return next
      }
    }
    return first(q.claimDue.execute(params))
  }

  /** Renews the leases of this runner's running jobs; a job no longer held (taken over) is aborted here. */
  async function heartbeat() {
    if (!running.size && !ahead.length) return
    const ids = [...running.keys(), ...ahead.map((r) => r.id)]
    const renewed = new Set(
      (
        await db
          .update(job)
          .set({ leaseUntil: Date.now() + leaseMs })
          .where(and(inArray(job.id, ids), eq(job.state, 'running'), eq(job.leaseOwner, owner)))
          .returning({ id: job.id })
      ).map((r) => r.id),
    )
    for (const id of ids)
      if (!renewed.has(id)) {
        log.warn({ job: id }, 'job lease lost (taken over after this process was too slow to renew it): aborting it')
        running.get(id)?.abort.abort()
        const held = ahead.findIndex((r) => r.id === id)
        if (held >= 0) ahead.splice(held, 1)
      }
  }

  function run(row: JobRow) {
    const def = definitions.get(row.kind)!
    perKind.set(row.kind, (perKind.get(row.kind) ?? 0) + 1)
    let lastWrite = 0
    const abort = new AbortController()
    let childLog: Logger | undefined
    const ctx: JobContext = {
      id: row.id,
      tenantId: row.tenantId,
      ref: row.ref,
      payload: JSON.parse(row.payload),
      attempt: row.attempts,
      lastAttempt: row.attempts >= row.maxAttempts,
      signal: abort.signal,
      // Made when first used: most jobs log nothing, and a child logger per job was a busy queue's cost.
      get log() {
        return (childLog ??= log.child({ job: row.id, kind: row.kind }))
      },
      db,
      progress(p) {
        const t = Date.now()
        if (t - lastWrite < 300 && p < 100) return
        lastWrite = t
        void db
          .update(job)
          .set({ progress: Math.max(0, Math.min(100, Math.round(p))), updateTime: now() })
          .where(held(row.id))
          .then(undefined, (err: unknown) => ctx.log.warn({ err }, 'job progress not recorded'))
      },
    }
    const done = (async () => {
      try {
        try {
          const last = await def.handler(ctx)
          // Lost the lease (aborted, the runner still going): the new owner records the end.
          const held = !(abort.signal.aborted && !stopper.signal.aborted)
          if (last || held) await finishJob(db, { id: row.id, owner, stamp: now(), last, held })
        } catch (e) {
          const msg = e instanceof Error ? e.message : String(e)
          if (stopper.signal.aborted) {
            await requeue(row)
          } else if (abort.signal.aborted) {
            // Lost the lease: the job is another runner's now.
          } else if (e instanceof PermanentJobError || row.attempts >= row.maxAttempts) {
            ctx.log.warn({ err: msg }, 'job failed')
            await db
              .update(job)
              .set({ state: 'failed', lastError: msg.slice(0, 2000), ...release, updateTime: now() })
              .where(held(row.id))
          } else {
            ctx.log.info({ err: msg, attempt: row.attempts }, 'job will be retried')
            await db
              .update(job)
              .set({
                state: 'queued',
                lastError: msg.slice(0, 2000),
                runAfter: Date.now() + def.backoffMs * 2 ** (row.attempts - 1),
                ...release,
                updateTime: now(),
              })
              .where(held(row.id))
          }
        }
      } catch (err) {
        ctx.log.error({ err }, 'job end not recorded (the lease runs out and another runner takes it over)')
      } finally {
        perKind.set(row.kind, perKind.get(row.kind)! - 1)
        running.delete(row.id)
        if (!stopped) queueMicrotask(pump)
      }
    })()
    running.set(row.id, { done, abort })
  }

  const release = { leaseOwner: null, leaseUntil: null }
  /** A job claimed but not to be run (the runner stopped meanwhile): queued again, its attempt given back. */
  const requeue = (row: JobRow) =>
    db
      .update(job)
      .set({ state: 'queued', attempts: Math.max(row.attempts - 1, 0), ...release, updateTime: now() })
      .where(held(row.id))

  /**
   * Claims and starts jobs while slots are free. One pass at a time: the slots are counted before each claim and
   * taken after it, so a wake-up during a pass asks for one more pass instead of racing it.
   */
  let pumping: Promise<void> | undefined
  let again = false
  function pump() {
    if (stopped) return
    if (pumping) {
      again = true
      return
    }
    pumping = (async () => {
      try {
        do {
          again = false
          for (let next = await claim(); next; next = stopped ? undefined : await claim()) {
            if (stopped) await requeue(next)
            else run(next)
          }
        } while (again && !stopped)
      } catch (err) {
        log.error({ err }, 'job claim failed')
      } finally {
        pumping = undefined
      }
    })()
  }

  const timer = setInterval(pump, o.pollMs ?? 1000)
  const beat = setInterval(
    () => void heartbeat().catch((err: unknown) => log.error({ err }, 'job heartbeat failed')),
    Math.max(100, Math.floor(leaseMs / 3)),
  )
  wakers.add(pump)
  queueMicrotask(pump)

  return {
    wake: pump,
    async stop() {
      stopped = true
      clearInterval(timer)
      clearInterval(beat)
      wakers.delete(pump)
      stopper.abort()
      for (const r of running.values()) r.abort.abort()
      await pumping
      // Claimed ahead and never started: queued again, their attempts given back.
      await Promise.allSettled(ahead.splice(0).map(requeue))
      await Promise.allSettled([...running.values()].map((r) => r.done))
    },
  }
}
