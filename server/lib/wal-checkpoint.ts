import type { Db } from './db.ts'
import type { Logger } from 'pino'
import { helperThread, stopHelperThread } from './worker-thread.ts'

/**
 * WAL checkpoints off the request path. By default SQLite checkpoints inside
 * the commit that pushes the WAL past 1,000 pages: copying those pages into
 * the database file and two fsyncs, on the event loop, in the middle of some
 * request (during an exam burst, one save in every few hundred waited for
 * it). The server hands that to a worker thread with its own connection,
 * which checkpoints passively (never blocking the writer) a few times a
 * second, so the next commit finds the WAL copied and starts it over.
 *
 * Durability is unchanged: a commit is in the WAL before it is acknowledged,
 * whoever copies it later, and a kill -9 recovers it from the WAL on the next
 * open. The server's own connection keeps a far higher automatic threshold as
 * a safety net, so the WAL stays bounded even if the worker stalls.
 */
export const SAFETY_NET_PAGES = 20_000

export interface Checkpointer {
  stop(): Promise<void>
}

export function startCheckpointer(db: Db, file: string, log: Logger, intervalMs = 200): Checkpointer {
  const worker = helperThread(new URL('./wal-checkpoint-worker.ts', import.meta.url))
  worker.addEventListener('error', (e) => log.error({ err: e.message }, 'WAL checkpoint worker failed'))
  worker.addEventListener('message', (e: MessageEvent<{ error?: string }>) => {
    if (e.data?.error)
      log.warn({ err: e.data.error }, 'WAL checkpoint failed; the next commit past the threshold does it')
  })
  worker.postMessage({ file, intervalMs })
  db.$client.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES}`)
  return {
    // The worker closes its connection and exits; closeDb then checkpoints what is left as the last connection.
    stop: () => stopHelperThread(worker, 2_000),
  }
}
