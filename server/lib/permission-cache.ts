/**
 * The caller's effective permissions — role aliases, menus and codes, the
 * tenant package's clip, API scopes and data scopes — computed once per
 * (tenant, role set) and reused while the permission version in the database
 * stays the same. Triggers bump that version inside every transaction that
 * changes what permissions derive from (db/schema/perm-version.ts), so a
 * change made by any request, the CLI or another process shows on the next
 * request: each request reads the version once (one prepared statement) and a
 * changed version drops every entry. The database stays the only truth; this
 * is a cache of derived values, bounded, per database.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  menu,
  permVersion,
  role,
  roleMenu,
  roleScope,
  scopeApi,
  scopeData,
  tenant,
  tenantPackage,
} from '../../db/schema/index.ts'
import type { Ctx } from './context.ts'
import type { Db } from './db.ts'
import { prepared } from './prepared.ts'
import { registerCache } from './caches.ts'
import { tenantRows, notDeleted } from './tenant-rows.ts'
import { first } from './rows.ts'
import { insideTransaction } from './transaction.ts'

/** What an actor may do is read before any data scope exists: this IS the machinery scope() relies on. */
const MACHINERY = 'effective permissions are what data scopes are made of'

/** The platform administrator's role alias: every permission, in every tenant it acts for. */
export const ADMINISTRATOR = 'administrator'
/** A tenant administrator holds every permission its tenant's package allows. */
export const TENANT_ADMIN = 'admin'
export const PLATFORM_TENANT = '000000'

export type MenuRow = typeof menu.$inferSelect
export interface DataGrant {
  scopeType: number
  scopeColumn: string
  scopeValue: string | null
}
export interface ApiScope {
  id: string
  scopePath: string
  scopeType: number
}

/** What one role set of one tenant may do, at one permission version. Shared between requests: read only. */
export interface Effective {
  aliases: readonly string[]
  /** The platform administrator (or the system actor): every permission. */
  administrator: boolean
  menuIds: ReadonlySet<string>
  codes: ReadonlySet<string>
  /** The codes sorted, as user-info lists them. */
  codeList: readonly string[]
  /** The API scopes the tenant defines and the ones these roles hold. */
  apiScopes: readonly ApiScope[]
  apiGranted: ReadonlySet<string>
  /** Data-scope grants of these roles by resource code. */
  dataScopes: ReadonlyMap<string, readonly DataGrant[]>
  /** `METHOD path` → whether the API scopes let these roles call it, filled as calls come. */
  apiDecisions: Map<string, boolean>
}

const MAX_ENTRIES = 1000
const states = new WeakMap<Db, { version: number; entries: Map<string, unknown> }>()

const readVersion = async (db: Db) =>
  (
    await prepared(db, 'permVersion', (d) =>
      d.select({ v: permVersion.version }).from(permVersion).where(eq(permVersion.id, 1)).prepare(),
    ).execute()
  )[0]?.v ?? 0

/** This request's view of the cache: the version is read once per request, a new one starts empty. */
async function entries(ctx: Ctx): Promise<Map<string, unknown>> {
  const seen = ctx.memo.get('permissionCache') as Map<string, unknown> | undefined
  if (seen) return seen
  // Inside a transaction what is read may yet roll back (and the version with it, so a later commit could
  // reuse the number): derive for this request alone and share nothing.
  if (insideTransaction(ctx.db)) {
    const own = new Map<string, unknown>()
    ctx.memo.set('permissionCache', own)
    return own
  }
  const version = await readVersion(ctx.db)
  return (ctx.memo.get('permissionCache') as Map<string, unknown> | undefined) ?? atPermissionVersion(ctx, version)
}

/**
 * Fixes the version this request's permission look-ups are valid for, read
 * by the caller outside any transaction (the session check reads it in the same statement).
 */
export function atPermissionVersion(ctx: Ctx, version: number): Map<string, unknown> {
  let state = states.get(ctx.db)
  if (!state || state.version !== version) states.set(ctx.db, (state = { version, entries: new Map() }))
  ctx.memo.set('permissionCache', state.entries)
  return state.entries
}

/**
 * Computes after the version was read, so what is stored is never older than the version it is filed under.
 * The entry is the computation itself: requests asking for it meanwhile await the same one; a failed one is
 * forgotten.
 */
async function cached<T>(ctx: Ctx, key: string, compute: () => Promise<T>): Promise<T> {
  const m = await entries(ctx)
  if (m.has(key)) return (await m.get(key)) as T
  if (m.size >= MAX_ENTRIES) m.clear()
  const value = compute()
  m.set(key, value)
  try {
    return await value
  } catch (err) {
    if (m.get(key) === value) m.delete(key)
    throw err
  }
}

