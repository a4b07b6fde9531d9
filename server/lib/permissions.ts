import { and, eq, inArray } from 'drizzle-orm'
import { menu, role, roleMenu, roleScope, scopeApi, tenant, tenantPackage } from '../../db/schema/index.ts'
import { type Ctx, memo } from './context.ts'
import { ApiError } from './errors.ts'

/** The platform administrator's role alias: every permission, in every tenant it acts for. */
export const ADMINISTRATOR = 'administrator'
/** A tenant administrator holds every permission its tenant's package allows. */
export const TENANT_ADMIN = 'admin'
export const PLATFORM_TENANT = '000000'

/** Route options that are not permission codes: anyone, or any signed-in user. */
export const PUBLIC = 'public'
export const SIGNED_IN = 'auth'

export const roleAliases = (ctx: Ctx) =>
  memo(ctx, 'roleAliases', async () => {
    if (!ctx.actor.roleIds.length) return [] as string[]
    const rows = await ctx.db.select({ alias: role.roleAlias }).from(role)
      .where(and(inArray(role.id, ctx.actor.roleIds), eq(role.tenantId, ctx.actor.tenantId), eq(role.isDeleted, 0)))
    return rows.map((r) => r.alias)
  })

export const isAdministrator = async (ctx: Ctx) =>
  ctx.actor.kind === 'system' || (ctx.actor.tenantId === PLATFORM_TENANT && (await roleAliases(ctx)).includes(ADMINISTRATOR))

/** Menu ids the tenant's package allows; null = no package, no limit. */
export const packageMenuIds = (ctx: Ctx, tenantId = ctx.actor.tenantId) =>
  memo(ctx, `package:${tenantId}`, async () => {
    if (tenantId === PLATFORM_TENANT) return null
    const [row] = await ctx.db.select({ menuId: tenantPackage.menuId }).from(tenant)
      .innerJoin(tenantPackage, eq(tenantPackage.id, tenant.packageId))
      .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0), eq(tenantPackage.isDeleted, 0)))
    return row ? new Set(row.menuId.split(',').filter(Boolean)) : null
  })

/**
 * The menu ids the actor may use: all menus for administrators (tenant admins:
 * all within the package), otherwise what its roles were granted, always
 * clipped to the package.
 */
export const grantedMenuIds = (ctx: Ctx) =>
  memo(ctx, 'menuIds', async () => {
    const aliases = await roleAliases(ctx)
    const pkg = await packageMenuIds(ctx)
    let ids: string[]
    if (ctx.actor.kind === 'system' || aliases.includes(ADMINISTRATOR) || aliases.includes(TENANT_ADMIN)) {
      ids = (await ctx.db.select({ id: menu.id }).from(menu).where(eq(menu.isDeleted, 0))).map((r) => r.id)
    } else if (ctx.actor.roleIds.length) {
      ids = (await ctx.db.selectDistinct({ id: roleMenu.menuId }).from(roleMenu).where(inArray(roleMenu.roleId, ctx.actor.roleIds))).map((r) => r.id)
    } else ids = []
    return new Set(pkg ? ids.filter((id) => pkg.has(id)) : ids)
  })

export const permissionCodes = (ctx: Ctx) =>
  memo(ctx, 'codes', async () => {
    const ids = [...(await grantedMenuIds(ctx))]
    if (!ids.length) return new Set<string>()
    const rows = await ctx.db.select({ code: menu.code }).from(menu).where(and(inArray(menu.id, ids), eq(menu.isDeleted, 0)))
    return new Set(rows.map((r) => r.code))
  })

const pathMatches = (pattern: string, path: string) =>
  pattern.endsWith('**') ? path.startsWith(pattern.slice(0, -2)) : path === pattern

/**
 * API scopes: when a tenant defines scopes covering a path, only roles granted
 * one of them may call it. Paths no scope covers are governed by codes alone.
 */
async function checkApiScope(ctx: Ctx, method: string, path: string): Promise<void> {
  if (await isAdministrator(ctx)) return
  const defined = await ctx.db.select({ id: scopeApi.id, scopePath: scopeApi.scopePath, scopeType: scopeApi.scopeType }).from(scopeApi)
    .where(and(eq(scopeApi.tenantId, ctx.actor.tenantId), eq(scopeApi.isDeleted, 0)))
  const covering = defined.filter((s) => pathMatches(s.scopePath, path) && (s.scopeType === 1 || (s.scopeType === 2) === (method === 'GET')))
  if (!covering.length) return
  if (!ctx.actor.roleIds.length) throw new ApiError(403, 'error.forbidden')
  const granted = await ctx.db.select({ id: roleScope.scopeId }).from(roleScope)
    .where(and(eq(roleScope.scopeCategory, 2), inArray(roleScope.roleId, ctx.actor.roleIds), inArray(roleScope.scopeId, covering.map((c) => c.id))))
  if (!granted.length) throw new ApiError(403, 'error.forbidden')
}

/** The one permission gate every route passes through (the `perm` route option). */
export async function requirePermission(ctx: Ctx, code: string, method: string, path: string): Promise<void> {
  if (code === PUBLIC) return
  if (ctx.actor.kind === 'anonymous') throw new ApiError(401, ctx.actor.tokenError ? 'error.tokenInvalid' : 'error.unauthorized')
  if (code === SIGNED_IN) return
  if (ctx.actor.kind !== 'system' && !(await isAdministrator(ctx)) && !(await permissionCodes(ctx)).has(code)) throw new ApiError(403, 'error.forbidden')
  await checkApiScope(ctx, method, path)
}
