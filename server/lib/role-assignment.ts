import { and, eq, inArray } from 'drizzle-orm'
import { menu, role, roleMenu, roleScope, scopeData } from '../../db/schema/index.ts'
import type { Ctx } from './context.ts'
import { ApiError, badRequest } from './errors.ts'
import { defineMessages } from './messages.ts'
import {
  ADMINISTRATOR,
  TENANT_ADMIN,
  grantedMenuIds,
  isAdministrator,
  packageMenuIds,
  roleAliases,
} from './permissions.ts'
import { scope } from './scope.ts'
import { tenantRows, notDeleted } from './tenant-rows.ts'

defineMessages({
  'role.assignAbove': {
    zh: '不能分配权限超出自身的角色：{role}',
    en: 'you cannot assign a role with permissions beyond your own: {role}',
  },
  'role.menusAbove': { zh: '不能授予自身没有的菜单权限', en: 'you cannot grant menus you do not hold yourself' },
})

/** Menu ids a set of roles gives, clipped to the tenant's package (a tenant administrator role: the whole package). */
async function menusOfRoles(ctx: Ctx, roles: { id: string; alias: string }[]): Promise<Set<string>> {
  const pkg = await packageMenuIds(ctx)
  let ids: string[]
  if (roles.some((r) => r.alias === TENANT_ADMIN || r.alias === ADMINISTRATOR)) {
    ids = (await ctx.db.select({ id: menu.id }).from(menu).where(notDeleted(menu))).map((r) => r.id)
  } else {
    ids = roles.length
      ? (
          await ctx.db
            .selectDistinct({ id: roleMenu.menuId })
            .from(roleMenu)
            .where(
              inArray(
                roleMenu.roleId,
                roles.map((r) => r.id),
              ),
            )
        ).map((r) => r.id)
      : []
  }
  return new Set(pkg ? ids.filter((id) => pkg.has(id)) : ids)
}

/**
 * Data scopes narrow what a code shows. Where the caller is itself narrowed
 * for a resource code (none of its grants is "all"), a role it hands out that
 * holds that code must be narrowed too, and only by scopes the caller holds.
 */
async function checkDataScopes(
  ctx: Ctx,
  roles: { id: string; alias: string; name: string }[],
  theirMenus: Set<string>,
) {
  const grants = (roleIds: string[]) =>
    roleIds.length
      ? ctx.db
          .select({
            roleId: roleScope.roleId,
            scopeId: scopeData.id,
            code: scopeData.resourceCode,
            type: scopeData.scopeType,
          })
          .from(roleScope)
          .innerJoin(scopeData, and(eq(scopeData.id, roleScope.scopeId), eq(roleScope.scopeCategory, 1)))
          .where(
            and(
              inArray(roleScope.roleId, roleIds),
              tenantRows(scopeData, ctx.actor.tenantId, {
                why: 'which data scopes roles hold is permission machinery, not a list the caller reads',
              }),
            ),
          )
      : Promise.resolve([])
  const mine = await grants(ctx.actor.roleIds)
  const limitedCodes = [...new Set(mine.map((g) => g.code))].filter(
    (c) => !mine.some((g) => g.code === c && g.type === 1),
  )
  if (!limitedCodes.length) return
  const held = new Set(
    (await ctx.db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, limitedCodes)))
      .filter((m) => theirMenus.has(m.id))
      .map((m) => m.code),
  )
  const theirs = await grants(roles.map((r) => r.id))
  for (const code of limitedCodes.filter((c) => held.has(c))) {
    for (const r of roles) {
      const own = theirs.filter((g) => g.roleId === r.id && g.code === code)
      if (!own.length || own.some((g) => !mine.some((m) => m.scopeId === g.scopeId)))
        throw new ApiError(403, 'role.assignAbove', { role: r.name })
    }
  }
}

/**
 * The one rule for every path that sets a user's roles (user grant, submit,
 * update, approval of a registration, the CLI, tenant provisioning): a caller
 * may hand out only roles whose permissions it holds itself, and the platform
 * `administrator` role only if it is the platform administrator. Unknown or
 * foreign role ids are a 400 naming `field`; a role above the caller is a 403.
 */
export async function assertAssignable(ctx: Ctx, roleIds: string[], field = 'roleId'): Promise<void> {
  const ids = [...new Set(roleIds.filter(Boolean))]
  if (!ids.length) return
  const roles = await ctx.db
    .select({ id: role.id, alias: role.roleAlias, name: role.roleName })
    .from(role)
    .where(
      and(
        await scope(role, ctx, {
          dataScope: false,
          why: 'which roles exist in the tenant; whether the caller may hand them out is decided below',
        }),
        inArray(role.id, ids),
      ),
    )
  if (roles.length !== ids.length) throw badRequest('user.foreignRef', { field }, field)
  if (await isAdministrator(ctx)) return
  const top = roles.find((r) => r.alias === ADMINISTRATOR)
  if (top) throw new ApiError(403, 'role.assignAbove', { role: top.name })
  const mine = await grantedMenuIds(ctx)
  for (const r of roles) {
    const theirs = await menusOfRoles(ctx, [r])
    if ([...theirs].some((id) => !mine.has(id))) throw new ApiError(403, 'role.assignAbove', { role: r.name })
  }
  if ((await roleAliases(ctx)).includes(TENANT_ADMIN)) return
  await checkDataScopes(ctx, roles, await menusOfRoles(ctx, roles))
}

/** Granting menus to a role (the role screen) follows the same rule: only menus the caller holds. */
export async function assertGrantableMenus(ctx: Ctx, menuIds: string[]): Promise<void> {
  if (!menuIds.length || (await isAdministrator(ctx))) return
  const mine = await grantedMenuIds(ctx)
  if (menuIds.some((id) => !mine.has(id))) throw new ApiError(403, 'role.menusAbove', {}, true, 'menuIds')
}

/** Ids from a comma-joined column value or list. */
export const roleIdList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((s) => s.trim()).filter(Boolean)
