import { and, eq, ne, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { getTableColumns } from 'drizzle-orm'
import type { Ctx } from './context.ts'
import { ApiError } from './errors.ts'
import type { Write } from './resource.ts'

/**
 * beforeWrite helper: 409 naming the field when another live row of the
 * actor's tenant (or of all tenants, for global tables) already has this value.
 */
export async function uniqueWithinTenant(
  ctx: Ctx,
  table: SQLiteTable,
  w: Write,
  field: string,
  global = false,
): Promise<void> {
  if (w.op === 'remove') return
  const cols = getTableColumns(table) as Record<string, SQLiteColumn>
  const value = w.values[field] ?? w.before[0]?.[field]
  if (value === undefined || value === null) return
  const conds: (SQL | undefined)[] = [eq(cols[field], value), cols.isDeleted ? eq(cols.isDeleted, 0) : undefined]
  if (!global && cols.tenantId)
    conds.push(eq(cols.tenantId, (w.values.tenantId ?? w.before[0]?.tenantId ?? ctx.actor.tenantId) as string))
  if (w.op === 'update') conds.push(ne(cols.id, w.before[0].id as string))
  const clash = await ctx.db
    .select({ id: cols.id })
    .from(table)
    .where(and(...conds))
    .get()
  if (clash) throw new ApiError(409, 'validation.unique', { field }, true, field)
}
