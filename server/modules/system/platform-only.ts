import { makeCtx, systemActor, type Ctx } from '../../lib/context.ts'
import { forbidden } from '../../lib/errors.ts'
import { isAdministrator } from '../../lib/permissions.ts'

/**
 * Access rules for platform matters (menus, system dictionary, regions,
 * tenants, packages, clients): a tenant administrator may hold the codes
 * through its package, but only the platform administrator changes them.
 */
export const platformOnly = (ctx: Ctx) => isAdministrator(ctx)

export const platformWrites = { add: platformOnly, edit: platformOnly, remove: platformOnly }

/**
 * The context to read another tenant's rows with (`?tenantId=` on trees and
 * selects): only the platform administrator may ask, and then it reads as the
 * system for that tenant; anyone else naming a foreign tenant gets 403.
 */
export async function actingFor(ctx: Ctx, tenantId?: string): Promise<Ctx> {
  if (!tenantId || tenantId === ctx.actor.tenantId) return ctx
  if (!(await isAdministrator(ctx))) throw forbidden()
  return makeCtx(ctx.db, systemActor(tenantId), ctx.lang)
}
