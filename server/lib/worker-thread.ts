/*
 * The appliance's helper threads (WAL checkpoints, device logs): each has its
 * own SQLite connection, takes its work as messages and, asked to stop,
 * finishes what it was sent, closes its connection and exits.
 */

/**
 * Starts a helper thread that never keeps the process alive by itself. `env` is added to its process.env: what it
 * needs before its first import, such as the ATRIUM_DATABASE_URL its db/schema is built for.
 */
export function helperThread(url: URL, env: Record<string, string> = {}): Worker {
  const worker = new Worker(url.href, { env: { ...(process.env as Record<string, string>), ...env } })
  // Bun's Worker can be unreferenced (not in the DOM typings).
  ;(worker as Worker & { unref(): void }).unref()
  return worker
}

/** Asks the thread to stop ({ stop: true }); resolves once it has exited, or after `ms` (then it is terminated). */
export function stopHelperThread(worker: Worker, ms: number): Promise<void> {
  return new Promise<void>((done) => {
    worker.addEventListener('close', () => done())
    worker.postMessage({ stop: true })
    setTimeout(() => {
      worker.terminate()
      done()
    }, ms).unref()
  })
}
