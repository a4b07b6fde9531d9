/**
 * The checkpoint thread of wal-checkpoint.ts: its own connection to the
 * database file and PASSIVE checkpoints, which copy what they can and never
 * wait for or block the server's writes. The server may append frames while
 * one copies, so it checkpoints again until a round finds the WAL as long as
 * the round before (each repeat copies only the few new frames): then the
 * server's next commit finds the WAL fully copied and starts it over, and the
 * file stays small.
 */
import { Database } from 'bun:sqlite'

declare const self: Worker

const ROUNDS = 50
let db: Database | undefined
let timer: Timer | undefined

function checkpoint(d: Database) {
  try {
    const q = d.query<{ busy: number; log: number; checkpointed: number }, []>('PRAGMA wal_checkpoint(PASSIVE)')
    let last = -1
    for (let i = 0; i < ROUNDS; i++) {
      const r = q.get()
      if (!r || r.busy || r.log === last) return
      last = r.log
    }
  } catch (e) {
    self.postMessage({ error: (e as Error).message })
  }
}

self.addEventListener('message', (e: MessageEvent<{ file?: string; intervalMs?: number; stop?: boolean }>) => {
  if (e.data.stop) {
    clearInterval(timer)
    db?.close()
    db = undefined
    process.exit(0)
  }
  if (e.data.file && !db) {
    const d = (db = new Database(e.data.file))
    timer = setInterval(() => checkpoint(d), e.data.intervalMs ?? 200)
  }
})
