import type { Services } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'

/**
 * The data directory's secret the model key is sealed under, found by the database: the config's read side (which
 * masks the key) and the ask verb's stream hold only a database. The module registers it when its routes are built.
 */
const byDb = new WeakMap<Db, string>()

export const rememberSecret = (s: Services) => void byDb.set(s.db, s.jwtSecret)

export function secretOf(db: Db): string {
  const secret = byDb.get(db)
  if (!secret) throw new Error('the assistant module of this database is not mounted (rememberSecret)')
  return secret
}
