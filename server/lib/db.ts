import { Database, type SQLQueryBindings, type Statement } from 'bun:sqlite'
import { SQL } from 'bun'
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy'
import { drizzle as drizzlePg, type BunSQLDatabase } from 'drizzle-orm/bun-sql'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import * as schema from '../../db/schema/index.ts'
import { schemaEngine, type Engine } from '../../db/schema/dialect.ts'
export { databaseUrl } from './db-url.ts'
import { applyMigrations, applyPgMigrations } from './migrations.ts'
import { atGate, mustWait } from './db-gate.ts'

/**
 * A connection with awaited queries. On SQLite, drizzle's sqlite-proxy driver over bun:sqlite: every statement is
 * a promise as on PostgreSQL, and it passes the connection's gate (db-gate.ts) so an awaiting transaction keeps
 * other callers' statements out. `$client` is the bun:sqlite file itself, for the SQLite-only few (PRAGMAs,
 * migrations, backup).
 */
export type Db = SqliteRemoteDatabase<typeof schema> & { $client: Database }

/**
 * The appliance on PostgreSQL (issue #27): drizzle over Bun's own client (Bun.SQL, `drizzle-orm/bun-sql`).
 * Chosen over node-postgres (`pg`) because it adds no dependency to a Bun process, keeps every query's prepared
 * statement per connection by itself (what StatementCachingDatabase does for SQLite), reports a constraint's name
 * and SQLSTATE on errors (`cause.errno` 23505, `cause.constraint`), and measured faster on this machine: a one-row
 * select by key through drizzle took 290–360 µs against node-postgres' 500–550 µs, a 100-row page 590–670 µs
 * against 950–1160 µs (PostgreSQL 15 on 127.0.0.1). Like node-postgres by default, it answers int8 and numeric
 * as strings in raw SQL (count(*), sum()): drizzle's columns map them back (bigint mode number), a raw aggregate
 * needs `.mapWith(Number)`.
 *
 * The tables are db/schema's, built for PostgreSQL when ATRIUM_DATABASE_URL named it as the schema loaded
 * (db/schema/dialect.ts); their types stay the SQLite ones, so code is written once against `Db`'s builders and
 * awaits them (query builders of both drivers are promises).
 */
export type PgDb = BunSQLDatabase<typeof schema> & { $client: SQL }

export type { Engine }

const engines = new WeakMap<object, Engine>()

/** A transaction handle talks to its connection's engine (drizzle makes a new object per transaction). */
export const sameEngineAs = (handle: object, db: object): void => void engines.set(handle, dbEngine(db))

/** Which engine a connection talks to, for the few places where SQL differs (PRAGMAs, upserts' conflict forms…). */
export const dbEngine = (db: object): Engine => engines.get(db) ?? 'sqlite'

/**
 * Opens PostgreSQL at `url` (a pool of ATRIUM_DATABASE_POOL connections, default 10; nothing connects before the
 * first query). Its connections plan each kept statement once (plan_cache_mode, ATRIUM_PG_PLAN_CACHE_MODE, default
 * force_generic_plan): under PostgreSQL's own `auto` a tenant's page of users was planned again on every run —
 * 0.12 ms of planning for a 0.04 ms query, 60 µs of the server's CPU per user/page. The appliance's statements compare
 * keys, tenants and the literal `is_deleted = 0` (which the partial indexes match in a generic plan too); `auto` is
 * there for a database whose data makes per-value plans worth their planning. The schema must have been built for
 * PostgreSQL: a process decides its engine once, when db/schema loads, and drizzle given SQLite tables would write
 * SQLite's SQL to PostgreSQL.
 */
export function openPgDb(url: string, env: Record<string, string | undefined> = process.env): PgDb {
  if (schemaEngine !== 'postgres')
    throw new Error(
      'db/schema was loaded for SQLite: set ATRIUM_DATABASE_URL=postgres://… before the process starts to use PostgreSQL',
    )
  const max = Number(env.ATRIUM_DATABASE_POOL) > 0 ? Number(env.ATRIUM_DATABASE_POOL) : 10
  const client = new SQL(url, {
    max,
    connection: { plan_cache_mode: env.ATRIUM_PG_PLAN_CACHE_MODE || 'force_generic_plan' },
  })
  const db = drizzlePg({ client, schema, casing: 'snake_case' }) as PgDb
  engines.set(db, 'postgres')
  return db
}

/** Applies this release's pending PostgreSQL migrations (db/migrations-pg) in one transaction; answers the tags. */
export function migratePgDb(db: PgDb): Promise<string[]> {
  return applyPgMigrations(db.$client)
}

/**
 * What code that awaits its queries may use on either engine, typed with the schema's (SQLite) builders: the
 * query builders, which both drivers answer as promises. Not `.all()/.get()/.run()` (bun:sqlite's synchronous
 * calls, absent on PostgreSQL), not `$client`, and not `transaction` (synchronous on bun:sqlite: an awaited
 * transaction needs its own helper that both engines implement).
 */
