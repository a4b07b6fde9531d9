import { dbEngine, type Db } from './db.ts'
import { withTransaction, type Tx } from './transaction.ts'

/**
 * Writes that concurrent work makes at about the same moment — the outbox's eight sends each recording their message
 * and finishing their job — committed together: on SQLite every statement outside a transaction is its
 * own commit (its pages appended to the WAL), and a commit cost more than the statement. Each caller gets its own
 * write's result once the shared transaction committed, so "recorded" still means committed; one failing write fails
 * the batch it was in. Items are gathered until the event loop's next turn (setImmediate), after whatever I/O arrived
 * together. On PostgreSQL each write goes on its own: a transaction there costs two more round trips, not fewer.
 */
export function writeBatches<T, R>(write: (tx: Tx, item: T) => Promise<R>) {
  type Entry = { item: T; out?: R }
  const open = new Map<Db, { entries: Entry[]; done: Promise<void> }>()
  const commit = (db: Db, entries: Entry[]) =>
    new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        open.delete(db)
        withTransaction(db, async (tx) => {
          for (const e of entries) e.out = await write(tx, e.item)
        }).then(resolve, reject)
      }),
    )
  return async (db: Db, item: T): Promise<R> => {
    if (dbEngine(db) !== 'sqlite') return write(db, item)
    let batch = open.get(db)
    if (!batch) {
      const entries: Entry[] = []
      batch = { entries, done: commit(db, entries) }
      open.set(db, batch)
    }
    const mine: Entry = { item }
    batch.entries.push(mine)
    await batch.done
    return mine.out as R
  }
}
