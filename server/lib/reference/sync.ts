import { and, eq, inArray } from 'drizzle-orm'
import {
  dict,
  dictBiz,
  menu,
  param,
  region,
  role,
  roleMenu,
  tenant,
  tenantPackage,
  topMenu,
  topMenuSetting,
} from '../../../db/schema/index.ts'
import type { DictRef } from '../../../db/reference/types.ts'
import type { Db } from '../db.ts'
import { first } from '../rows.ts'
import { withTransaction, type Tx } from '../transaction.ts'
import { newId } from '../ids.ts'
import { now } from '../time.ts'
import { flatMenus, loadAreas, type Area, type FlatMenu } from './load.ts'
import { syncDataScopes } from './data-scopes.ts'
import { SYSTEM_USER } from './system-user.ts'
import { tenantRows, notDeleted } from '../tenant-rows.ts'

const SYNC = "reference data is synced by the system on every start; an administrator's removed rows stay removed"

export type { Tx }

const audit = () => ({ createUser: SYSTEM_USER, createTime: now(), updateUser: SYSTEM_USER, updateTime: now() })
const untouched = (r: { updateUser: string | null }) => r.updateUser === SYSTEM_USER || r.updateUser === null
const differs = <T extends object>(row: T, want: Partial<T>) =>
  Object.entries(want).some(([k, v]) => row[k as keyof T] !== v)

export interface SyncReport {
  menus: string[]
  dicts: string[]
  bizDicts: number
  params: number
  regions: number
  grants: number
}

/**
 * Applies every area's reference data to the database, idempotently, in one
 * transaction: runs on every start, so an upgraded install gets a new area's
 * menus, buttons, grants, dictionaries and parameters. Upserts by code; never
 * overwrites what an administrator changed, never deletes a row.
 */
export function syncReference(db: Db, areas: Area[] = loadAreas()): Promise<SyncReport> {
  return withTransaction(db, async (tx) => {
    const report: SyncReport = { menus: [], dicts: [], bizDicts: 0, params: 0, regions: 0, grants: 0 }
    await syncTopMenus(tx, areas)
    const added = await syncMenus(tx, flatMenus(areas), report)
    for (const [code, zh, en, items] of areas.flatMap((a) => a.ref.systemDicts ?? []))
      if (await syncDict(tx, dict, null, [code, zh, en, items], 1)) report.dicts.push(code)
    await syncRegions(tx, areas, report)
    for (const t of await tx.select({ tenantId: tenant.tenantId }).from(tenant).where(notDeleted(tenant))) {
      const r = await syncTenantReference(tx, t.tenantId, areas)
      report.bizDicts += r.bizDicts
      report.params += r.params
    }
    report.grants = await grantNewMenus(tx, added)
    return report
  })
}

/** Menus and buttons by code; returns the rows inserted now (they join packages and default grants). */
async function syncMenus(
  tx: Tx,
  want: FlatMenu[],
  report: SyncReport,
): Promise<{ row: FlatMenu; id: string; parentId: string }[]> {
  const byCode = new Map((await tx.select().from(menu)).map((m) => [m.code, m]))
  const added: { row: FlatMenu; id: string; parentId: string }[] = []
  // Parents first, whichever file declares them: an area may hang a menu under another area's.
  let pending = want
  while (pending.length) {
    const next: FlatMenu[] = []
    for (const m of pending) {
      const parentId = m.parentCode === null ? '0' : byCode.get(m.parentCode)?.id
      if (parentId === undefined) {
        next.push(m)
        continue
      }
      const values = {
        parentId,
        code: m.code,
        name: m.name,
        alias: m.alias,
        path: m.path,
        source: m.source,
        sort: m.sort,
        category: m.category,
        action: m.action,
        isOpen: m.isOpen,
      }
      const old = byCode.get(m.code)
      if (!old) {
        const id = newId()
        await tx.insert(menu).values({ id, ...audit(), ...values })
        byCode.set(m.code, (await first(tx.select().from(menu).where(eq(menu.id, id))))!)
        added.push({ row: m, id, parentId })
        report.menus.push(m.code)
      } else if (untouched(old) && differs(old, values)) {
        await tx
          .update(menu)
          .set({ ...values, updateTime: now() })
          .where(eq(menu.id, old.id))
      }
    }
    if (next.length === pending.length)
      throw new Error(
        `reference menus name a parent no area declares: ${next.map((m) => `${m.code} → ${m.parentCode}`).join(', ')}`,
      )
    pending = next
  }
  await joinPackages(tx, added)
  await joinTopMenus(tx, added)
  return added
}

