import { inArray, sql } from 'drizzle-orm'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import { dept, role } from '../../db/schema/index.ts'
import type { Ctx } from './context.ts'
import { listParam, prepared } from './prepared.ts'
import { atGate } from './db-gate.ts'
import { dbEngine } from './db.ts'
import { schemaEngine } from '../../db/schema/dialect.ts'

const dialect = new SQLiteSyncDialect({ casing: 'snake_case' })

export interface Names {
  roles: Map<string, string>
  depts: Map<string, string>
}

/**
 * Role and department names by id, for answers that show names beside ids
 * (user lists). One statement for both (every user page asked two), built once
 * from the schema, each list of any length one JSON parameter; on SQLite it runs
 * on the driver directly and the rows are [kind, id, name] arrays, not objects
 * drizzle maps. Ids of any tenant resolve, as the rows that hold them are
 * already the caller's; a missing id is simply absent.
 */
export async function namesOf(ctx: Ctx, roleIds: readonly string[], deptIds: readonly string[]): Promise<Names> {
  const out: Names = { roles: new Map(), depts: new Map() }
  if (!roleIds.length && !deptIds.length) return out
  const lists = { roles: JSON.stringify(roleIds), depts: JSON.stringify(deptIds) }
  if (dbEngine(ctx.db) === 'postgres') {
    // The same statement through drizzle (a transaction's handle too): one round trip for both kinds, compiled once
    // (prepared.ts), each connection keeping its server-side plan by the SQL text.
    const rows = await prepared(ctx.db, 'names.roleDeptPg', (d) =>
      d
        .select({ kind: sql<number>`0`, id: role.id, name: role.roleName })
        .from(role)
        .where(inArray(role.id, listParam('roles')))
        .unionAll(
          d
            .select({ kind: sql<number>`1`, id: dept.id, name: dept.deptName })
            .from(dept)
            .where(inArray(dept.id, listParam('depts'))),
        )
        .prepare(),
    ).execute(lists)
    for (const { kind, id, name } of rows) (kind === 0 ? out.roles : out.depts).set(id, name)
    return out
  }
  const stmt = prepared(ctx.db, 'names.roleDept', (d) => {
    const q = dialect.sqlToQuery(namesUnion())
    return d.$client.prepare(q.sql)
  })
  // Run on the driver directly: another caller's open transaction is waited out first, as for drizzle's queries.
  await atGate(ctx.db)
  const rows = stmt.values(lists.roles, lists.depts) as [number, string, string][]
  for (const [kind, id, name] of rows) (kind === 0 ? out.roles : out.depts).set(id, name)
  return out
}

/** Role names (kind 0) and department names (kind 1) of the JSON lists given as placeholders `roles` and `depts`. */
const namesUnion = () =>
  sql`SELECT 0 AS kind, ${role.id} AS id, ${role.roleName} AS name FROM ${role} WHERE ${inArray(role.id, listParam('roles'))}
      UNION ALL
      SELECT 1, ${dept.id}, ${dept.deptName} FROM ${dept} WHERE ${inArray(dept.id, listParam('depts'))}`

/**
 * The same names as one column of another statement (placeholders `roles` and `depts`, JSON lists): a JSON text of
 * [kind, id, name] rows, for namesInto. A request that reads a row and the names beside it (user-info) makes one
 * round trip instead of two.
 */
export const namesColumn = () =>
  sql<string | null>`(SELECT ${
    schemaEngine === 'postgres'
      ? sql`json_agg(json_build_array(n.kind, n.id, n.name))::text`
      : sql`json_group_array(json_array(n.kind, n.id, n.name))`
  } FROM (${namesUnion()}) n)`

/** Fills `out` from namesColumn's JSON text (null when there were no rows); answers out. */
export function namesInto(out: Names, text: string | null): Names {
  for (const [kind, id, name] of text ? (JSON.parse(text) as [number, string, string][]) : [])
    (kind === 0 ? out.roles : out.depts).set(id, name)
  return out
}

export const deptNames = async (ctx: Ctx, ids: readonly string[]) => (await namesOf(ctx, [], ids)).depts
