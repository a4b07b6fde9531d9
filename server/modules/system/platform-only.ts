import type { Ctx } from '../../lib/context.ts'
import { isAdministrator } from '../../lib/permissions.ts'

/**
 * Access rules for platform matters (menus, system dictionary, regions,
 * tenants, packages, clients): a tenant administrator may hold the codes
 * through its package, but only the platform administrator changes them.
 */
export const platformOnly = (ctx: Ctx) => isAdministrator(ctx)

export const platformWrites = { add: platformOnly, edit: platformOnly, remove: platformOnly }
