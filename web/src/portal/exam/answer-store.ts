/**
 * Unsent exam answers kept in IndexedDB, so a learner can answer offline, reload
 * or lose the tab and nothing given is lost until the server acknowledges it.
 * One record per (sitting, question): the newest version only.
 */
export interface PendingAnswer {
  sittingId: string
  questionId: string
  answer: string | string[]
  version: number
}

const DB = 'atrium-exam'
const STORE = 'pending'

let opening: Promise<IDBDatabase> | undefined
function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1)
    req.onupgradeneeded = () => {
      const s = req.result.createObjectStore(STORE, { keyPath: ['sittingId', 'questionId'] })
      s.createIndex('sitting', 'sittingId')
    }
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
  return opening
}

function tx<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise((resolve, reject) => {
        const t = db.transaction(STORE, mode)
        const req = run(t.objectStore(STORE))
        // Resolved on commit, not on the request: a put is durable once this settles.
        t.oncomplete = () => resolve(req ? req.result : undefined)
        t.onerror = () => reject(t.error)
        t.onabort = () => reject(t.error)
      }),
  )
}

export const answerStore = {
  /** Keeps the answer unless a newer version is already stored. */
  async put(a: PendingAnswer): Promise<void> {
    await open().then(
      (db) =>
        new Promise<void>((resolve, reject) => {
          const t = db.transaction(STORE, 'readwrite')
          const s = t.objectStore(STORE)
          const get = s.get([a.sittingId, a.questionId])
          get.onsuccess = () => {
            const cur = get.result as PendingAnswer | undefined
            if (!cur || cur.version < a.version) s.put(a)
          }
          t.oncomplete = () => resolve()
          t.onerror = () => reject(t.error)
        }),
    )
  },
  async list(sittingId: string): Promise<PendingAnswer[]> {
    return ((await tx('readonly', (s) => s.index('sitting').getAll(sittingId))) ?? []) as PendingAnswer[]
  },
  /** Drops what the server acknowledged: the stored record only if its version is not newer than the acknowledged one. */
  async ack(sittingId: string, questionId: string, version: number): Promise<void> {
    await open().then(
      (db) =>
        new Promise<void>((resolve, reject) => {
          const t = db.transaction(STORE, 'readwrite')
          const s = t.objectStore(STORE)
          const get = s.get([sittingId, questionId])
          get.onsuccess = () => {
            const cur = get.result as PendingAnswer | undefined
            if (cur && cur.version <= version) s.delete([sittingId, questionId])
          }
          t.oncomplete = () => resolve()
          t.onerror = () => reject(t.error)
        }),
    )
  },
  async clear(sittingId: string): Promise<void> {
    const all = await this.list(sittingId)
    await tx('readwrite', (s) => {
      for (const a of all) s.delete([a.sittingId, a.questionId])
    })
  },
}
