import { inArray } from 'drizzle-orm'
import { dept, role } from '../../db/schema/index.ts'
import type { Ctx } from './context.ts'
import { listParam, prepared } from './prepared.ts'

/**
 * Role and department names by id, for answers that show names beside ids
 * (user lists, user-info). Prepared once: a list of any length is one JSON
 * parameter. Ids of any tenant resolve, as the rows that hold them are already
 * the caller's; a missing id is simply absent.
 */
export function roleNames(ctx: Ctx, ids: readonly string[]): Map<string, string> {
  if (!ids.length) return new Map()
  const q = prepared(ctx.db, 'names.role', (d) =>
    d
      .select({ id: role.id, n: role.roleName })
      .from(role)
      .where(inArray(role.id, listParam('ids')))
      .prepare(),
  )
  return new Map(q.all({ ids: JSON.stringify(ids) }).map((r) => [r.id, r.n]))
}

export function deptNames(ctx: Ctx, ids: readonly string[]): Map<string, string> {
  if (!ids.length) return new Map()
  const q = prepared(ctx.db, 'names.dept', (d) =>
    d
      .select({ id: dept.id, n: dept.deptName })
      .from(dept)
      .where(inArray(dept.id, listParam('ids')))
      .prepare(),
  )
  return new Map(q.all({ ids: JSON.stringify(ids) }).map((r) => [r.id, r.n]))
}
