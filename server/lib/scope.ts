import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Ctx } from './context.ts'
import { type DataGrant, effective } from './permission-cache.ts'
import { isAdministrator } from './permissions.ts'
import { memberOf } from './membership.ts'
import { contains } from './like.ts'
import { tenantBounds } from './tenant-rows.ts'

/**
 * What a query over tenant data must say about the data scope: the resource
 * code its data scopes are declared against (e.g. 'system:user'), or — only
 * by name, with the reason — that it does without one.
 */
export type ScopeChoice = { dataScope?: true } | { dataScope: false; why: string }

export type ScopeOptions = {
  /** Shared by all tenants (menus, system dictionary, regions): no tenant filter. */
  global?: boolean
} & ({ code: string; dataScope?: true } | { dataScope: false; why: string })

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

function columnBySqlName(table: SQLiteTable, name: string): SQLiteColumn | undefined {
  const cols = getTableColumns(table) as Record<string, SQLiteColumn>
  const key = Object.keys(cols).find((k) => snake(k) === name || k === name)
  return key ? cols[key] : undefined
}

/** The data-scope grants the caller's roles hold for a resource code (cached per role set: permission-cache.ts). */
const grantedDataScopes = async (ctx: Ctx, code: string): Promise<readonly DataGrant[]> =>
  ctx.actor.roleIds.length ? ((await effective(ctx)).dataScopes.get(code) ?? []) : []

function grantFilter(ctx: Ctx, table: SQLiteTable, g: DataGrant): SQL | undefined | 'all' {
  if (g.scopeType === 1) return 'all'
  const col = columnBySqlName(
    table,
    g.scopeType === 2 ? (g.scopeColumn === 'create_dept' ? 'create_user' : g.scopeColumn) : g.scopeColumn,
  )
  if (!col) return sql`1 = 0`
  const depts = ctx.actor.deptIds
  switch (g.scopeType) {
    case 2:
      return eq(col, ctx.actor.userId)
    case 3:
      return memberOf(col, depts)
    case 4:
      // The caller's departments and every department below them (ancestors holds the path from the root).
      return depts.length
        ? memberOf(
            col,
            sql`SELECT d.id FROM blade_dept d WHERE d.is_deleted = 0 AND (${or(...depts.map((d) => sql`d.id = ${d} OR ${contains(sql`(',' || d.ancestors || ',')`, `,${d},`)}`))})`,
          )
        : sql`1 = 0`
    case 5:
      return memberOf(col, (g.scopeValue ?? '').split(',').filter(Boolean))
    default:
      return sql`1 = 0`
  }
}

/**
 * The rows of `table` the actor may see: its tenant, not soft-deleted, and
 * within the data scopes its roles hold for `code`. Several granted scopes
 * widen each other; no granted scope means no data-scope limit. Every query
 * over tenant data, generated or hand-written, ANDs this in — through its
 * resource (`resource.scope(ctx)`) where the table has one.
 */
export async function scope(table: SQLiteTable, ctx: Ctx, opts: ScopeOptions): Promise<SQL> {
  const base = tenantBounds(table, opts.global ? undefined : ctx.actor.tenantId)
  if ('code' in opts && opts.code && ctx.actor.kind === 'user' && !(await isAdministrator(ctx))) {
    const grants = await grantedDataScopes(ctx, opts.code)
    if (grants.length) {
      const filters = grants.map((g) => grantFilter(ctx, table, g))
      if (!filters.includes('all')) return and(base, or(...(filters as SQL[])))!
    }
  }
  return base
}
