import { Type } from '@sinclair/typebox'
import { and, asc, inArray, sql } from 'drizzle-orm'
import { role, roleMenu, roleScope, scopeApi, scopeData, user } from '../../../db/schema/index.ts'
import { roleFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { recordUsual } from '../../lib/logs.ts'
import { defineMessages } from '../../lib/messages.ts'
import { ADMINISTRATOR, TENANT_ADMIN, isAdministrator, packageMenuIds, roleAliases } from '../../lib/permissions.ts'
import { assertAssignable, assertGrantableMenus } from '../../lib/role-assignment.ts'
import { defineResource } from '../../lib/resource.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { scope } from '../../lib/scope.ts'
import { memberOf } from '../../lib/membership.ts'
import { buildTree, treeNode } from '../../lib/tree.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { nameSearch, text } from './look-ups.ts'

const idList = Type.Union([Type.String(), Type.Array(Type.String())])

defineMessages({
  'role.protected': {
    zh: '只有平台管理员可以修改超级管理员角色',
    en: 'only the platform administrator may change the administrator role',
  },
})

/**
 * The administrator role is the platform's own: nobody else touches it. Other
 * roles are changed only by someone who could assign them (editing a role
 * above you would otherwise raise everyone holding it), and only a tenant or
 * platform administrator names a role `admin` (which holds the whole package).
 */
const guardAdministrator = async (ctx: Ctx, rows: Record<string, unknown>[], alias?: unknown) => {
  if ((rows.some((r) => r.roleAlias === ADMINISTRATOR) || alias === ADMINISTRATOR) && !(await isAdministrator(ctx)))
    throw new ApiError(403, 'role.protected')
  if (rows.length)
    await assertAssignable(
      ctx,
      rows.map((r) => r.id as string),
      'id',
    )
  if (alias === TENANT_ADMIN && !(await isAdministrator(ctx)) && !(await roleAliases(ctx)).includes(TENANT_ADMIN))
    throw new ApiError(403, 'role.assignAbove', { role: TENANT_ADMIN })
}

export const roleResource = defineResource({
  table: role,
  path: '/api/blade-system/role',
  code: 'system:role',
  search: ['roleName', 'roleAlias'],
  filters: ['parentId'],
  fields: roleFields,
  // Roles nest (a parent role's holders may assign those below it); the user screen's role picker reads the tree.
  tree: { title: 'roleName', node: ['roleAlias'], readers: ['system:user'] },
  // Grants, default menus and the role-assignment rule name roles by alias: one live role per alias in a tenant.
  unique: ['roleAlias'],
  async beforeWrite(ctx, w) {
    await guardAdministrator(ctx, w.before, w.values.roleAlias)
    if (w.op !== 'remove') return
    const ids = w.before.map((r) => r.id)
    const holders = await ctx.db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          tenantRows(user, ctx.actor.tenantId, {
            why: 'a role anyone still holds stays, whether or not the caller sees them',
          }),
          memberOf(user.roleId, ids),
        ),
      )

      .limit(1)
    if (holders.length) throw new ApiError(400, 'role.inUse')
  },
  async afterWrite(_ctx, w, tx) {
    if (w.op !== 'remove') return
    const ids = w.before.map((r) => r.id)
    await tx.delete(roleMenu).where(inArray(roleMenu.roleId, ids))
    await tx.delete(roleScope).where(inArray(roleScope.roleId, ids))
  },
  actions: {
    // Menus, data scopes and API scopes of the named roles, replaced in one transaction (checked in grantRoles).
    grant: {
      button: 'grant',
      target: { many: 'roleIds' },
      body: { menuIds: Type.Optional(idList), dataScopeIds: Type.Optional(idList), apiScopeIds: Type.Optional(idList) },
      run: async (ctx, { ids, body }): Promise<boolean> => {
        await grantRoles(ctx, { ...body, roleIds: ids })
        await recordUsual(ctx, ctx.actor.tenantId, 'role grant', { roleIds: ids }, ctx.actor.account)
        return true
      },
    },
    // The tree a role's editor may pick a parent from: everything but the role itself.
    'tree-by-id': {
      method: 'GET',
      button: 'system:role',
      body: { roleId: text('the role being edited (left out)') },
      run: async (ctx, { query }): Promise<unknown[]> =>
        nodes((await roleResource.ops.all(ctx)).filter((r) => r.id !== query.roleId)),
    },
    // Whoever may edit users may choose roles for them without holding the role screen's own code.
    select: {
      method: 'GET',
      button: ['system:role', 'system:user'],
      run: async (ctx): Promise<unknown[]> =>
        (await pickable(ctx)).map((r) => ({ id: r.id, roleName: r.roleName, roleAlias: r.roleAlias })),
    },
    'search-role': {
      method: 'GET',
      path: '/api/blade-system/search/role',
      button: 'system:role',
      body: { name: text('contains') },
      run: async (ctx, { query }): Promise<unknown[]> =>
        nameSearch(ctx, role, await roleResource.scope(ctx), role.roleName, query.name),
    },
  },
})

