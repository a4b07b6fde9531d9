import type { Ctx } from './context.ts'
import { dbEngine, sameEngineAs, type Db } from './db.ts'
import { asHolder, gateOf, insideTransaction, type Open } from './db-gate.ts'

export { insideTransaction }

/**
 * A transaction handle: the same builders as the connection. On SQLite it is the connection itself (one per
 * process; the gate below keeps everyone else's statements out while it is open); on PostgreSQL drizzle's
 * transaction, bound to one pooled connection.
 */
export type Tx = Db

/** Something to do once the transaction committed: a broker notification, a job runner's wake-up, a cache bump. */
export type AfterCommit = () => unknown

/**
 * Runs `body` in one transaction on either engine: committed when it resolves, rolled back when it throws. The
 * body may await its queries (only on `tx`), never outside work (fetch, files, Docker): the transaction would stay
 * open meanwhile and, on SQLite, hold every other statement. Correctness under concurrency comes from the
 * database — conditional updates, unique indexes, row versions — so the same body is right on PostgreSQL's
 * READ COMMITTED with other processes writing.
 */
export async function withTransaction<R>(db: Db, body: (tx: Tx) => Promise<R> | R): Promise<R> {
  if (dbEngine(db) === 'postgres')
    return (db as unknown as { transaction: (fn: (tx: Tx) => Promise<R>) => Promise<R> }).transaction(async (tx) => {
      sameEngineAs(tx, db)
      return await body(tx)
    })
  const client = db.$client
  const g = gateOf(db)
  if (g.open && insideTransaction(db)) {
    const name = `sp${++g.open.depth}`
    client.exec(`SAVEPOINT ${name}`)
    try {
      const r = await body(db)
      client.exec(`RELEASE ${name}`)
      return r
    } catch (err) {
      client.exec(`ROLLBACK TO ${name}`)
      client.exec(`RELEASE ${name}`)
      throw err
    }
  }
  while (g.open) await g.open.done
  let release!: () => void
  const open: Open = { token: {}, done: new Promise<void>((r) => (release = r)), depth: 0 }
  g.open = open
  try {
    return await asHolder(open, async () => {
      // IMMEDIATE: the write lock is taken (or waited for, busy_timeout) at BEGIN. A deferred transaction that read
      // first and then wrote failed at once with SQLITE_BUSY_SNAPSHOT whenever another connection (the device-log
      // thread, the CLI) had written in between; busy_timeout does not cover that case.
      client.exec('BEGIN IMMEDIATE')
      try {
        const r = await body(db)
        client.exec('COMMIT')
        return r
      } catch (err) {
        if (client.inTransaction) client.exec('ROLLBACK')
        throw err
      }
    })
  } finally {
    g.open = null
    release()
  }
}

/**
 * Runs `body` in one transaction and, only once it committed, what it queued with `after(fn)`. A body that throws
 * rolls everything back and nothing queued happens: a message that was never stored is never announced. Work
 * outside the database that the write must not lose (mail, SMS, a payment gateway, a device) is a durable job
 * enqueued in the body — `enqueue(tx, kind, payload)` (jobs.ts): its row commits or rolls back with the write, and
 * a runner of any process runs it after the commit under a lease. `after` is for what may be lost (a broker
 * notification, a wake-up).
 *
 * Side effects that fail after the commit do not undo it: the write stands and the failure goes to `onError` (the
 * request log), never to the caller as a 500 that would invite a retry of something already done.
 */
export async function transact<R>(
  ctx: Ctx,
  body: (tx: Tx, after: (fn: AfterCommit) => void) => Promise<R> | R,
  onError: (err: unknown) => void = (err) => console.error('after-commit side effect failed', err),
): Promise<R> {
  const queued: AfterCommit[] = []
  const result = await withTransaction(ctx.db, (tx) => body(tx, (fn) => void queued.push(fn)))
  await runAfterCommit(queued, onError)
  return result
}

/**
 * The caller's context over an open transaction: a service that takes a Ctx (a resource's submit, an enrolment)
 * then writes inside the caller's transaction — its statements commit or roll back with the caller's.
 */
export const overTransaction = (ctx: Ctx, tx: Tx): Ctx => ({ ...ctx, db: tx })

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
