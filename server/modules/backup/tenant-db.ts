/**
 * The database side of one school's export and import (tenant.ts), on the appliance's engine: the SQLite file
 * through bun:sqlite, or PostgreSQL (ATRIUM_DATABASE_URL) through Bun's client. Tables and columns come from the
 * engine's own catalogue (server/lib/db-catalogue.ts, shared with `atrium db to-postgres`), not from db/schema:
 * a process builds db/schema for one engine, and an archive travels between engines.
 *
 * Rows cross in one shape whatever the engine, the one bun:sqlite answers: integers as numbers, blobs as
 * Uint8Array, JSON as its text, text as text. So an export from either engine holds the same rows, and an import
 * writes each value as the target's column takes it.
 */
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import { join } from 'node:path'
import type { Config } from '../../lib/config.ts'
import {
  fromPostgres,
  pgColumns,
  pgDependencyOrder,
  quote,
  resetIdentities,
  sqliteColumns,
  sqliteTables,
  toPostgres,
  type PgColumn,
} from '../../lib/db-catalogue.ts'
import { pgSchemaStatus, releaseMigrations } from '../../lib/migrations.ts'
import { schemaOf, snapshotDb } from './snapshot.ts'

export type Row = Record<string, unknown>

export interface TableInfo {
  name: string
  columns: string[]
}

/** Where a manifest says the rows' schema is: the SQLite migration tag, on either engine (restore.ts checkRelease). */
export interface SchemaLevel {
  migration: string | null
  migrations: number
}

/** One consistent read of the database. */
export interface TenantSource {
  tables: TableInfo[]
  /** A table's rows: only the tenant's with `tenantId`, all of them without. */
  rows(table: string, tenantId?: string): Promise<Row[]>
  schema: SchemaLevel
}

/** Writes inside the import's one transaction. */
export interface TenantTarget {
  /** Each table of the target and its columns. */
  columns: Map<string, Set<string>>
  /** Tables in the order to write them: parents first where PostgreSQL declares foreign keys (SQLite defers its checks). */
  order(tables: string[]): Promise<string[]>
  /** Whether a live tenant already has this id. */
  tenantTaken(tenantId: string): Promise<boolean>
  /** Whether any of these ids is already a row id of the table. */
  idsTaken(table: string, ids: string[]): Promise<boolean>
  insert(table: string, row: Row): Promise<void>
}

/** Live tenants with the id given as `param` (each engine spells its parameters its own way). */
const tenantTaken = (param: string) =>
  `SELECT count(*) AS n FROM blade_tenant WHERE tenant_id = ${param} AND is_deleted = 0`

/**
 * Reads from a consistent snapshot: on SQLite a VACUUM INTO copy in `work` (the appliance keeps writing meanwhile),
 * on PostgreSQL one REPEATABLE READ, READ ONLY transaction.
 */
export async function readTenantDb<T>(
  config: Config,
  work: string,
  body: (source: TenantSource) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) return readPostgres(config.databaseUrl, body)
  const copy = join(work, 'snapshot.db')
  snapshotDb(config.dbFile, copy)
  const db = new Database(copy, { readonly: true })
  try {
    return await body({
      tables: sqliteTables(db).map((name) => ({ name, columns: sqliteColumns(db, name) })),
      rows: (table, tenantId) => {
        const [where, params] = tenantId === undefined ? ['', []] : [' WHERE tenant_id = ?', [tenantId]]
        return Promise.resolve(db.query<Row, string[]>(`SELECT * FROM ${quote(table)}${where}`).all(...params))
      },
      schema: schemaOf(copy),
    })
  } finally {
    db.close()
  }
}

/**
 * A PostgreSQL database at this release's newest migration holds this release's schema, which the SQLite
 * migrations name by their own newest tag: the manifest says that, so either engine's import checks it alike.
 * A database behind or ahead of this release has no SQLite tag to name.
 */
async function pgSchemaLevel(sql: SQL): Promise<SchemaLevel> {
  const status = await pgSchemaStatus(sql)
  const sqlite = releaseMigrations()
  if (status.pending.length || status.newer) return { migration: null, migrations: 0 }
  return { migration: sqlite.at(-1)?.tag ?? null, migrations: sqlite.length }
}