const list = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length) ? [] : parseIds(v)

/**
 * Replaces the grants of the named roles in one transaction: menus (clipped
 * to the tenant package, else 400), data scopes and API scopes of the tenant.
 */
export async function grantRoles(
  ctx: Ctx,
  input: { roleIds: unknown; menuIds?: unknown; dataScopeIds?: unknown; apiScopeIds?: unknown },
): Promise<void> {
  const roleIds = parseIds(input.roleIds)
  const menuIds = list(input.menuIds),
    dataIds = list(input.dataScopeIds),
    apiIds = list(input.apiScopeIds)
  const roles = await ctx.db
    .select()
    .from(role)
    .where(and(await roleResource.where(ctx, 'edit'), inArray(role.id, roleIds)))
  if (roles.length !== new Set(roleIds).size) throw new ApiError(404, 'error.notFound')
  await guardAdministrator(ctx, roles)
  const pkg = await packageMenuIds(ctx)
  if (pkg && menuIds.some((id) => !pkg.has(id)))
    throw badRequest('tenant.packageMenus', { field: 'menuIds' }, 'menuIds')
  await assertGrantableMenus(ctx, menuIds)
  const own = async (table: typeof scopeData | typeof scopeApi, ids: string[], field: string) => {
    if (!ids.length) return
    const found = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          await scope(table, ctx, {
            dataScope: false,
            why: "scope definitions are the tenant's configuration; granting them is checked by the role's own code",
          }),
          inArray(table.id, ids),
        ),
      )
    if (found.length !== new Set(ids).size) throw badRequest('validation.invalid', { field }, field)
  }
  await own(scopeData, dataIds, 'dataScopeIds')
  await own(scopeApi, apiIds, 'apiScopeIds')
  await withTransaction(ctx.db, async (tx) => {
    // Changing nothing, this takes the roles' row locks first: two grants of the same roles replace one another
    // whole instead of mixing their rows (on PostgreSQL the second waits for the first to commit).
    await tx
      .update(role)
      .set({ sort: sql`${role.sort}` })
      .where(inArray(role.id, roleIds))
    await tx.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds))
    await tx.delete(roleScope).where(inArray(roleScope.roleId, roleIds))
    for (const roleId of roleIds) {
      for (const menuId of new Set(menuIds)) await tx.insert(roleMenu).values({ id: newId(), roleId, menuId })
      for (const scopeId of new Set(dataIds))
        await tx.insert(roleScope).values({ id: newId(), roleId, scopeId, scopeCategory: 1 })
      for (const scopeId of new Set(apiIds))
        await tx.insert(roleScope).values({ id: newId(), roleId, scopeId, scopeCategory: 2 })
    }
  })
}

/**
 * The tenant's roles for pickers: whoever may edit users may choose roles for
 * them without holding the role screen's own code.
 */
async function pickable(ctx: Ctx): Promise<Record<string, unknown>[]> {
  return ctx.db
    .select()
    .from(role)
    .where(await roleResource.scope(ctx))
    .orderBy(asc(role.sort))
}

const nodes = (rows: Record<string, unknown>[]): unknown[] =>
  buildTree(
    rows.map((r) => ({
      ...treeNode(r as { id: string; parentId: string }, r.roleName as string),
      roleAlias: r.roleAlias,
    })),
  )

export const roleRoutes = (s: Services) => roleResource.routes(s)
