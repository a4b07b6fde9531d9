import { inArray, sql } from 'drizzle-orm'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import { dept, role } from '../../db/schema/index.ts'
import type { Ctx } from './context.ts'
import { listParam, prepared } from './prepared.ts'
import { atGate } from './db-gate.ts'
import { dbEngine } from './db.ts'

const dialect = new SQLiteSyncDialect({ casing: 'snake_case' })

export interface Names {
  roles: Map<string, string>
  depts: Map<string, string>
}

/**
 * Role and department names by id, for answers that show names beside ids
 * (user lists, user-info). One statement for both (every user page asked two),
 * built once from the schema and run on the driver directly: each list of any
 * length is one JSON parameter, and the rows are [kind, id, name] arrays, not
 * objects drizzle maps. Ids of any tenant resolve, as the rows that hold them
 * are already the caller's; a missing id is simply absent.
 */
export async function namesOf(ctx: Ctx, roleIds: readonly string[], deptIds: readonly string[]): Promise<Names> {
  const out: Names = { roles: new Map(), depts: new Map() }
  if (!roleIds.length && !deptIds.length) return out
  if (dbEngine(ctx.db) === 'postgres') {
    // PostgreSQL keeps each connection's prepared plans itself: two plain queries, each list bound as it is.
    const [roles, depts] = await Promise.all([
      roleIds.length
        ? ctx.db
            .select({ id: role.id, name: role.roleName })
            .from(role)
            .where(inArray(role.id, [...roleIds]))
        : [],
      deptIds.length
        ? ctx.db
            .select({ id: dept.id, name: dept.deptName })
            .from(dept)
            .where(inArray(dept.id, [...deptIds]))
        : [],
    ])
    for (const r of roles) out.roles.set(r.id, r.name)
    for (const d of depts) out.depts.set(d.id, d.name)
    return out
  }
  const stmt = prepared(ctx.db, 'names.roleDept', (d) => {
    const q = dialect.sqlToQuery(
      sql`SELECT 0, ${role.id}, ${role.roleName} FROM ${role} WHERE ${inArray(role.id, listParam('roles'))}
          UNION ALL
          SELECT 1, ${dept.id}, ${dept.deptName} FROM ${dept} WHERE ${inArray(dept.id, listParam('depts'))}`,
    )
    return d.$client.prepare(q.sql)
  })
  // Run on the driver directly: another caller's open transaction is waited out first, as for drizzle's queries.
  await atGate(ctx.db)
  const rows = stmt.values(JSON.stringify(roleIds), JSON.stringify(deptIds)) as [number, string, string][]
  for (const [kind, id, name] of rows) (kind === 0 ? out.roles : out.depts).set(id, name)
  return out
}

export const deptNames = async (ctx: Ctx, ids: readonly string[]) => (await namesOf(ctx, [], ids)).depts
