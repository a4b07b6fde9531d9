import type { Db } from './db.ts'

/**
 * The in-memory caches of derived values this process keeps, by name, so the
 * clear-cache call (blade-auth/oauth/clear-cache) empties every one of them —
 * not just the request's own memo. Each is a cache of what the database says:
 * clearing one only makes the next request compute it again. A module keeping
 * such a cache registers how to drop it, next to the cache.
 */
const clearers = new Map<string, (db: Db) => void>([
  // The connection's compiled statements (db.ts): named here rather than registered there, so db.ts, which
  // every cache is keyed on, imports nothing that imports it back (no import cycle: issue #26).
  ['statements', (db) => (db.$client as { clearStatements?: () => void }).clearStatements?.()],
])

export function registerCache(name: string, clear: (db: Db) => void): void {
  clearers.set(name, clear)
}

/** Empties every registered cache of this database; answers their names. */
export function clearCaches(db: Db): string[] {
  for (const clear of clearers.values()) clear(db)
  return [...clearers.keys()]
}
