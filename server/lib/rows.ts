import type { SQL } from 'drizzle-orm'
import { dbEngine, type Db } from './db.ts'

/**
 * The first row a query answers, on either engine: bun:sqlite's `.get()` has no PostgreSQL twin, so a select is
 * limited to one row and awaited (both drivers' builders are promises), and an insert/update/delete `.returning()`
 * answers its first row. Only selects (the builders with `offset`) get the LIMIT: SQLite would also take one on an
 * UPDATE or DELETE and quietly write a single row of several, and PostgreSQL has none there.
 */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  const q = query as { limit?: (n: number) => PromiseLike<T[]>; offset?: unknown }
  const rows = await (typeof q.offset === 'function' && typeof q.limit === 'function' ? q.limit(1) : query)
  return rows[0]
}

/**
 * How many rows a write without `.returning()` touched, on either engine: bun:sqlite answers `changes`, Bun's
 * PostgreSQL client `count`. Conditional updates (`… WHERE state = 'queued'`) read it to know whether they won.
 */
export function changed(result: unknown): number {
  const r = result as { changes?: number; count?: number; rowCount?: number } | null
  return Number(r?.changes ?? r?.count ?? r?.rowCount ?? 0)
}

/**
 * A statement written in SQL (drizzle's `sql` template) run for its effect, on either engine; answers what
 * `changed()` reads. The query builders cover nearly everything; this is for the few statements they cannot say.
 */
export async function runSql(db: Db, statement: SQL): Promise<unknown> {
  return dbEngine(db) === 'postgres'
    ? (db as unknown as { execute: (q: SQL) => Promise<unknown> }).execute(statement)
    : db.run(statement)
}
