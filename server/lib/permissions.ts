import type { Ctx } from './context.ts'
import { ApiError } from './errors.ts'
import { ADMINISTRATOR, effective, packageMenuIdsOf, PLATFORM_TENANT, TENANT_ADMIN } from './permission-cache.ts'

export { ADMINISTRATOR, PLATFORM_TENANT, TENANT_ADMIN }

/** Route options that are not permission codes: anyone, or any signed-in user. */
export const PUBLIC = 'public'
export const SIGNED_IN = 'auth'

// The look-ups below read the caller's effective permissions (server/lib/permission-cache.ts):
// computed once per role set, valid while the permission version in the database is unchanged.

export const roleAliases = async (ctx: Ctx): Promise<readonly string[]> =>
  ctx.actor.roleIds.length ? (await effective(ctx)).aliases : []

export const isAdministrator = async (ctx: Ctx) =>
  ctx.actor.kind === 'system' ||
  (ctx.actor.kind === 'user' && ctx.actor.tenantId === PLATFORM_TENANT && (await effective(ctx)).administrator)

/** Menu ids the tenant's package allows; null = no package, no limit. */
export const packageMenuIds = async (ctx: Ctx, tenantId = ctx.actor.tenantId) => packageMenuIdsOf(ctx, tenantId)

/**
 * The menu ids the actor may use: all menus for administrators (tenant admins:
 * all within the package), otherwise what its roles were granted, always
 * clipped to the package.
 */
export const grantedMenuIds = async (ctx: Ctx) => (await effective(ctx)).menuIds

export const permissionCodes = async (ctx: Ctx) => (await effective(ctx)).codes

/** The same codes as a sorted list (user-info answers it on every page load). */
export const sortedPermissionCodes = async (ctx: Ctx): Promise<readonly string[]> => (await effective(ctx)).codeList

const pathMatches = (pattern: string, path: string) =>
  pattern.endsWith('**') ? path.startsWith(pattern.slice(0, -2)) : path === pattern

/**
 * API scopes: when a tenant defines scopes covering a path, only roles granted
 * one of them may call it. Paths no scope covers are governed by codes alone.
 */
async function checkApiScope(ctx: Ctx, method: string, path: string): Promise<void> {
  if (await isAdministrator(ctx)) return
  const e = await effective(ctx)
  if (!e.apiScopes.length) return
  const key = `${method} ${path}`
  let allowed = e.apiDecisions.get(key)
  if (allowed === undefined) {
    const covering = e.apiScopes.filter(
      (s) => pathMatches(s.scopePath, path) && (s.scopeType === 1 || (s.scopeType === 2) === (method === 'GET')),
    )
    allowed = !covering.length || covering.some((c) => e.apiGranted.has(c.id))
    // Paths carrying ids could grow the memo without end: keep a bounded one.
    if (e.apiDecisions.size < 5000) e.apiDecisions.set(key, allowed)
  }
  if (!allowed) throw new ApiError(403, 'error.forbidden')
}

/** The one permission gate every route passes through (the `perm` route option). */
export async function requirePermission(ctx: Ctx, code: string, method: string, path: string): Promise<void> {
  if (code === PUBLIC) return
  if (ctx.actor.kind === 'anonymous')
    throw new ApiError(
      401,
      typeof ctx.actor.tokenError === 'string'
        ? ctx.actor.tokenError
        : ctx.actor.tokenError
          ? 'error.tokenInvalid'
          : 'error.unauthorized',
    )
  if (code === SIGNED_IN) return
  if (ctx.actor.kind !== 'system' && !(await isAdministrator(ctx)) && !(await permissionCodes(ctx)).has(code))
    throw new ApiError(403, 'error.forbidden')
  await checkApiScope(ctx, method, path)
}
