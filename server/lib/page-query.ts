/**
 * Paged reads that do not rescan what they need not. LIMIT/OFFSET + COUNT
 * walk the index twice: COUNT over every matching row, OFFSET over every
 * skipped one, so page 500 of 10,000 rows did ten times the work of page 1.
 * Here:
 * - a short page tells the total itself (the end was reached): no COUNT;
 * - per query (its WHERE and parameters) the total is kept while the database
 *   is unchanged, and so is, when the order is the primary key alone (newest
 *   first), the key each page visited starts at: reading that page again is
 *   `key <= anchor LIMIT size`, and a new page is found from the nearest page
 *   known before it, so it skips only the rows between them.
 * "Unchanged" is asked of SQLite on every read: total_changes() moves with any
 * write by this connection, PRAGMA data_version with any commit by another
 * (another process, the CLI). Nothing is kept inside a transaction, nor for
 * SQL that reads the clock or chance, which would change with no write. When
 * something was written, the first read recomputes: never older than the data.
 */
import { and, count, desc, getTableName, lte, type SQL } from 'drizzle-orm'
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './db.ts'

const MAX_QUERIES = 200
/** Shallower pages skip so few rows that a plain OFFSET costs less than finding an anchor. */
const ANCHOR_FROM = 100
const MAX_ANCHORS = 1000
const VOLATILE = /'now'|random\(|current_(time|date)/i
/** Renders a WHERE alone to its text and parameters, the key a query's totals and anchors are kept under. */
const dialect = new SQLiteSyncDialect({ casing: 'snake_case' })

interface Kept { stamp: string; total?: number; anchors: Map<number, string> }
const keptByDb = new WeakMap<Db, Map<string, Kept>>()

/** Moves whenever anything is written; null inside a transaction (what it sees may yet roll back). */
function changeStamp(db: Db): string | null {
  if (db.$client.inTransaction) return null
  const r = db.$client.query('SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v').get() as { c: number; v: number }
  return `${r.c}:${r.v}`
}

/** What is known of this query at this stamp (a fresh record when anything changed); null = keep nothing. */
function keptFor(db: Db, table: SQLiteTable, where: SQL | undefined): Kept | null {
  const stamp = changeStamp(db)
  if (stamp === null) return null
  const w = where ? dialect.sqlToQuery(where) : { sql: '', params: [] }
  if (VOLATILE.test(w.sql)) return null
  const key = `${getTableName(table)}\u0000${w.sql}\u0000${JSON.stringify(w.params)}`
  let m = keptByDb.get(db)
  if (!m) keptByDb.set(db, (m = new Map()))
  let k = m.get(key)
  if (k?.stamp !== stamp) {
    m.delete(key)
    m.set(key, (k = { stamp, anchors: new Map() }))
    if (m.size > MAX_QUERIES) m.delete(m.keys().next().value!)
  }
  return k
}

export interface PageQuery {
  table: SQLiteTable
  where: SQL | undefined
  orderBy: SQL[]
  /** The primary key, when orderBy is that key alone, newest first: pages may then start from an anchor. */
  keyDesc?: SQLiteColumn
}

/** One page of rows and the total under `where`, for current/size paging. */
export function pageQuery(db: Db, q: PageQuery, size: number, offset: number): { rows: Record<string, unknown>[]; total: number } {
  const kept = keptFor(db, q.table, q.where)
  const total = () => {
    if (kept?.total !== undefined) return kept.total
    const n = db.select({ n: count() }).from(q.table).where(q.where).get()?.n ?? 0
    if (kept) kept.total = n
    return n
  }
  let rows: Record<string, unknown>[]
  if (kept && q.keyDesc && offset >= ANCHOR_FROM) {
    const anchor = anchorAt(db, q as Required<PageQuery>, kept, offset)
    if (anchor === undefined) return { rows: [], total: total() }
    rows = db.select().from(q.table).where(and(q.where, lte(q.keyDesc, anchor))).orderBy(desc(q.keyDesc)).limit(size).all() as Record<string, unknown>[]
  } else {
    rows = db.select().from(q.table).where(q.where).orderBy(...q.orderBy).limit(size).offset(offset).all() as Record<string, unknown>[]
  }
  // Fewer rows than asked for: this page reached the end, so it knows the total.
  if (rows.length < size && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length }
  return { rows, total: total() }
}

/** The key of the row at `offset` (newest first), found from the nearest known page before it; undefined past the end. */
function anchorAt(db: Db, q: Required<PageQuery>, kept: Kept, offset: number): string | undefined {
  const known = kept.anchors.get(offset)
  if (known !== undefined) return known
  let from = 0, fromKey: string | undefined
  for (const [at, key] of kept.anchors) if (at < offset && at > from) [from, fromKey] = [at, key]
  const found = db.select({ key: q.keyDesc }).from(q.table).where(fromKey === undefined ? q.where : and(q.where, lte(q.keyDesc, fromKey)))
    .orderBy(desc(q.keyDesc)).limit(1).offset(offset - from).get()?.key as string | undefined
  if (found === undefined) return undefined
  if (kept.anchors.size >= MAX_ANCHORS) kept.anchors.clear()
  kept.anchors.set(offset, found)
  return found
}
