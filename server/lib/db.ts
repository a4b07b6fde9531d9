import { Database, type SQLQueryBindings, type Statement } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import * as schema from '../../db/schema/index.ts'
import { applyMigrations } from './migrations.ts'

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database }

/**
 * drizzle compiles every query it runs (`Database.prepare`) and throws the
 * statement away; compiling was about a fifth of a small request. This
 * connection keeps compiled statements by their SQL text, so a query shape
 * built again runs its compiled statement. Bounded: the least recently used
 * goes first (unreferenced statements are finalised when collected).
 */
class StatementCachingDatabase extends Database {
  static readonly MAX_STATEMENTS = 500
  #statements = new Map<string, Statement>()

  /* eslint-disable @typescript-eslint/no-explicit-any -- bun:sqlite's own generic signature, repeated to override it */
  override prepare<R = unknown, P extends SQLQueryBindings | SQLQueryBindings[] = any>(
    sql: string,
    params?: P,
  ): Statement<R, P extends any[] ? P : [P]> {
    /* eslint-enable @typescript-eslint/no-explicit-any */
    if (params !== undefined) return super.prepare(sql, params)
    const cached = this.#statements.get(sql)
    if (cached) {
      this.#statements.delete(sql)
      this.#statements.set(sql, cached)
      return cached as never
    }
    const stmt = super.prepare<R, P>(sql)
    this.#statements.set(sql, stmt as Statement)
    if (this.#statements.size > StatementCachingDatabase.MAX_STATEMENTS)
      this.#statements.delete(this.#statements.keys().next().value!)
    return stmt
  }

  /** Drops every kept statement (clear-cache, caches.ts); the next query compiles again. Nothing is mid-run: bun:sqlite is synchronous. */
  clearStatements(): void {
    this.#statements.clear()
  }
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode with synchronous=NORMAL:
 * a committed transaction survives a process crash, which is what "acknowledged"
 * means for a single appliance. busy_timeout lets the CLI write while the server runs.
 */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new StatementCachingDatabase(file, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  sqlite.exec('PRAGMA foreign_keys = ON')
  return drizzle(sqlite, { schema, casing: 'snake_case' }) as Db
}

/** Applies this release's pending migrations in one transaction; answers the tags applied. */
export function migrateDb(db: Db): string[] {
  return applyMigrations(db.$client)
}

const closing = new WeakMap<Db, Set<() => void>>()

/** Work to finish on this connection before it closes: rows batched for a later turn of the event loop (logs.ts). */
export function beforeClose(db: Db, fn: () => void): void {
  let set = closing.get(db)
  if (!set) closing.set(db, (set = new Set()))
  set.add(fn)
}

export function closeDb(db: Db): void {
  const pending = closing.get(db)
  closing.delete(db)
  pending?.forEach((fn) => fn())
  db.$client.close()
}
