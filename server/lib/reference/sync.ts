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
import { newId } from '../ids.ts'
import { now } from '../time.ts'
import { flatMenus, loadAreas, type Area, type FlatMenu } from './load.ts'
import { syncDataScopes } from './data-scopes.ts'
import { SYSTEM_USER } from './system-user.ts'
import { tenantRows, notDeleted } from '../tenant-rows.ts'

const SYNC = "reference data is synced by the system on every start; an administrator's removed rows stay removed"

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

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
export function syncReference(db: Db, areas: Area[] = loadAreas()): SyncReport {
  return db.transaction((tx) => {
    const report: SyncReport = { menus: [], dicts: [], bizDicts: 0, params: 0, regions: 0, grants: 0 }
    syncTopMenus(tx, areas)
    const added = syncMenus(tx, flatMenus(areas), report)
    for (const [code, zh, en, items] of areas.flatMap((a) => a.ref.systemDicts ?? []))
      if (syncDict(tx, dict, null, [code, zh, en, items], 1)) report.dicts.push(code)
    syncRegions(tx, areas, report)
    for (const t of tx.select({ tenantId: tenant.tenantId }).from(tenant).where(notDeleted(tenant)).all()) {
      const r = syncTenantReference(tx, t.tenantId, areas)
      report.bizDicts += r.bizDicts
      report.params += r.params
    }
    report.grants = grantNewMenus(tx, added)
    return report
  })
}

/** Menus and buttons by code; returns the rows inserted now (they join packages and default grants). */
function syncMenus(tx: Tx, want: FlatMenu[], report: SyncReport): { row: FlatMenu; id: string; parentId: string }[] {
  const byCode = new Map(
    tx
      .select()
      .from(menu)
      .all()
      .map((m) => [m.code, m]),
  )
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
        tx.insert(menu)
          .values({ id, ...audit(), ...values })
          .run()
        byCode.set(m.code, tx.select().from(menu).where(eq(menu.id, id)).get()!)
        added.push({ row: m, id, parentId })
        report.menus.push(m.code)
      } else if (untouched(old) && differs(old, values)) {
        tx.update(menu)
          .set({ ...values, updateTime: now() })
          .where(eq(menu.id, old.id))
          .run()
      }
    }
    if (next.length === pending.length)
      throw new Error(
        `reference menus name a parent no area declares: ${next.map((m) => `${m.code} → ${m.parentCode}`).join(', ')}`,
      )
    pending = next
  }
  joinPackages(tx, added)
  joinTopMenus(tx, added)
  return added
}

/** A new menu joins every tenant package that holds its parent; a new root joins them all unless the platform keeps it. */
function joinPackages(tx: Tx, added: { row: FlatMenu; id: string; parentId: string }[]) {
  if (!added.length) return
  for (const p of tx.select().from(tenantPackage).where(notDeleted(tenantPackage)).all()) {
    const ids = new Set(p.menuId.split(',').filter(Boolean))
    const size = ids.size
    for (const a of added) if (!a.row.platform && (a.parentId === '0' || ids.has(a.parentId))) ids.add(a.id)
    if (ids.size !== size)
      tx.update(tenantPackage)
        .set({ menuId: [...ids].join(',') })
        .where(eq(tenantPackage.id, p.id))
        .run()
  }
}

function syncTopMenus(tx: Tx, areas: Area[]) {
  const byCode = new Map(
    tx
      .select()
      .from(topMenu)
      .all()
      .map((t) => [t.code, t]),
  )
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
    if (!old)
      tx.insert(topMenu)
        .values({ id: newId(), ...audit(), ...values })
        .run()
    else if (untouched(old) && differs(old, values))
      tx.update(topMenu)
        .set({ ...values, updateTime: now() })
        .where(eq(topMenu.id, old.id))
        .run()
  }
}

/** A new root menu that names a top menu shows under it. */
function joinTopMenus(tx: Tx, added: { row: FlatMenu; id: string }[]) {
  const tops = new Map(
    tx
      .select({ id: topMenu.id, code: topMenu.code })
      .from(topMenu)
      .where(notDeleted(topMenu))
      .all()
      .map((t) => [t.code, t.id]),
  )
  for (const a of added) {
    const top = a.row.topMenu && tops.get(a.row.topMenu)
    if (top) tx.insert(topMenuSetting).values({ id: newId(), topMenuId: top, menuId: a.id }).run()
  }
}

/**
 * New menus are granted to the roles their reference names, in every tenant.
 * A new button goes only to roles that still hold its menu: an administrator
 * who took the menu away is not overruled by an upgrade.
 */
