import type { Services } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'

/**
 * The app's services as the payment operations find them by their database: config hooks seal keys with the data
 * directory's secret, and the refund and reconciliation jobs open them again, holding only a database. The pay
 * module registers its app when its routes are built (and main.ts's job runner shares that database).
 */
const byDb = new WeakMap<Db, Services>()

export const usePayServices = (s: Services) => void byDb.set(s.db, s)

export function payServices(db: Db): Services {
  const s = byDb.get(db)
  if (!s) throw new Error('the payment services of this database are not registered (usePayServices)')
  return s
}