/** A new menu joins every tenant package that holds its parent; a new root joins them all unless the platform keeps it. */
async function joinPackages(tx: Tx, added: { row: FlatMenu; id: string; parentId: string }[]) {
  if (!added.length) return
  for (const p of await tx.select().from(tenantPackage).where(notDeleted(tenantPackage))) {
    const ids = new Set(p.menuId.split(',').filter(Boolean))
    const size = ids.size
    for (const a of added) if (!a.row.platform && (a.parentId === '0' || ids.has(a.parentId))) ids.add(a.id)
    if (ids.size !== size)
      await tx
        .update(tenantPackage)
        .set({ menuId: [...ids].join(',') })
        .where(eq(tenantPackage.id, p.id))
  }
}

async function syncTopMenus(tx: Tx, areas: Area[]) {
  const byCode = new Map((await tx.select().from(topMenu)).map((t) => [t.code, t]))
  for (const t of areas.flatMap((a) => a.ref.topMenus ?? [])) {
    const values = {
      code: t.code,
      name: t.name,
      alias: t.alias,
      source: t.source ?? null,
      path: `/${t.code}`,
      sort: t.sort,
    }
    const old = byCode.get(t.code)
    if (!old) await tx.insert(topMenu).values({ id: newId(), ...audit(), ...values })
    else if (untouched(old) && differs(old, values))
      await tx
        .update(topMenu)
        .set({ ...values, updateTime: now() })
        .where(eq(topMenu.id, old.id))
  }
}

/** A new root menu that names a top menu shows under it. */
async function joinTopMenus(tx: Tx, added: { row: FlatMenu; id: string }[]) {
  const tops = new Map(
    (await tx.select({ id: topMenu.id, code: topMenu.code }).from(topMenu).where(notDeleted(topMenu))).map((t) => [
      t.code,
      t.id,
    ]),
  )
  for (const a of added) {
    const top = a.row.topMenu && tops.get(a.row.topMenu)
    if (top) await tx.insert(topMenuSetting).values({ id: newId(), topMenuId: top, menuId: a.id })
  }
}

/**
 * New menus are granted to the roles their reference names, in every tenant.
 * A new button goes only to roles that still hold its menu: an administrator
 * who took the menu away is not overruled by an upgrade.
 */
async function grantNewMenus(tx: Tx, added: { row: FlatMenu; id: string; parentId: string }[]): Promise<number> {
  let n = 0
  const aliases = [...new Set(added.flatMap((a) => a.row.grant))]
  if (!aliases.length) return 0
  const roles = await tx
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(and(inArray(role.roleAlias, aliases), notDeleted(role)))
  const held = new Set(
    (
      await tx
        .select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId })
        .from(roleMenu)
        .where(
          inArray(
            roleMenu.roleId,
            roles.map((r) => r.id),
          ),
        )
    ).map((g) => `${g.roleId}:${g.menuId}`),
  )
  for (const a of added) {
    for (const r of roles) {
      if (!a.row.grant.includes(r.alias)) continue
      if (a.row.category === 2 && !held.has(`${r.id}:${a.parentId}`)) continue
      if (held.has(`${r.id}:${a.id}`)) continue
      await tx.insert(roleMenu).values({ id: newId(), roleId: r.id, menuId: a.id })
      held.add(`${r.id}:${a.id}`)
      n++
    }
  }
  return n
}