async function readPostgres<T>(url: string, body: (source: TenantSource) => Promise<T>): Promise<T> {
  const sql = new SQL(url, { max: 1 })
  try {
    return await sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
      const catalogue = await pgColumns(tx)
      const normalise = (table: string, rows: Row[]): Row[] => {
        const types = catalogue.get(table)!
        return rows.map((r) => Object.fromEntries(types.map((c) => [c.name, fromPostgres(r[c.name], c.type)])))
      }
      return body({
        tables: [...catalogue].map(([name, columns]) => ({ name, columns: columns.map((c) => c.name) })),
        rows: async (table, tenantId) => {
          const [where, params] = tenantId === undefined ? ['', []] : [' WHERE tenant_id = $1', [tenantId]]
          return normalise(table, await tx.unsafe(`SELECT * FROM ${quote(table)}${where}`, params))
        },
        schema: await pgSchemaLevel(tx),
      })
    })
  } finally {
    await sql.close()
  }
}

/**
 * Runs `body` in one transaction on the appliance's database: committed when it resolves, rolled back when it
 * throws, so a failed import leaves nothing behind. The body awaits only the target's own calls.
 */
export async function writeTenantDb<T>(config: Config, body: (target: TenantTarget) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return writePostgres(config.databaseUrl, body)
  const db = new Database(config.dbFile)
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    const columns = new Map(sqliteTables(db).map((name) => [name, new Set(sqliteColumns(db, name))]))
    db.exec('BEGIN IMMEDIATE')
    try {
      db.exec('PRAGMA defer_foreign_keys = ON')
      const result = await body({
        columns,
        order: (tables) => Promise.resolve(tables),
        tenantTaken: (tenantId) =>
          Promise.resolve(db.query<{ n: number }, [string]>(tenantTaken('?')).get(tenantId)!.n > 0),
        idsTaken: (table, ids) => {
          const exists = db.query<{ n: number }, [string]>(`SELECT count(*) AS n FROM ${quote(table)} WHERE id = ?`)
          return Promise.resolve(ids.some((id) => exists.get(id)!.n > 0))
        },
        insert: (table, row) => {
          const keys = Object.keys(row)
          db.query(
            `INSERT INTO ${quote(table)} (${keys.map(quote).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
          ).run(...(keys.map((k) => row[k]) as never[]))
          return Promise.resolve()
        },
      })
      db.exec('COMMIT')
      return result
    } catch (e) {
      db.exec('ROLLBACK')
      throw e
    }
  } finally {
    db.close()
  }
}

async function writePostgres<T>(url: string, body: (target: TenantTarget) => Promise<T>): Promise<T> {
  const sql = new SQL(url, { max: 1 })
  try {
    return await sql.begin(async (tx) => {
      const catalogue = await pgColumns(tx)
      const byName = new Map(
        [...catalogue].map(
          ([t, cols]) => [t, new Map(cols.map((c) => [c.name, c]))] as [string, Map<string, PgColumn>],
        ),
      )
      const written = new Set<string>()
      const result = await body({
        columns: new Map([...byName].map(([t, cols]) => [t, new Set(cols.keys())])),
        order: (tables) => pgDependencyOrder(tx, tables),
        tenantTaken: async (tenantId) => {
          const [{ n }] = await tx.unsafe(tenantTaken('$1'), [tenantId])
          return Number(n) > 0
        },
        idsTaken: async (table, ids) => {
          // The parameter is cast to the id column's own type (text, or bigint on a numbered table).
          const type = byName.get(table)?.get('id')?.type ?? 'text'
          const found = await tx.unsafe(`SELECT 1 FROM ${quote(table)} WHERE id = ANY($1::${type}[]) LIMIT 1`, [ids])
          return found.length > 0
        },
        insert: async (table, row) => {
          const columns = byName.get(table)!
          const keys = Object.keys(row)
          await tx.unsafe(
            `INSERT INTO ${quote(table)} (${keys.map(quote).join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')})`,
            keys.map((k) => toPostgres(row[k], columns.get(k)!)),
          )
          written.add(table)
        },
      })
      // Rows came with their own numbers: identity columns must hand out numbers past them.
      await resetIdentities(tx, written)
      return result
    })
  } finally {
    await sql.close()
  }
}
