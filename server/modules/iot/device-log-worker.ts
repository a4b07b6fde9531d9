/**
 * The device-log thread of device-log-writer.ts: its own connection to the
 * database file; each batch in one transaction, in the order sent. A batch
 * that fails (the disk is full, the file is locked past busy_timeout) is
 * reported as lost rows, which the server logs.
 */
import { closeDb, openDb, type Db } from '../../lib/db.ts'
import { logStatements, type LogBatch } from './device-log-writer.ts'

declare const self: Worker

let db: Db | undefined
let statements: ReturnType<typeof logStatements> | undefined

self.addEventListener('message', (e: MessageEvent<{ file?: string; stop?: boolean } & Partial<LogBatch>>) => {
  const m = e.data
  if (m.file && !db) {
    db = openDb(m.file)
    statements = logStatements(db)
  }
  if (m.rows !== undefined && db && statements) {
    const { insertLogs, touchDevice } = statements
    try {
      db.transaction(() => {
        insertLogs.run({ rows: m.rows })
        for (const [id, at] of m.seen ?? []) touchDevice.run({ id, at })
      })
      self.postMessage({ written: m.count })
    } catch (err) {
      self.postMessage({ lost: m.count, error: (err as Error).message })
    }
  }
  if (m.stop) {
    if (db) closeDb(db)
    db = undefined
    process.exit(0)
  }
})
