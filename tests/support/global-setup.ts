import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { migrateDb, openDb, closeDb, migrateDatabase, openDatabase } from '../../server/lib/db.ts'
import { prepare } from '../../server/boot.ts'
import { startPostgres } from './postgres.ts'

/**
 * Seeds one template database for the whole run (argon2 hashing makes a seed take a second); each test copies it.
 * On SQLite (the default) the template is a file each test copies into its own data directory. With
 * ATRIUM_TEST_ENGINE=postgres the run is the same suite on PostgreSQL: a throwaway cluster (or ATRIUM_TEST_PG_URL's),
 * a seeded template database, and each appliance a `CREATE DATABASE … TEMPLATE` copy of it (tests/support/harness.ts).
 */
export default async function setup() {
  if (process.env.ATRIUM_TEST_ENGINE === 'postgres') return setupPostgres()
  const dir = mkdtempSync(join(tmpdir(), 'atrium-template-'))
  const file = join(dir, 'atrium.db')
  const db = openDb(file)
  migrateDb(db)
  await prepare(db)
  db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  await closeDb(db)
  process.env.ATRIUM_TEST_TEMPLATE = file
  return () => rmSync(dir, { recursive: true, force: true })
}

async function setupPostgres() {
  const shared = process.env.ATRIUM_TEST_PG_URL
  const cluster = shared ? null : await startPostgres()
  const admin = shared ?? cluster!.url()
  const name = `atrium_template_${process.pid}`
  const client = new SQL(admin, { max: 1 })
  await client.unsafe(`CREATE DATABASE "${name}"`)
  await client.close()
  const url = new URL(admin)
  url.pathname = `/${name}`
  const db = openDatabase({ dbFile: '', databaseUrl: url.toString() })
  await migrateDatabase(db)
  await prepare(db)
  await closeDb(db)
  process.env.ATRIUM_TEST_PG_ADMIN = admin
  process.env.ATRIUM_TEST_PG_TEMPLATE = name
  process.env.ATRIUM_DATABASE_URL = url.toString()
  return async () => {
    await cluster?.stop()
  }
}