export type AsyncDb = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | '$count'>

/** Either engine's connection as an AsyncDb: the same calls build the engine's own SQL at run time. */
export const asyncDb = (db: Db | PgDb): AsyncDb => db as unknown as AsyncDb

/** Ends a PostgreSQL pool: running queries finish, idle connections close. */
export async function closePgDb(db: PgDb): Promise<void> {
  await db.$client.close()
}

/**
 * SQL text SQLite can keep compiled. SQLite (3.54, Bun's) lets its query planner read some bound values, and then
 * binding a new value expires the statement, so every run compiles it again — more than the query itself costs:
 * - a bare `LIMIT ?` (drizzle's `.limit(n)`): `where id = ? limit ?` 11.8 µs a run, `limit +?` 1.6 µs;
 * - `col = ?` in a query with ORDER BY or GROUP BY (the planner checks whether the value makes an ordering term
 *   constant): a tenant's first page of users 20.5 µs, with `= +?` 7.5 µs;
 * - `col LIKE ?` (the planner looks for a prefix it could search an index by): a list's name search 18.8 µs a run,
 *   with `LIKE +?` 5.5 µs. No column here has the NOCASE collation that would let SQLite's LIKE use an index.
 * Unary plus is a no-op on any value (SQLite's own definition) and a placeholder has no affinity with or without it,
 * so comparisons, stored values and index use stay the same and the compiled statement is kept. Matched: a
 * placeholder right after `limit` (at the end, before `offset` or a closing parenthesis), right after ` = ` and
 * right after `like`, either case (page-query.ts and like.ts write their own SQL). Not the way for `is_deleted`: a
 * literal there lets the partial unique indexes serve the query (tenant-rows.ts notDeleted).
 */
export const reusable = (sql: string) =>
  sql.replace(/ (limit) \?(?=$| offset |\))/gi, ' $1 +?').replace(/ (=|like) \?(?=$|[ ,)])/gi, ' $1 +?')

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
    const stmt = super.prepare<R, P>(reusable(sql))
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
  if (schemaEngine !== 'sqlite')
    throw new Error(
      'db/schema was built for PostgreSQL (ATRIUM_DATABASE_URL): this process cannot open a SQLite file through it',
    )
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new StatementCachingDatabase(file, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  sqlite.exec('PRAGMA foreign_keys = ON')
  const run = (text: string, params: unknown[], method: 'run' | 'all' | 'values' | 'get') => {
    const stmt = sqlite.prepare(text)
    if (method === 'run') {
      const r = stmt.run(...(params as never[]))
      return { rows: [], changes: r.changes, lastInsertRowid: r.lastInsertRowid }
    }
    const rows = stmt.values(...(params as never[]))
    return { rows: method === 'get' ? rows[0] : rows }
  }
  // The batch callback is passed (rather than only the config) because sqlite-proxy's drizzle() reads `casing` from
  // its third argument only.
  const db = drizzle(
    async (text, params, method) => {
      if (mustWait(db)) await atGate(db)
      return run(text, params, method)
    },
    async (batch) => {
      if (mustWait(db)) await atGate(db)
      return batch.map((q) => run(q.sql, q.params, q.method))
    },
    { schema, casing: 'snake_case' },
  ) as Db
  Object.defineProperty(db, '$client', { value: sqlite })
  engines.set(db, 'sqlite')
  return db
}

/** Applies this release's pending migrations in one transaction; answers the tags applied. */
export function migrateDb(db: Db): string[] {
  return applyMigrations(db.$client)
}

/**
 * The appliance's database: PostgreSQL when ATRIUM_DATABASE_URL names it, else the SQLite file of the data
 * directory. Typed as `Db` either way: code is written once against the schema's builders and awaits them.
 */
export function openDatabase(config: { dbFile: string; databaseUrl?: string }): Db {
  return config.databaseUrl ? (openPgDb(config.databaseUrl) as unknown as Db) : openDb(config.dbFile)
}

/** Applies this release's pending migrations of the database's engine; answers the tags applied. */
export async function migrateDatabase(db: Db): Promise<string[]> {
  return dbEngine(db) === 'postgres' ? migratePgDb(db as unknown as PgDb) : migrateDb(db)
}

const closing = new WeakMap<Db, Set<() => void>>()

/** Work to finish on this connection before it closes: rows batched for a later turn of the event loop (logs.ts). */
export function beforeClose(db: Db, fn: () => unknown): void {
  let set = closing.get(db)
  if (!set) closing.set(db, (set = new Set()))
  set.add(fn)
}

/** Finishes what was left for the close (each awaited: its statements need the connection), then closes. */
export async function closeDb(db: Db): Promise<void> {
  const pending = closing.get(db)
  closing.delete(db)
  for (const fn of pending ?? []) await fn()
  if (dbEngine(db) === 'postgres') await closePgDb(db as unknown as PgDb)
  else db.$client.close()
}
