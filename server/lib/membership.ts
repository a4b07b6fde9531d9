/**
 * The one membership rule. A user's roles, departments and posts are stored
 * as link rows (blade_user_role / _dept / _post, db/schema/membership.ts),
 * kept equal to the spec's comma-joined columns by triggers in the same
 * statement. Every query that asks "does this row belong to X" goes through
 * memberOf(): ids match exactly (role "1" never reaches holders of 11 or 21),
 * and an index answers it instead of a LIKE over every user.
 */
import { count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { user, userDept, userPost, userRole } from '../../db/schema/index.ts'
import type { Ctx } from './context.ts'

interface Link {
  table: SQLiteTable
  /** The owner row's key the link points at (blade_user.id). */
  owner: SQLiteColumn
  /** The link's column holding the owner's id. */
  ownerRef: SQLiteColumn
  /** The link's column holding the member id (role, department, post). */
  member: SQLiteColumn
}

/** blade_user's comma-joined columns and the link table that stores each of them. */
const LINKS = new Map<SQLiteColumn, Link>([
  [user.roleId, { table: userRole, owner: user.id, ownerRef: userRole.userId, member: userRole.roleId }],
  [user.deptId, { table: userDept, owner: user.id, ownerRef: userDept.userId, member: userDept.deptId }],
  [user.postId, { table: userPost, owner: user.id, ownerRef: userPost.userId, member: userPost.postId }],
])

/** Whether a column holds a list of ids kept in a link table. */
export const isListColumn = (col: SQLiteColumn) => LINKS.has(col)

/** `col IN (…)` over a list of ids or a raw SELECT answering ids. */
const within = (col: SQLiteColumn, ids: readonly string[] | SQL) =>
  Array.isArray(ids) ? inArray(col, ids as string[]) : sql`${col} IN (${ids})`

/**
 * Rows whose `col` names any of `ids` (a list, or an sql`SELECT …` answering ids).
 * For blade_user's role/dept/post lists this reads the link table; any other
 * column holds a single id (create_dept, a foreign key) and is compared as is.
 * An empty list matches nothing.
 */
export function memberOf(col: SQLiteColumn, ids: readonly string[] | SQL): SQL {
  if (Array.isArray(ids) && !ids.length) return sql`1 = 0` // a boolean on both engines (PostgreSQL refuses `AND 0`)
  const link = LINKS.get(col)
  if (!link) return within(col, ids)
  return sql`${link.owner} IN (SELECT ${link.ownerRef} FROM ${link.table} WHERE ${within(link.member, ids)})`
}

/** How many rows `where` admits hold each member id of `col` (e.g. users per role), in one grouped query over the link table. */
export async function countByMember(
  db: Ctx['db'],
  col: SQLiteColumn,
  where: SQL | undefined,
): Promise<Map<string, number>> {
  const link = LINKS.get(col)
  if (!link) throw new Error(`${col.name} is not a list column`)
  const rows = await db
    .select({ member: link.member, n: count() })
    .from(link.table)
    .innerJoin(user, eq(link.owner, link.ownerRef))
    .where(where)
    .groupBy(link.member)
  return new Map(rows.map((r) => [String(r.member), r.n]))
}
