import type { Database } from 'bun:sqlite'
import type { SQL } from 'bun'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The migrations this release ships (drizzle-kit's folder and journal). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations', import.meta.url))

export interface Migration {
  tag: string
  /** drizzle-kit's timestamp: what __drizzle_migrations.created_at records. */
  when: number
  hash: string
  statements: string[]
}

export interface SchemaStatus {
  /** Tag of the newest applied migration, or null for an empty database. */
  current: string | null
  applied: string[]
  pending: string[]
  /** The database was migrated by a newer release than this one (a migration we do not know). */
  newer: boolean
}

/** A migration that failed: names it, so an operator knows where an upgrade stopped. */
export class MigrationError extends Error {
  constructor(
    readonly tag: string,
    cause: unknown,
  ) {
    super(`migration ${tag} failed: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'MigrationError'
  }
}

export function releaseMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  const files = readMigrationFiles({ migrationsFolder: dir })
  return journal.entries.map((e, i) => ({ tag: e.tag, when: e.when, hash: files[i].hash, statements: files[i].sql }))
}

function appliedTimes(sqlite: Database): number[] {
  const exists = sqlite
    .query(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`)
    .get()
  if (!exists) return []
  return sqlite
    .query<{ t: number }, []>('SELECT created_at AS t FROM __drizzle_migrations ORDER BY created_at')
    .all()
    .map((r) => Number(r.t))
}

export function schemaStatus(sqlite: Database, dir = MIGRATIONS_DIR): SchemaStatus {
  const release = releaseMigrations(dir)
  const times = appliedTimes(sqlite)
  const last = times.at(-1) ?? 0
  const known = new Set(release.map((m) => m.when))
  return {
    current: release.filter((m) => m.when <= last).at(-1)?.tag ?? null,
    applied: release.filter((m) => m.when <= last).map((m) => m.tag),
    pending: release.filter((m) => m.when > last).map((m) => m.tag),
    newer: times.some((t) => !known.has(t)),
  }
}

/**
 * Applies pending migrations the way drizzle's migrator does (same bookkeeping
 * table, so either can follow the other), all in one transaction: if one fails,
 * the database is left exactly as it was and the error names the migration.
 */
export function applyMigrations(sqlite: Database, dir = MIGRATIONS_DIR): string[] {
  sqlite.exec(
    'CREATE TABLE IF NOT EXISTS __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)',
  )
  const last = appliedTimes(sqlite).at(-1) ?? 0
  const pending = releaseMigrations(dir).filter((m) => m.when > last)
  if (!pending.length) return []
  sqlite.exec('BEGIN IMMEDIATE')
  try {
    for (const m of pending) {
      try {
        for (const stmt of m.statements) if (stmt.trim()) sqlite.exec(stmt)
      } catch (e) {
        throw new MigrationError(m.tag, e)
      }
      sqlite.query('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run(m.hash, m.when)
    }
    sqlite.exec('COMMIT')
  } catch (e) {
    sqlite.exec('ROLLBACK')
    throw e
  }
  return pending.map((m) => m.tag)
}

/** The PostgreSQL migrations, generated from the same db/schema by drizzle.config.pg.ts (issue #27). */
export const PG_MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations-pg', import.meta.url))

/**
 * drizzle's own bookkeeping on PostgreSQL (schema `drizzle`, table `__drizzle_migrations`), so drizzle's
 * migrator and this one can follow each other, as on SQLite.
 */
const PG_BOOKKEEPING = 'drizzle.__drizzle_migrations'

/** Any key both engines' code agree on: serialises migrating processes (two replicas starting at once). */
const PG_MIGRATION_LOCK = 0x61747269 // 'atri'

async function pgAppliedTimes(client: SQL): Promise<number[]> {
  const [exists] = await client`SELECT to_regclass(${PG_BOOKKEEPING}) IS NOT NULL AS present`
  if (!exists?.present) return []
  const rows: { t: string | number }[] = await client.unsafe(
    `SELECT created_at AS t FROM ${PG_BOOKKEEPING} ORDER BY created_at`,
  )
  return rows.map((r) => Number(r.t))
}

export async function pgSchemaStatus(client: SQL, dir = PG_MIGRATIONS_DIR): Promise<SchemaStatus> {
  const release = releaseMigrations(dir)
  const times = await pgAppliedTimes(client)
  const last = times.at(-1) ?? 0
  const known = new Set(release.map((m) => m.when))
  return {
    current: release.filter((m) => m.when <= last).at(-1)?.tag ?? null,
    applied: release.filter((m) => m.when <= last).map((m) => m.tag),
    pending: release.filter((m) => m.when > last).map((m) => m.tag),
    newer: times.some((t) => !known.has(t)),
  }
}

/**
 * The PostgreSQL counterpart of applyMigrations: every pending migration in one transaction (PostgreSQL's DDL is
 * transactional, so a failed one leaves the database as it was and the error names it). An advisory lock taken
 * inside the transaction makes a second process starting at the same moment wait, then find nothing pending.
 */
export async function applyPgMigrations(client: SQL, dir = PG_MIGRATIONS_DIR): Promise<string[]> {
  const release = releaseMigrations(dir)
  return client.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`
    await tx.unsafe('CREATE SCHEMA IF NOT EXISTS drizzle')
    await tx.unsafe(
      `CREATE TABLE IF NOT EXISTS ${PG_BOOKKEEPING} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    )
    const last = (await pgAppliedTimes(tx)).at(-1) ?? 0
    const pending = release.filter((m) => m.when > last)
    for (const m of pending) {
      try {
        for (const stmt of m.statements) if (stmt.trim()) await tx.unsafe(stmt)
      } catch (e) {
        throw new MigrationError(m.tag, e)
      }
      await tx.unsafe(`INSERT INTO ${PG_BOOKKEEPING} (hash, created_at) VALUES ($1, $2)`, [m.hash, m.when])
    }
    return pending.map((m) => m.tag)
  })
}
