import { createLogger } from './lib/logger.ts'
import { loadConfig, type Config } from './lib/config.ts'
import { migrateDb, openDb } from './lib/db.ts'
import { loadSecrets } from './lib/secrets.ts'
import type { Services } from './lib/context.ts'
import { seed } from '../db/seed/index.ts'

/**
 * Opens the data directory: database (WAL), migrations, first-start seed and
 * secrets. Shared by main.ts and the CLI so both see the same appliance.
 */
export function boot(config: Config = loadConfig(), opts: { seed?: boolean; logLevel?: string } = {}): Services & { seeded: boolean } {
  const log = createLogger(opts.logLevel ?? config.logLevel)
  const db = openDb(config.dbFile)
  migrateDb(db)
  const seeded = opts.seed === false ? false : seed(db)
  if (seeded) log.info({ dataDir: config.dataDir }, 'first start: database seeded')
  return { id: crypto.randomUUID(), db, config, log, jwtSecret: loadSecrets(config.dataDir).jwtSecret, seeded }
}
