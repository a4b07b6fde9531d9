import { Database } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import * as schema from '../../db/schema/index.ts'
import { applyMigrations } from './migrations.ts'

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database }

/**
 * Opens (creating if needed) the SQLite file in WAL mode with synchronous=NORMAL:
 * a committed transaction survives a process crash, which is what "acknowledged"
 * means for a single appliance. busy_timeout lets the CLI write while the server runs.
 */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new Database(file, { create: true, strict: true })
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

export function closeDb(db: Db): void {
  db.$client.close()
}
