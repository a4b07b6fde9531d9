import { sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { schemaEngine } from '../../db/schema/dialect.ts'
import { jsonElements } from './portable-sql.ts'

const byDb = new WeakMap<object, Map<string, unknown>>()

function cached<T>(owner: object, key: string, build: () => T): T {
  let mine = byDb.get(owner)
  if (!mine) byDb.set(owner, (mine = new Map()))
  if (!mine.has(key)) mine.set(key, build())
  return mine.get(key) as T
}

/**
 * A query built and compiled once per database, then only executed: for the
 * statements every request runs (session check, permission version). Build it
 * with drizzle's `.prepare()` and `sql.placeholder()` so the SQL stays in the
 * query builder.
 *
 * Given a transaction's handle it answers statements that run on the transaction's connection. On SQLite that
 * handle is the connection itself. On PostgreSQL every transaction is a new handle bound to one pooled connection:
 * the statements are compiled once per database (keyed by the dialect the pool and its transactions share) and each
 * handle gets them re-pointed at its own client (the pool, or the transaction's connection), so an exam save does
 * not build its queries again on every call. (Bun's client keeps the server-side prepared statement per connection
 * by the SQL text; the bun-sql driver does not use drizzle's statement names.)
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  const pg = pgHandle(db)
  if (!pg) return cached(db, key, () => build(db))
  return cached(db, key, () => {
    let fresh: T | undefined
    const compiled = cached(pg.dialect, key, () => (fresh = build(db)))
    return fresh ?? rebound(compiled, pg.session.client) ?? build(db)
  })
}

interface PgHandle {
  dialect: object
  session: { client: unknown }
}

/** A drizzle PostgreSQL handle (bun-sql: the pool's, or a transaction's), undefined on SQLite. */
function pgHandle(db: Db): PgHandle | undefined {
  const h = db as unknown as Partial<PgHandle>
  return schemaEngine === 'postgres' && h.dialect && h.session?.client ? (h as PgHandle) : undefined
}

/**
 * The same compiled statements (one, or an object of them) running on `client`: each shares its compiled SQL
 * and result mapping through its prototype and reads its own `client`. Undefined when something in it is not a
 * bun-sql prepared query, and the caller builds the statements for this transaction instead.
 */
function rebound<T>(compiled: T, client: unknown): T | undefined {
  const one = (q: unknown) =>
    q && typeof q === 'object' && 'client' in q && typeof (q as { execute?: unknown }).execute === 'function'
      ? Object.create(q, { client: { value: client } })
      : undefined
  const single = one(compiled)
  if (single || !compiled || typeof compiled !== 'object') return single
  const out: Record<string, unknown> = {}
  for (const [k, q] of Object.entries(compiled)) if (!(out[k] = one(q))) return undefined
  return out as T
}

/**
 * `IN (…)` over a list given when the prepared query runs, as one JSON text
 * parameter: `inArray(col, listParam('ids'))`, then `.all({ ids: JSON.stringify(list) })`.
 * (A plain `inArray` bakes the list's length into the SQL, so it cannot be prepared once.)
 */
export const listParam = (name: string) => jsonElements(sql.placeholder(name))

/** A value bound when a prepared INSERT or UPDATE runs (drizzle's set() takes SQL, not a bare placeholder). */
export const bound = (name: string) => sql`${sql.placeholder(name)}`

/** Rows up to which insertRows compiles a statement per row count; a larger insert is rare and built each time. */
const PREPARED_ROWS = 8

type InsertBuilder = ReturnType<ReturnType<Db['insert']>['values']>
type InsertTable = Parameters<Db['insert']>[0]

/**
 * Inserts rows through a statement compiled once per key, row count and column set (prepared above): what a
 * request inserts several of (history, variables, tasks) no longer goes through the query builder each time.
 * The columns are the first row's defined values; rows that differ in them, or more than PREPARED_ROWS rows,
 * take the builder (as does `then`, an ON CONFLICT clause, either way).
 */
export async function insertRows(
  db: Db,
  key: string,
  table: InsertTable,
  rows: Record<string, unknown>[],
  then: (q: InsertBuilder) => { execute(): Promise<unknown> } = (q) => q,
): Promise<void> {
  if (!rows.length) return
  const defined = (r: Record<string, unknown>) => Object.keys(r).filter((c) => r[c] !== undefined)
  const cols = defined(rows[0])
  const same = rows.every(
    (r, i) => i === 0 || (defined(r).length === cols.length && cols.every((c) => r[c] !== undefined)),
  )
  if (!same || rows.length > PREPARED_ROWS) {
    await then(db.insert(table).values(rows as never)).execute()
    return
  }
  const names = paramNames(rows.length, cols.length)
  const q = prepared(db, `${key}:${rows.length}:${cols.join(',')}`, (d) => {
    const values = rows.map((_, i) => Object.fromEntries(cols.map((c, j) => [c, sql.placeholder(names[i][j])])))
    return (
      then(d.insert(table).values(values as never)) as unknown as {
        prepare(): { execute(p: object): Promise<unknown> }
      }
    ).prepare()
  })
  const params: Record<string, unknown> = {}
  for (let i = 0; i < rows.length; i++) for (let j = 0; j < cols.length; j++) params[names[i][j]] = rows[i][cols[j]]
  await q.execute(params)
}

/** Placeholder names by row and column (`r0c3`), made once: a busy insert (the outbox) named 40 of them a message. */
const placeholderNames: string[][] = []
function paramNames(rows: number, cols: number): string[][] {
  for (let i = 0; i < rows; i++) {
    const row = (placeholderNames[i] ??= [])
    for (let j = row.length; j < cols; j++) row.push(`r${i}c${j}`)
  }
  return placeholderNames
}
