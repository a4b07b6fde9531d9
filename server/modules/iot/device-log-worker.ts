/**
 * The device-log thread of device-log-writer.ts: its own connection to the
 * appliance's database (the SQLite file, or the PostgreSQL URL); each batch in
 * one transaction, in the order sent. A batch that fails (the disk is full, the
 * file is locked past busy_timeout, PostgreSQL is unreachable) is reported as
 * lost rows, which the server logs. Messages are handled one after another (a
 * chain), so batches land in the order sent.
 */
import { closeDb, openDatabase, type Db } from '../../lib/db.ts'
import { prepared } from '../../lib/prepared.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { logStatements, type LogBatch, type LogDatabase } from './device-log-writer.ts'

declare const self: Worker

type Message = { database?: LogDatabase; stop?: boolean } & Partial<LogBatch>

let db: Db | undefined

let chain: Promise<void> = Promise.resolve()

async function handle(m: Message) {
  if (m.database && !db) db = openDatabase(m.database)
  if (m.rows !== undefined && db) {
    try {
      await withTransaction(db, async (tx) => {
        // On the transaction's connection (on PostgreSQL a pooled one of its own), compiled once.
        const { insertLogs, touchDevice } = prepared(tx, 'iot.device-log', logStatements)
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

self.addEventListener('message', (e: MessageEvent<Message>) => {
  chain = chain.then(() => handle(e.data))
})
