import { and, inArray } from 'drizzle-orm'
import { menu, role, roleScope, scopeData } from '../../../db/schema/index.ts'
import { newId } from '../ids.ts'
import { now } from '../time.ts'
import { tenantRows, notDeleted } from '../tenant-rows.ts'
import { loadAreas, type Area } from './load.ts'
import { SYSTEM_USER } from './system-user.ts'
import type { Tx } from '../transaction.ts'

const SYNC = "a tenant's default data scopes are added by the system; an administrator's removed or edited rows stay"

/**
 * The data scopes the areas declare, in one tenant: a scope missing there (same code, type and column, removed
 * rows included) is added and granted to its default roles of that tenant. A scope already there is left as it
 * is, with whatever grants an administrator gave or took — so an upgrade narrows a role once, never again after
 * an administrator widened it. Answers how many scopes were added.
 */
export async function syncDataScopes(tx: Tx, tenantId: string, areas: Area[] = loadAreas()): Promise<number> {
  const want = areas.flatMap((a) => a.ref.dataScopes ?? [])
  if (!want.length) return 0
  const have = new Set(
    (
      await tx
        .select({ code: scopeData.resourceCode, type: scopeData.scopeType, column: scopeData.scopeColumn })
        .from(scopeData)
        .where(tenantRows(scopeData, tenantId, { why: SYNC, withDeleted: true }))
    ).map((s) => `${s.code}|${s.type}|${s.column}`),
  )
  const menus = new Map(
    (
      await tx
        .select({ id: menu.id, code: menu.code })
        .from(menu)
        .where(
          and(
            notDeleted(menu),
            inArray(
              menu.code,
              want.map((w) => w.code),
            ),
          ),
        )
    ).map((m) => [m.code, m.id]),
  )
  const roles = await tx
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(tenantRows(role, tenantId, { why: SYNC }))
  let added = 0
  for (const w of want) {
    const menuId = menus.get(w.code)
    if (!menuId || have.has(`${w.code}|${w.type}|${w.column}`)) continue
    const id = newId()
    await tx.insert(scopeData).values({
      id,
      tenantId,
      createUser: SYSTEM_USER,
      createTime: now(),
      updateUser: SYSTEM_USER,
      updateTime: now(),
      menuId,
      resourceCode: w.code,
      scopeName: w.name,
      scopeColumn: w.column,
      scopeType: w.type,
    })
    for (const r of roles.filter((x) => w.grant?.includes(x.alias)))
      await tx.insert(roleScope).values({ id: newId(), roleId: r.id, scopeId: id, scopeCategory: 1 })
    have.add(`${w.code}|${w.type}|${w.column}`)
    added++
  }
  return added
}