/** Forgets this process's entries (the clear-cache call); the next request recomputes. */
export const dropPermissionCache = (db: Db) => void states.delete(db)
// Needed when the version cannot be trusted: a database restored or edited by hand can carry a version seen before.
registerCache('permissions', dropPermissionCache)

/** Every live menu and button, in menu order. */
export const liveMenus = (ctx: Ctx): Promise<readonly MenuRow[]> =>
  cached(ctx, 'menus', async () => await ctx.db.select().from(menu).where(notDeleted(menu)).orderBy(asc(menu.sort)))

/** Menu ids a tenant's package allows; null = no package (the platform), no limit. */
export const packageMenuIdsOf = (ctx: Ctx, tenantId: string): Promise<ReadonlySet<string> | null> =>
  cached(ctx, `package:${tenantId}`, async () => {
    if (tenantId === PLATFORM_TENANT) return null
    const row = await first(
      ctx.db
        .select({ menuId: tenantPackage.menuId })
        .from(tenant)
        .innerJoin(tenantPackage, eq(tenantPackage.id, tenant.packageId))
        .where(and(tenantRows(tenant, tenantId, { why: MACHINERY }), notDeleted(tenantPackage))),
    )
    return row ? new Set(row.menuId.split(',').filter(Boolean)) : null
  })

/** Each actor's cache key, made once: a request asks for its permissions several times (gate, scope, lists). Actors are never changed in place. */
const keys = new WeakMap<Ctx['actor'], string>()

export function effective(ctx: Ctx): Promise<Effective> {
  const a = ctx.actor
  let key = keys.get(a)
  if (key === undefined) keys.set(a, (key = `actor:${a.kind}:${a.tenantId}:${[...a.roleIds].sort().join(',')}`))
  return cached(ctx, key, () => compute(ctx))
}

async function compute(ctx: Ctx): Promise<Effective> {
  const { db, actor: a } = ctx
  // Only the tenant's live roles count: a deleted or foreign role id grants nothing.
  const roles = a.roleIds.length
    ? await db
        .select({ id: role.id, alias: role.roleAlias })
        .from(role)
        .where(and(inArray(role.id, a.roleIds), tenantRows(role, a.tenantId, { why: MACHINERY })))
    : []
  const roleIds = roles.map((r) => r.id),
    aliases = roles.map((r) => r.alias)
  const administrator = a.kind === 'system' || (a.tenantId === PLATFORM_TENANT && aliases.includes(ADMINISTRATOR))

  const menus = await liveMenus(ctx)
  const pkg = await packageMenuIdsOf(ctx, a.tenantId)
  const holdsAll = a.kind === 'system' || aliases.includes(ADMINISTRATOR) || aliases.includes(TENANT_ADMIN)
  const granted = holdsAll
    ? null
    : new Set(
        roleIds.length
          ? (
              await db.selectDistinct({ id: roleMenu.menuId }).from(roleMenu).where(inArray(roleMenu.roleId, roleIds))
            ).map((r) => r.id)
          : [],
      )
  const mine = menus.filter((m) => (!granted || granted.has(m.id)) && (!pkg || pkg.has(m.id)))

  const dataScopes = new Map<string, DataGrant[]>()
  if (roleIds.length) {
    const grants = await db
      .select({
        code: scopeData.resourceCode,
        scopeType: scopeData.scopeType,
        scopeColumn: scopeData.scopeColumn,
        scopeValue: scopeData.scopeValue,
      })
      .from(scopeData)
      .innerJoin(roleScope, and(eq(roleScope.scopeId, scopeData.id), eq(roleScope.scopeCategory, 1)))
      .where(and(inArray(roleScope.roleId, roleIds), tenantRows(scopeData, a.tenantId, { why: MACHINERY })))
    for (const { code, ...g } of grants) dataScopes.set(code, [...(dataScopes.get(code) ?? []), g])
  }
  return {
    aliases,
    administrator,
    menuIds: new Set(mine.map((m) => m.id)),
    codes: new Set(mine.map((m) => m.code)),
    codeList: [...new Set(mine.map((m) => m.code))].sort(),
    apiScopes: await db
      .select({ id: scopeApi.id, scopePath: scopeApi.scopePath, scopeType: scopeApi.scopeType })
      .from(scopeApi)
      .where(tenantRows(scopeApi, a.tenantId, { why: MACHINERY })),
    apiGranted: new Set(
      roleIds.length
        ? (
            await db
              .select({ id: roleScope.scopeId })
              .from(roleScope)
              .where(and(eq(roleScope.scopeCategory, 2), inArray(roleScope.roleId, roleIds)))
          ).map((r) => r.id)
        : [],
    ),
    dataScopes,
    apiDecisions: new Map(),
  }
}
