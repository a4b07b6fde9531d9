import type { Ctx, Services } from '../../lib/context.ts'
import { PLATFORM_TENANT } from '../../lib/permission-cache.ts'
import { isAdministrator } from '../../lib/permissions.ts'

/**
 * Code generation reads databases and writes code for the appliance itself: it is the platform administrator's,
 * never a school's, even should a school's role be handed the menu's codes.
 */
export const platformAdmin = async (ctx: Ctx) => ctx.actor.tenantId === PLATFORM_TENANT && (await isAdministrator(ctx))

export const PLATFORM_ONLY = {
  list: platformAdmin,
  detail: platformAdmin,
  add: platformAdmin,
  edit: platformAdmin,
  remove: platformAdmin,
}

/** The data directory's secret the datasource passwords are sealed under; only routes hold it. */
export const secretOf = (services: Services | undefined) => {
  if (!services) throw new Error('datasources are used through the HTTP routes, which hold the sealing secret')
  return services.jwtSecret
}
