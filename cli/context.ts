import { boot } from '../server/boot.ts'
import { makeCtx, systemActor, type Ctx, type Services } from '../server/lib/context.ts'
import { closeDb } from '../server/lib/db.ts'
import { cliLang } from './lang.ts'

/**
 * The CLI opens the same data directory as the server (SQLite WAL lets both
 * work at once) and acts as the system for one tenant: it calls the same
 * operations the API does, with an explicit actor.
 */
export async function withSystem<T>(tenantId: string, work: (ctx: Ctx, services: Services) => Promise<T>): Promise<T> {
  const services = await boot(undefined, { logLevel: 'silent' })
  try {
    return await work(makeCtx(services.db, systemActor(tenantId), cliLang()), services)
  } finally {
    await closeDb(services.db)
  }
}
