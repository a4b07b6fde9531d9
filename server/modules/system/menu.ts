import { and, asc, inArray } from 'drizzle-orm'
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, topMenu } from '../../../db/schema/index.ts'
import { menuFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { liveMenus } from '../../lib/permission-cache.ts'
import { grantedMenuIds, packageMenuIds, PLATFORM_TENANT, SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { scope } from '../../lib/scope.ts'
import { buildTree, type Tree } from '../../lib/tree.ts'
import { platformWrites } from './platform-only.ts'
import { topMenuMenuIds } from './top-menu.ts'
import { roleResource } from './role.ts'
import { topMenuResource } from './top-menu.ts'
import { text } from './look-ups.ts'

export const menuResource = defineResource({
  table: menu,
  path: '/api/blade-system/menu',
  code: 'system:menu',
  global: true,
  search: ['name', 'code', 'alias'],
  filters: ['category', 'parentId'],
  fields: menuFields,
  access: platformWrites,
  // A code is a permission: two menus holding one would grant each other's access.
  unique: ['code'],
  tree: { title: 'name', node: ['alias', 'code', 'category'] },
  // /tree answers a tenant package's menus (and buttons on request) to the package and scope screens: an action below.
  skip: ['tree'],
  actions: {
    // The menu editor's lists: menus only (buttons are edited under their menu), as a whole tree or one level.
    'menu-list': {
      method: 'GET',
      button: 'system:menu',
      body: { name: text('contains'), code: text('contains'), alias: text('contains') },
      run: async (ctx, { query }): Promise<unknown[]> =>
        buildTree(await menuResource.ops.all(ctx, { ...query, category: '1' })),
    },
    'lazy-menu-list': {
      method: 'GET',
      button: 'system:menu',
      body: {
        parentId: text('parent (0 for the top)'),
        name: text('contains'),
        code: text('contains'),
        alias: text('contains'),
      },
      run: async (ctx, { query }): Promise<unknown[]> => {
        const rows = await menuResource.ops.all(ctx, { ...query, category: '1', parentId: query.parentId || '0' })
        const parents = new Set((await allMenus(ctx)).filter((m) => m.category === 1).map((m) => m.parentId))
        return rows.map((r) => ({ ...r, hasChildren: parents.has(r.id) }))
      },
    },
    tree: {
      method: 'GET',
      button: ['system:menu', 'system:tenantpackage', 'system:topmenu', 'system:datascope', 'system:apiscope'],
      body: { tenantId: text("a school whose package's menus to answer"), withButtons: text('1: buttons too') },
      run: async (ctx, { query }): Promise<unknown[]> => {
        const pkg =
          query.tenantId && query.tenantId !== PLATFORM_TENANT ? await packageMenuIds(ctx, query.tenantId) : null
        // withButtons: packages grant buttons too, so their picker lists every menu and button.
        const wanted = (m: MenuRow) => (m.category === 1 || query.withButtons === '1') && (!pkg || pkg.has(m.id))
        return buildTree((await allMenus(ctx)).filter(wanted).map(node))
      },
    },
    // What every page load asks for: the caller's own menus and buttons, built from its roles, package and top menu.
    routes: {
      method: 'GET',
      button: SIGNED_IN,
      body: { topMenuId: text('top menu whose routes to answer') },
      run: async (ctx, { query }): Promise<unknown[]> =>
        query.topMenuId ? buildTree(await userMenus(ctx, 1, query.topMenuId)) : routeTree(ctx),
    },
    buttons: { method: 'GET', button: SIGNED_IN, run: (ctx) => buttonTree(ctx) },
    'top-menu': { method: 'GET', button: SIGNED_IN, run: (ctx) => topMenusFor(ctx) },
    // The role grant dialog: the menus, data scopes and API scopes the caller's tenant may hand out.
    'grant-tree': {
      method: 'GET',
      button: ['system:role:grant', 'system:tenantpackage'],
      run: async (ctx): Promise<GrantTree> => {
        const menus = await grantable(ctx)
        return {
          menu: buildTree(menus.map(node)),
          dataScope: await scopeTree(ctx, scopeData, menus),
          apiScope: await scopeTree(ctx, scopeApi, menus),
        }
      },
    },
    'role-tree-keys': {
      method: 'GET',
      button: 'system:role:grant',
      body: { roleIds: text('comma-separated roles') },
      run: (ctx, { query }) => roleTreeKeys(ctx, query.roleIds),
    },
  },
  async afterWrite(_ctx, w, tx) {
    if (w.op === 'remove')
      await tx.delete(roleMenu).where(
        inArray(
          roleMenu.menuId,
          w.before.map((r) => r.id),
        ),
      )
  },
})

type MenuRow = typeof menu.$inferSelect
// Live menus in order, read once per permission version (permission-cache.ts): every page load asks for routes and buttons.
const allMenus = async (ctx: Ctx) => liveMenus(ctx)

/** Menus the caller may use, optionally under one top menu; buttons only when asked. */
async function userMenus(ctx: Ctx, category?: 1 | 2, topMenuId?: string): Promise<MenuRow[]> {
  const granted = await grantedMenuIds(ctx)
  let rows = (await allMenus(ctx)).filter((m) => granted.has(m.id) && (!category || m.category === category))
  if (topMenuId) {
    const roots = await topMenuMenuIds(ctx, topMenuId)
    const all = await allMenus(ctx)
    const parentOf = new Map(all.map((m) => [m.id, m.parentId]))
    const under = (id: string): boolean =>
      roots.has(id) || (parentOf.has(id) && parentOf.get(id) !== '0' && under(parentOf.get(id)!))
    rows = rows.filter((m) => under(m.id))
  }
  return rows
}

/**
 * The trees every page load asks for, built once per grant: the caller's menu set is one object per role set and
 * permission version (permission-cache.ts), so a change to menus or grants makes a new set and new trees. Top-menu
 * routes are built per request: top-menu settings are not part of the permission version.
 */
const grantTrees = new WeakMap<ReadonlySet<string>, { routes?: Tree<MenuRow>[]; buttons?: Tree<ButtonNode>[] }>()
type ButtonNode = Pick<MenuRow, 'id' | 'parentId' | 'code' | 'name' | 'alias' | 'category' | 'action' | 'path'>

async function treesOf(ctx: Ctx) {
  const granted = await grantedMenuIds(ctx)
  let trees = grantTrees.get(granted)
  if (!trees) grantTrees.set(granted, (trees = {}))
  return trees
}

async function routeTree(ctx: Ctx): Promise<Tree<MenuRow>[]> {
  const trees = await treesOf(ctx)
  return (trees.routes ??= buildTree(await userMenus(ctx, 1)))
}

/** Buttons grouped under their menus: the web collects every node's code into its permission set. */
async function buttonTree(ctx: Ctx): Promise<Tree<ButtonNode>[]> {
  const trees = await treesOf(ctx)
  if (trees.buttons) return trees.buttons
  const granted = await userMenus(ctx)
  const parents = new Set(granted.filter((m) => m.category === 2).map((m) => m.parentId))
  return (trees.buttons = buildTree(
    granted
      .filter((m) => m.category === 2 || parents.has(m.id))
      .map((m) => ({
        id: m.id,
        parentId: m.parentId,
        code: m.code,
        name: m.name,
        alias: m.alias,
        category: m.category,
        action: m.action,
        path: m.path,
      })),
  ))
}

/** Menus a role of the caller's tenant may be granted: the package's, or all for the platform. */
async function grantable(ctx: Ctx): Promise<MenuRow[]> {
  const pkg = await packageMenuIds(ctx)
  return (await allMenus(ctx)).filter((m) => !pkg || pkg.has(m.id))
}

const node = (m: MenuRow) => ({
  id: m.id,
  parentId: m.parentId,
  title: m.name,
  alias: m.alias,
  key: m.id,
  value: m.id,
  code: m.code,
  category: m.category,
})

async function scopeTree(ctx: Ctx, table: typeof scopeData | typeof scopeApi, menus: MenuRow[]) {
  const scopes = await ctx.db
    .select()
    .from(table)
    .where(
      await scope(table, ctx, {
        dataScope: false,
        why: "scope definitions are the tenant's configuration, listed whole for the role grant dialog",
      }),
    )
  const withScopes = menus.filter((m) => scopes.some((s) => s.menuId === m.id))
  return withScopes.map((m) => ({
    ...node(m),
    id: `menu-${m.id}`,
    key: `menu-${m.id}`,
    value: `menu-${m.id}`,
    disabled: true,
    children: scopes
      .filter((s) => s.menuId === m.id)
      .map((s) => ({ id: s.id, parentId: `menu-${m.id}`, title: s.scopeName, key: s.id, value: s.id })),
  }))
}

export const menuRoutes = (s: Services) => menuResource.routes(s)

interface GrantTree {
  menu: unknown[]
  dataScope: unknown[]
  apiScope: unknown[]
}

/** The menus and scopes the named roles hold, for the grant dialog's ticks. */
async function roleTreeKeys(
  ctx: Ctx,
  csv: string | undefined,
): Promise<{ menu: string[]; dataScope: string[]; apiScope: string[] }> {
  // Only roles of the caller's tenant: another tenant's role ids simply answer nothing.
  const roleIds = (
    await ctx.db
      .select({ id: role.id })
      .from(role)
      .where(and(await roleResource.scope(ctx), inArray(role.id, parseIds(csv))))
  ).map((r) => r.id)
  if (!roleIds.length) return { menu: [], dataScope: [], apiScope: [] }
  const menus = await ctx.db
    .selectDistinct({ id: roleMenu.menuId })
    .from(roleMenu)
    .where(inArray(roleMenu.roleId, roleIds))
  const scopes = await ctx.db.select().from(roleScope).where(inArray(roleScope.roleId, roleIds))
  return {
    menu: menus.map((m) => m.id),
    dataScope: scopes.filter((x) => x.scopeCategory === 1).map((x) => x.scopeId),
    apiScope: scopes.filter((x) => x.scopeCategory === 2).map((x) => x.scopeId),
  }
}

/** Top menus that lead to at least one menu the caller may use. */
async function topMenusFor(ctx: Ctx): Promise<(typeof topMenu.$inferSelect)[]> {
  const tops = await ctx.db
    .select()
    .from(topMenu)
    .where(await topMenuResource.scope(ctx))
    .orderBy(asc(topMenu.sort))
  const granted = await grantedMenuIds(ctx)
  const result = []
  for (const t of tops) {
    const roots = await topMenuMenuIds(ctx, t.id)
    if ([...roots].some((id) => granted.has(id))) result.push(t)
  }
  return result
}