/** The menu ids a role alias holds by default (a listed menu brings its buttons): for a new tenant's roles. */
export async function defaultMenuIds(tx: Tx, alias: string, areas: Area[] = loadAreas()): Promise<string[]> {
  const codes = new Set(
    flatMenus(areas)
      .filter((m) => m.grant.includes(alias))
      .map((m) => m.code),
  )
  if (!codes.size) return []
  const rows = await tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.code, [...codes]), notDeleted(menu)))
  return rows.map((m) => m.id)
}

type DictTable = typeof dict | typeof dictBiz

/** One dictionary (its parent entry and items) by code and key; answers whether anything was inserted. */
async function syncDict(
  tx: Tx,
  table: DictTable,
  tenantId: string | null,
  [code, zh, en, items]: DictRef,
  sealed: number,
): Promise<boolean> {
  const rows = await tx
    .select()
    .from(table)
    .where(
      and(eq(table.code, code), tenantId ? tenantRows(table, tenantId, { why: SYNC, withDeleted: true }) : undefined),
    )
  const common = { ...(tenantId ? { tenantId } : {}), code, isSealed: sealed }
  let inserted = false
  let parent = rows.find((r) => r.parentId === '0' && r.dictKey === '-1')
  if (!parent) {
    const id = newId()
    await tx
      .insert(table)
      .values({ id, ...audit(), ...common, parentId: '0', dictKey: '-1', dictValue: zh, dictValueEn: en, sort: 1 })
    parent = (await first(tx.select().from(table).where(eq(table.id, id))))!
    inserted = true
  } else if (untouched(parent) && differs(parent, { dictValue: zh, dictValueEn: en })) {
    await tx.update(table).set({ dictValue: zh, dictValueEn: en, updateTime: now() }).where(eq(table.id, parent.id))
  }
  for (const [i, [dictKey, dictValue, dictValueEn]] of items.entries()) {
    const old = rows.find((r) => r.parentId !== '0' && r.dictKey === dictKey)
    const values = { dictValue, dictValueEn, sort: i + 1 }
    if (!old) {
      await tx.insert(table).values({ id: newId(), ...audit(), ...common, parentId: parent.id, dictKey, ...values })
      inserted = true
    } else if (untouched(old) && differs(old, values))
      await tx
        .update(table)
        .set({ ...values, updateTime: now() })
        .where(eq(table.id, old.id))
  }
  return inserted
}

/** Regions are keyed by their official code: missing ones are added, existing ones are the school's. */
async function syncRegions(tx: Tx, areas: Area[], report: SyncReport) {
  const want = areas.flatMap((a) => a.ref.regions ?? [])
  if (!want.length) return
  const have = new Set((await tx.select({ code: region.code }).from(region)).map((r) => r.code))
  for (const r of want)
    if (!have.has(r.code)) {
      await tx.insert(region).values(r)
      report.regions++
    }
}

/**
 * A tenant's own copy of reference data: business dictionaries,
 * parameters and default data scopes (data-scopes.ts). Missing entries are added; untouched ones follow the reference.
 * Used by the start-up sync for every tenant and by tenant provisioning.
 */
export async function syncTenantReference(
  tx: Tx,
  tenantId: string,
  areas: Area[] = loadAreas(),
): Promise<{ bizDicts: number; params: number }> {
  let bizDicts = 0,
    params = 0
  await syncDataScopes(tx, tenantId, areas)
  for (const d of areas.flatMap((a) => a.ref.bizDicts ?? []))
    if (await syncDict(tx, dictBiz, tenantId, d, 0)) bizDicts++
  const have = new Map(
    (
      await tx
        .select()
        .from(param)
        .where(tenantRows(param, tenantId, { why: SYNC, withDeleted: true }))
    ).map((p) => [p.paramKey, p]),
  )
  for (const p of areas.flatMap((a) => a.ref.params ?? [])) {
    const values = { paramName: p.name, paramKey: p.key, paramValue: p.value, remark: p.remark ?? null }
    const old = have.get(p.key)
    if (!old) {
      await tx.insert(param).values({ id: newId(), tenantId, ...audit(), ...values })
      params++
    } else if (untouched(old) && differs(old, values))
      await tx
        .update(param)
        .set({ ...values, updateTime: now() })
        .where(eq(param.id, old.id))
  }
  return { bizDicts, params }
}