function grantNewMenus(tx: Tx, added: { row: FlatMenu; id: string; parentId: string }[]): number {
  let n = 0
  const aliases = [...new Set(added.flatMap((a) => a.row.grant))]
  if (!aliases.length) return 0
  const roles = tx
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(and(inArray(role.roleAlias, aliases), notDeleted(role)))
    .all()
  const held = new Set(
    tx
      .select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId })
      .from(roleMenu)
      .where(
        inArray(
          roleMenu.roleId,
          roles.map((r) => r.id),
        ),
      )
      .all()
      .map((g) => `${g.roleId}:${g.menuId}`),
  )
  for (const a of added) {
    for (const r of roles) {
      if (!a.row.grant.includes(r.alias)) continue
      if (a.row.category === 2 && !held.has(`${r.id}:${a.parentId}`)) continue
      if (held.has(`${r.id}:${a.id}`)) continue
      tx.insert(roleMenu).values({ id: newId(), roleId: r.id, menuId: a.id }).run()
      held.add(`${r.id}:${a.id}`)
      n++
    }
  }
  return n
}

/** The menu ids a role alias holds by default (a listed menu brings its buttons): for a new tenant's roles. */
export function defaultMenuIds(tx: Tx, alias: string, areas: Area[] = loadAreas()): string[] {
  const codes = new Set(
    flatMenus(areas)
      .filter((m) => m.grant.includes(alias))
      .map((m) => m.code),
  )
  if (!codes.size) return []
  return tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.code, [...codes]), notDeleted(menu)))
    .all()
    .map((m) => m.id)
}

type DictTable = typeof dict | typeof dictBiz

/** One dictionary (its parent entry and items) by code and key; answers whether anything was inserted. */
function syncDict(
  tx: Tx,
  table: DictTable,
  tenantId: string | null,
  [code, zh, en, items]: DictRef,
  sealed: number,
): boolean {
  const rows = tx
    .select()
    .from(table)
    .where(
      and(eq(table.code, code), tenantId ? tenantRows(table, tenantId, { why: SYNC, withDeleted: true }) : undefined),
    )
    .all()
  const common = { ...(tenantId ? { tenantId } : {}), code, isSealed: sealed }
  let inserted = false
  let parent = rows.find((r) => r.parentId === '0' && r.dictKey === '-1')
  if (!parent) {
    const id = newId()
    tx.insert(table)
      .values({ id, ...audit(), ...common, parentId: '0', dictKey: '-1', dictValue: zh, dictValueEn: en, sort: 1 })
      .run()
    parent = tx.select().from(table).where(eq(table.id, id)).get()!
    inserted = true
  } else if (untouched(parent) && differs(parent, { dictValue: zh, dictValueEn: en })) {
    tx.update(table).set({ dictValue: zh, dictValueEn: en, updateTime: now() }).where(eq(table.id, parent.id)).run()
  }
  items.forEach(([dictKey, dictValue, dictValueEn], i) => {
    const old = rows.find((r) => r.parentId !== '0' && r.dictKey === dictKey)
    const values = { dictValue, dictValueEn, sort: i + 1 }
    if (!old) {
      tx.insert(table)
        .values({ id: newId(), ...audit(), ...common, parentId: parent.id, dictKey, ...values })
        .run()
      inserted = true
    } else if (untouched(old) && differs(old, values))
      tx.update(table)
        .set({ ...values, updateTime: now() })
        .where(eq(table.id, old.id))
        .run()
  })
  return inserted
}

/** Regions are keyed by their official code: missing ones are added, existing ones are the school's. */
function syncRegions(tx: Tx, areas: Area[], report: SyncReport) {
  const want = areas.flatMap((a) => a.ref.regions ?? [])
  if (!want.length) return
  const have = new Set(
    tx
      .select({ code: region.code })
      .from(region)
      .all()
      .map((r) => r.code),
  )
  for (const r of want)
    if (!have.has(r.code)) {
      tx.insert(region).values(r).run()
      report.regions++
    }
}

/**
 * A tenant's own copy of reference data: business dictionaries,
 * parameters and default data scopes (data-scopes.ts). Missing entries are added; untouched ones follow the reference.
 * Used by the start-up sync for every tenant and by tenant provisioning.
 */
export function syncTenantReference(
  tx: Tx,
  tenantId: string,
  areas: Area[] = loadAreas(),
): { bizDicts: number; params: number } {
  let bizDicts = 0,
    params = 0
  syncDataScopes(tx, tenantId, areas)
  for (const d of areas.flatMap((a) => a.ref.bizDicts ?? [])) if (syncDict(tx, dictBiz, tenantId, d, 0)) bizDicts++
  const have = new Map(
    tx
      .select()
      .from(param)
      .where(tenantRows(param, tenantId, { why: SYNC, withDeleted: true }))

      .all()
      .map((p) => [p.paramKey, p]),
  )
  for (const p of areas.flatMap((a) => a.ref.params ?? [])) {
    const values = { paramName: p.name, paramKey: p.key, paramValue: p.value, remark: p.remark ?? null }
    const old = have.get(p.key)
    if (!old) {
      tx.insert(param)
        .values({ id: newId(), tenantId, ...audit(), ...values })
        .run()
      params++
    } else if (untouched(old) && differs(old, values))
      tx.update(param)
        .set({ ...values, updateTime: now() })
        .where(eq(param.id, old.id))
        .run()
  }
  return { bizDicts, params }
}
