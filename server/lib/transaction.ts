import type { Ctx } from './context.ts'

/** A transaction handle: what `ctx.db.transaction` passes its body. */
export type Tx = Parameters<Parameters<Ctx['db']['transaction']>[0]>[0]

/** Something to do once the transaction committed: a broker notification, a job runner's wake-up, a cache bump. */
export type AfterCommit = () => unknown

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof (v as { then?: unknown } | null)?.then === 'function'

/**
 * Runs `body` in one transaction and, only once it committed, what it queued
 * with `after(fn)`. A body that throws rolls everything back and nothing queued
 * happens: a message that was never stored is never announced.
 *
 * The body itself is synchronous on purpose. bun:sqlite gives the process one
 * connection: a body that awaited would let other requests' statements run
 * inside this transaction (and roll back with it). A body that returns a
 * promise is refused and rolled back, so an async hook cannot silently commit
 * before it ran. Async work belongs before the transaction (validation, hashing,
 * look-ups) or after it (`after`). Work outside the database that the write
 * must not lose (mail, SMS, a payment gateway, a device) is a durable job
 * enqueued in the body — `enqueue(tx, kind, payload)` (jobs.ts): its row
 * commits or rolls back with the write, and a runner of any process runs it
 * after the commit under a lease, retried until done. `after` is for what may
 * be lost (a broker notification, a wake-up). On PostgreSQL a pooled
 * connection per transaction would let the body await; the contract stays
 * synchronous so one code path holds on both, and jobs carry the awaiting.
 *
 * Side effects that fail after the commit do not undo it: the write stands and
 * the failure goes to `onError` (the request log), never to the caller as a 500
 * that would invite a retry of something already done.
 */
export async function transact<R>(
  ctx: Ctx,
  body: (tx: Tx, after: (fn: AfterCommit) => void) => R,
  onError: (err: unknown) => void = (err) => console.error('after-commit side effect failed', err),
): Promise<R> {
  const queued: AfterCommit[] = []
  // IMMEDIATE: the write lock is taken (or waited for, busy_timeout) at BEGIN. A deferred transaction that read
  // first and then wrote failed at once with SQLITE_BUSY_SNAPSHOT whenever another connection (the device-log
  // thread, the CLI, a second appliance process) had written in between; busy_timeout does not cover that case.
  const result = ctx.db.transaction(
    (tx) => {
      const r = body(tx, (fn) => void queued.push(fn))
      if (isThenable(r)) throw new Error('a transaction body must be synchronous: do async work before it or after it')
      return r
    },
    { behavior: 'immediate' },
  )
  await runAfterCommit(queued, onError)
  return result
}

/** Runs queued side effects in order, each awaited; one failing does not stop the next. */
export async function runAfterCommit(queued: AfterCommit[], onError: (err: unknown) => void): Promise<void> {
  for (const fn of queued) {
    try {
      await fn()
    } catch (err) {
      onError(err)
    }
  }
}

/** Refuses (and so rolls back) a hook run inside a transaction that answered a promise. */
export function mustBeSync(v: unknown, what: string): void {
  if (isThenable(v)) throw new Error(`${what} runs inside the transaction and must be synchronous; use afterCommit`)
}
