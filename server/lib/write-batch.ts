import { dbEngine, type Db } from './db.ts'
import { insideTransaction, withTransaction, type Tx } from './transaction.ts'

/** One write waiting for its batch: run in the batch's transaction, then told how it went. */
interface Entry {
  run: (tx: Tx) => Promise<void>
  failed?: { err: unknown }
  /** Called once the batch is over (committed, or this write refused). */
  settle: () => void
}

/** The batch gathering this turn's writes, per connection: every writeBatches() of the process shares it. */
const open = new Map<Db, Entry[]>()

/**
 * Commits `entries` in one transaction. A write that throws rolls the batch back; it alone is refused and the others
 * are committed again without it, so no caller fails for another's write (writes here are database writes only,
 * safe to run again after a rollback).
 */
async function commit(db: Db, entries: Entry[]): Promise<void> {
  let bad: Entry | undefined
  try {
    await withTransaction(db, async (tx) => {
      for (const e of entries) {
        bad = e
        await e.run(tx)
      }
      bad = undefined
    })
  } catch (err) {
    if (!bad) {
      for (const e of entries) e.failed = { err } // the COMMIT itself failed: nothing was written
      return
    }
    bad.failed = { err }
    const rest = entries.filter((e) => e !== bad)
    if (rest.length) await commit(db, rest)
  }
}

/**
 * Writes that concurrent work makes at about the same moment — the outbox's eight sends each marking a message
 * handed over, then recording it sent with its job's end; the saves of learners taking an exam — committed
 * together: on SQLite every statement outside a transaction is its own commit (its pages appended to the WAL), and
 * a commit cost more than the statement (the outbox's handover mark: 22 µs alone, 5 in a batch plus its share of
 * one commit). Batches are shared by every writer of the process, so the writes of one turn are one commit whoever
 * made them. Each caller gets its own write's result once the shared transaction committed, so "recorded" still
 * means committed. Items are gathered until the event loop's next turn (setImmediate), after whatever I/O arrived
 * together. On PostgreSQL, and inside a caller's transaction, each write goes on its own: a transaction there costs
 * two more round trips, not fewer. `write` touches the database only: when a neighbour in its batch is refused, it
 * runs again without it.
 */
export function writeBatches<T, R>(write: (tx: Tx, item: T) => Promise<R>) {
  return async (db: Db, item: T): Promise<R> => {
    if (dbEngine(db) !== 'sqlite' || insideTransaction(db)) return write(db, item)
    let out: R | undefined
    const settled = Promise.withResolvers<void>()
    const mine: Entry = { run: async (tx) => void (out = await write(tx, item)), settle: settled.resolve }
    let batch = open.get(db)
    if (!batch) {
      const entries: Entry[] = (batch = [])
      open.set(db, entries)
      setImmediate(() => {
        open.delete(db)
        void commit(db, entries).finally(() => {
          for (const e of entries) e.settle()
        })
      })
    }
    batch.push(mine)
    await settled.promise
    if (mine.failed) throw mine.failed.err
    return out as R
  }
}
