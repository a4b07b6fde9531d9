import { sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { jsonElements } from './portable-sql.ts'

const byDb = new WeakMap<Db, Map<string, unknown>>()

/**
 * A query built and compiled once per database, then only executed: for the
 * statements every request runs (session check, permission version). Build it
 * with drizzle's `.prepare()` and `sql.placeholder()` so the SQL stays in the
 * query builder.
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let mine = byDb.get(db)
  if (!mine) byDb.set(db, (mine = new Map()))
  if (!mine.has(key)) mine.set(key, build(db))
  return mine.get(key) as T
}

/**
 * `IN (…)` over a list given when the prepared query runs, as one JSON text
 * parameter: `inArray(col, listParam('ids'))`, then `.all({ ids: JSON.stringify(list) })`.
 * (A plain `inArray` bakes the list's length into the SQL, so it cannot be prepared once.)
 */
export const listParam = (name: string) => jsonElements(sql.placeholder(name))
