/**
 * The device-log thread of device-log-writer.ts: its own connection to the
 * database file; each batch in one transaction, in the order sent. A batch
 * that fails (the disk is full, the file is locked past busy_timeout) is
 * reported as lost rows, which the server logs. Messages are handled one after
 * another (a chain), so batches land in the order sent.
 */
import { closeDb, openDb, type Db } from '../../lib/db.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { logStatements, type LogBatch } from './device-log-writer.ts'

declare const self: Worker

let db: Db | undefined
let statements: ReturnType<typeof logStatements> | undefined

let chain: Promise<void> = Promise.resolve()

async function handle(m: { file?: string; stop?: boolean } & Partial<LogBatch>) {
  if (m.file && !db) {
    db = openDb(m.file)
    statements = logStatements(db)
  }
  if (m.rows !== undefined && db && statements) {
    const { insertLogs, touchDevice } = statements
    try {
      await withTransaction(db, async () => {
        await insertLogs.execute({ rows: m.rows })
        for (const [id, at] of m.seen ?? []) await touchDevice.execute({ id, at })
      })
      self.postMessage({ written: m.count })
    } catch (err) {
      self.postMessage({ lost: m.count, error: (err as Error).message })
    }
  }
  if (m.stop) {
    if (db) await closeDb(db)
    db = undefined
    process.exit(0)
  }
}

self.addEventListener('message', (e: MessageEvent<{ file?: string; stop?: boolean } & Partial<LogBatch>>) => {
  chain = chain.then(() => handle(e.data))
})
