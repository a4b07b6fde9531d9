/**
 * The only sanctioned ways for a hand-written query to read a tenant's rows
 * with LESS than its resource's scope. The default is `<resource>.scope(ctx)`
 * (tenant + not deleted + the caller's data scope for the resource's code);
 * each helper here names why a query wants less, so a reader (and
 * tests/conventions/tenant-filters.test.ts, which refuses a tenant_id filter
 * written anywhere else) sees the choice:
 *
 * - ownRows(table, ctx): a caller's own rows (their enrolments, sittings,
 *   favourites, containers). No data scope: an owner always sees their rows.
 * - publicRows(table, tenantId, { why }): what a tenant offers everyone who may
 *   call the route — portal visitors, every signed-in learner (published
 *   courses, banners, the practice bank). No caller's data scope applies.
 * - tenantRows(table, tenantId, { why }): work done FOR a tenant rather than
 *   for a caller — sign-in, registration, provisioning, quotas, seeds, jobs,
 *   the broker — where there is no staff caller whose data scope could apply.
 *
 * Each adds `is_deleted = 0` where the table keeps deleted rows, unless the
 * call says `withDeleted` (an id that must stay unique, a seed that ran once).
 */
import { and, eq, getTableColumns, sql, type SQL, type Placeholder } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Ctx } from './context.ts'

/** A tenant id, or a prepared statement's placeholder for one. */
export type TenantRef = string | Placeholder

export interface LessScope {
  /** Why the caller's data scope does not apply: said once, where the query is written. */
  why: string
  /** Deleted rows count too (an id that must stay unique, a seed that ran once). */
  withDeleted?: boolean
}

function tenantOf(table: SQLiteTable, tenantId: TenantRef, withDeleted = false): SQL {
  if (!(getTableColumns(table) as Record<string, SQLiteColumn>).tenantId)
    throw new Error('tenant-rows: the table has no tenant_id column')
  return tenantBounds(table, tenantId, withDeleted)
}

/**
 * The caller's own rows: their tenant, not deleted (unless `withDeleted`), and
 * `owner` (the table's userId column unless named) is the caller.
 */
export function ownRows(table: SQLiteTable, ctx: Ctx, opts: { owner?: SQLiteColumn; withDeleted?: boolean } = {}): SQL {
  const col = opts.owner ?? (getTableColumns(table) as Record<string, SQLiteColumn>).userId
  if (!col) throw new Error('ownRows: the table has no userId column; name the owner column')
  return and(tenantOf(table, ctx.actor.tenantId, opts.withDeleted), eq(col, ctx.actor.userId))!
}

/** What a tenant offers everyone who may call the route (portal, every learner): tenant and not deleted. */
export function publicRows(table: SQLiteTable, tenantId: TenantRef, less: LessScope): SQL {
  return tenantOf(table, tenantId, less.withDeleted)
}

/** Work done for a tenant, not for a caller (sign-in, provisioning, seeds, jobs): tenant and not deleted. */
export function tenantRows(table: SQLiteTable, tenantId: TenantRef, less: LessScope): SQL {
  return tenantOf(table, tenantId, less.withDeleted)
}

/**
 * Each tenant's plain bounds, per table, keyed `=<tenantId>`; ALL_TENANTS for no tenant filter. The two never share a
 * key: '' is a tenant id like any other (no rows have it), and a bound filed under the all-tenants key would hand
 * `tenant_id = ''` to every later reader of a global table. Bounded by tables × tenants.
 */
const ALL_TENANTS = '*'
const plainScopes = new WeakMap<SQLiteTable, Map<string, SQL>>()

/**
 * The tenant and not-deleted part of every scope (scope.ts and the helpers above) (`tenantId` undefined = all
 * tenants; `withDeleted` leaves deleted rows in). For a tenant id it is built
 * once per table and tenant: most lists (no data-scope limit, no filter) then
 * hand pageQuery the very same SQL object each time, which it renders once. It
 * holds only constants (the tenant id is the key), and nothing appends to a
 * scope's SQL: and()/or() wrap it in new objects. A prepared statement's
 * placeholder, or deleted rows, get a fresh one.
 */
export function tenantBounds(table: SQLiteTable, tenantId: string | Placeholder | undefined, withDeleted = false): SQL {
  const build = () => {
    const cols = getTableColumns(table) as Record<string, SQLiteColumn>
    const parts: SQL[] = []
    if (cols.isDeleted && !withDeleted) parts.push(notDeleted(table))
    if (cols.tenantId && tenantId !== undefined) parts.push(eq(cols.tenantId, tenantId))
    return and(...parts) ?? sql`1 = 1`
  }
  if (withDeleted || (tenantId !== undefined && typeof tenantId !== 'string')) return build()
  let byTenant = plainScopes.get(table)
  if (!byTenant) plainScopes.set(table, (byTenant = new Map()))
  const key = tenantId === undefined ? ALL_TENANTS : `=${tenantId}`
  let s = byTenant.get(key)
  if (!s) byTenant.set(key, (s = build()))
  return s
}

const liveByTable = new WeakMap<SQLiteTable, SQL>()

/**
 * The one "not deleted" rule (is_deleted = 0), which every bound above holds.
 * Said alone where a query reaches rows without a tenant bound of their own:
 * children through a parent already bounded (a course's sections, a blog's
 * body), the other side of a join, by-id reads of the caller's own session
 * or account, and the passes the broker and the lab host make over every
 * school. One SQL object per table, like the bounds.
 *
 * Written as the literal `is_deleted = 0`, not a bound 0: the partial unique indexes say `WHERE is_deleted = 0`, and
 * SQLite compiles a statement again on every run when a bound value could decide whether such an index applies
 * (4–14 µs a query on the hot path, more than the query). A literal matches the index's own condition, so the
 * planner can use it and the compiled statement is kept.
 */
export function notDeleted(table: SQLiteTable): SQL {
  let s = liveByTable.get(table)
  if (!s) {
    const col = (getTableColumns(table) as Record<string, SQLiteColumn>).isDeleted
    if (!col) throw new Error('notDeleted: the table has no is_deleted column')
    liveByTable.set(table, (s = sql`${col} = 0`))
  }
  return s
}
