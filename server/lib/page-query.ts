/**
 * Paged reads that do not rescan what they need not. LIMIT/OFFSET + COUNT
 * walk the index twice: COUNT over every matching row, OFFSET over every
 * skipped one, so page 500 of 10,000 rows did half again the work of page 1.
 * Here:
 * - a short page tells the total itself (the end was reached): no COUNT;
 * - the total of a query (its SQL and parameters) is kept while the database
 *   is unchanged, and so is, every ANCHOR_EVERY rows, the key found there when
 *   the order is the primary key alone (newest first), so a deep page starts
 *   at the nearest anchor (`id <= anchor`) and skips fewer than ANCHOR_EVERY.
 * "Unchanged" is asked of SQLite on every read: total_changes() moves with any
 * write by this connection, PRAGMA data_version with any commit by another
 * (another process, the CLI). Nothing is kept inside a transaction, nor for
 * SQL that reads the clock or chance, which would change with no write.
 */
import { and, count, desc, lte, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './db.ts'

const ANCHOR_EVERY = 500
const MAX_ENTRIES = 500
const VOLATILE = /'now'|random\(|current_(time|date)/i

const kept = new WeakMap<Db, Map<string, { stamp: string; value: unknown }>>()

/** Moves whenever anything is written; null inside a transaction (what it sees may yet roll back). */
function changeStamp(db: Db): string | null {
  if (db.$client.inTransaction) return null
  const r = db.$client.query('SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v').get() as { c: number; v: number }
  return `${r.c}:${r.v}`
}

function remember<T>(db: Db, stamp: string | null, q: { sql: string; params: unknown[] }, suffix: string, compute: () => T): T {
  if (stamp === null || VOLATILE.test(q.sql)) return compute()
  const key = `${q.sql}\u0000${JSON.stringify(q.params)}${suffix}`
  let m = kept.get(db)
  if (!m) kept.set(db, (m = new Map()))
  const hit = m.get(key)
  if (hit?.stamp === stamp) return hit.value as T
  const value = compute()
  m.delete(key)
  m.set(key, { stamp, value })
  if (m.size > MAX_ENTRIES) m.delete(m.keys().next().value!)
  return value
}

export interface PageQuery {
  table: SQLiteTable
  where: SQL | undefined
  orderBy: SQL[]
  /** The primary key, when orderBy is that key alone, newest first: deep pages may then start from an anchor. */
  keyDesc?: SQLiteColumn
}

/** One page of rows and the total under `where`, for current/size paging. */
export function pageQuery(db: Db, q: PageQuery, size: number, offset: number): { rows: Record<string, unknown>[]; total: number } {
  const stamp = changeStamp(db)
  let where = q.where, skip = offset
  if (q.keyDesc && offset >= ANCHOR_EVERY) {
    const at = offset - (offset % ANCHOR_EVERY)
    const find = db.select({ key: q.keyDesc }).from(q.table).where(q.where).orderBy(desc(q.keyDesc)).limit(1).offset(at).prepare()
    const anchor = remember(db, stamp, find.getQuery(), `@${at}`, () => find.get()?.key as string | undefined)
    if (anchor === undefined) return { rows: [], total: total(db, stamp, q) }
    where = and(q.where, lte(q.keyDesc, anchor))
    skip = offset - at
  }
  const rows = db.select().from(q.table).where(where).orderBy(...q.orderBy).limit(size).offset(skip).all() as Record<string, unknown>[]
  // Fewer rows than asked for: this page reached the end, so it knows the total.
  if (rows.length < size && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length }
  return { rows, total: total(db, stamp, q) }
}

function total(db: Db, stamp: string | null, q: PageQuery): number {
  const counting = db.select({ n: count() }).from(q.table).where(q.where).prepare()
  return remember(db, stamp, counting.getQuery(), '#', () => counting.get()?.n ?? 0)
}
