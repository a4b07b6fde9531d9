import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { migrateDb, openDb, closeDb, migrateDatabase, openDatabase } from '../../server/lib/db.ts'
import { prepare } from '../../server/boot.ts'
import { startPostgres } from './pg-cluster.ts'

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
  // Workers need a PostgreSQL URL as db/schema loads, but not the template's: a test or a child process that forgot
  // to take its own copy (harness.ts seededDatabase, server-process.ts applianceDatabase) fails on a database that
  // does not exist instead of writing into the template (which would also stop every later copy: CREATE DATABASE …
  // TEMPLATE refuses a template with connections).
  const none = new URL(admin)
  none.pathname = '/atrium_test_worker_has_no_database'
  process.env.ATRIUM_DATABASE_URL = none.toString()
  return async () => {
    await cluster?.stop()
  }
}
