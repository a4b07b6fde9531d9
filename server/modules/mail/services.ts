import type { Services } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'

/**
 * The app's services as the mail operations find them by their database: resource hooks and the send job hold only
 * a database (or a Ctx), yet must seal passwords with the data directory's secret and read attachments from the
 * file store. The mail module registers its app when its routes are built (and main.ts before the job runner).
 */
const byDb = new WeakMap<Db, Services>()

export const useMailServices = (s: Services) => void byDb.set(s.db, s)

export function mailServices(db: Db): Services {
  const s = byDb.get(db)
  if (!s) throw new Error('the mail services of this database are not registered (useMailServices)')
  return s
}
