import { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../../lib/config.ts'
import { ApiError } from '../../lib/errors.ts'
import { MIGRATIONS_DIR, schemaStatus } from '../../lib/migrations.ts'
import { backupAppliance, backupName, backupsDir } from './snapshot.ts'

/**
 * Runs before a release opens an existing data directory. A directory written by
 * a newer release is refused (its schema is unknown here); one with migrations
 * pending is backed up whole first, so an upgrade can always be undone with
 * `atrium restore`. Answers the backup's path when one was made; none on
 * PostgreSQL (snapshot.ts, sqliteOnly).
 */
export async function prepareUpgrade(config: Config, migrations = MIGRATIONS_DIR): Promise<string | null> {
  // On PostgreSQL the data is not in the data directory's file (a leftover atrium.db is not this appliance's data):
  // its migrations are applied by migrateDatabase, and the backup before an upgrade is PostgreSQL's own (pg_dump).
  if (config.databaseUrl || !existsSync(config.dbFile)) return null
  const db = new Database(config.dbFile, { readonly: true })
  const status = (() => {
    try {
      // Another process may be writing or checkpointing at this moment (the CLI, a server stopping): wait for it
      // as every other connection does, rather than refusing to start with "database is locked".
      db.exec('PRAGMA busy_timeout = 5000')
      return schemaStatus(db, migrations)
    } finally {
      db.close()
    }
  })()
  if (status.newer) throw new ApiError(409, 'backup.newerData', { migration: status.current ?? '?' })
  if (!status.pending.length || !status.applied.length) return null
  const out = join(backupsDir(config), backupName('pre-upgrade'))
  await backupAppliance(config, out, { trigger: 'pre-upgrade' })
  return out
}
