import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrateDb, openDb, closeDb } from '../../server/lib/db.ts'
import { prepare } from '../../server/boot.ts'

/**
 * Seeds one template database for the whole run (argon2 hashing makes a seed
 * take a second); each test copies it into its own temporary data directory.
 */
export default async function setup() {
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
