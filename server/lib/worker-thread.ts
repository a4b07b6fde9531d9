/*
 * The appliance's helper threads (WAL checkpoints, device logs): each has its
 * own SQLite connection, takes its work as messages and, asked to stop,
 * finishes what it was sent, closes its connection and exits.
 */

/** Starts a helper thread that never keeps the process alive by itself. */
export function helperThread(url: URL): Worker {
  const worker = new Worker(url.href)
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
