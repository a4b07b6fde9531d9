import { and, eq, getTableColumns, getTableName, ne, type SQL } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './db.ts'
import { notDeleted } from './tenant-rows.ts'
import { first } from './rows.ts'
import type { Tx } from './transaction.ts'
import { ApiError } from './errors.ts'
import { defineMessages } from './messages.ts'
import { takenText, type Fields } from '../../db/fields/types.ts'

/**
 * Uniqueness rules. Each rule is backed by a unique index over the same
 * columns, partial (`WHERE is_deleted = 0`, db/schema/common.ts liveUnique)
 * where a removed row frees its value. The rule is checked inside the write's
 * transaction, for the rule's own answer; the index refuses what a concurrent
 * writer (another request, the CLI, another process) slips in between the
 * check and the write. Either way the caller gets the same
 * 409 naming the field, never a 500: the error handler turns the index's
 * refusal into the rule's answer (uniqueConflict).
 */
export interface UniqueRule {
  /** The row's fields that together may not repeat among live rows: exactly the index's columns. */
  columns: string[]
  /** The request field a clash is reported on (the last column when left out). */
  field?: string
  /** The message key, given { field, <column>: value } (default validation.unique, "{field} already exists"). */
  message?: string
  /** The index is not partial: a removed row keeps its value (tenant ids, issued card numbers, product keys). */
  includeDeleted?: boolean
}

/** A rule as declared for a table. */
export interface Unique extends Required<Omit<UniqueRule, 'includeDeleted'>> {
  table: SQLiteTable
  includeDeleted: boolean
  /** The table and column names SQLite reports in a constraint error. */
  sqlTable: string
  sqlColumns: string[]
}

/** How one path words a clash its own way (the sign-up says "the account … already exists"). */
export interface Answer {
  message?: string
  field?: string
  params?: Record<string, string | number>
}

type Row = Record<string, unknown>
/** The database or a transaction of it: a check runs on either. */
export type DbOrTx = Db | Tx
const declared: Unique[] = []
/** "{field} already exists": the answer when nothing describes the field. */
const GENERIC = 'validation.unique'
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c))

/**
 * Declares a rule for a table, so a clash anywhere (a checked write, the index
 * refusing a hand-written insert) answers its message. A string is one column,
 * unique within the tenant when the table has tenant_id and is not `global`.
 * Without a message of its own, a field described in `fields` answers
 * "<label>已存在" / "the <label> already exists". Declaring the same columns
 * again updates the one rule every holder of it sees.
 */
export function declareUnique(table: SQLiteTable, rule: string | UniqueRule, global = false, fields?: Fields): Unique {
  const cols = getTableColumns(table) as Record<string, SQLiteColumn>
  const r: UniqueRule =
    typeof rule === 'string'
      ? { columns: cols.tenantId && !global && rule !== 'tenantId' ? ['tenantId', rule] : [rule] }
      : rule
  for (const c of r.columns) if (!cols[c]) throw new Error(`${getTableName(table)} has no column ${c}`)
  const field = r.field ?? r.columns[r.columns.length - 1]
  const described = fields?.[field]
  const own = `unique.${getTableName(table)}.${field}`
  const chosen = r.message === GENERIC ? undefined : r.message
  if (!chosen && described) defineMessages({ [own]: takenText(described) })
  const u: Unique = {
    table,
    columns: r.columns,
    field,
    message: chosen ?? (described ? own : GENERIC),
    includeDeleted: Boolean(r.includeDeleted) || !cols.isDeleted,
    sqlTable: getTableName(table),
    // The database is opened with snake_case casing: a column named by its key is stored snake_cased.
    sqlColumns: r.columns.map((c) => (cols[c].keyAsName ? toSnakeCase(cols[c].name) : cols[c].name)),
  }
  const same = declared.find((x) => x.sqlTable === u.sqlTable && sameSet(x.sqlColumns, u.sqlColumns))
  if (!same) {
    declared.push(u)
    return u
  }
  // A described message wins over the generic one, whichever declaration came first.
  if (same.message === GENERIC || u.message !== GENERIC) Object.assign(same, u)
  return same
}

const conflictOf = (u: Pick<Unique, 'field' | 'message'>, params: Row, answer: Answer = {}) => {
  const field = answer.field ?? u.field
  const shown = Object.fromEntries(
    Object.entries(params).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as Record<string, string | number>
  return new ApiError(409, answer.message ?? u.message, { field, ...shown, ...answer.params }, true, field)
}

/**
 * Throws the rule's 409 when another live row already holds the values `row`
 * would have. Call it inside the write's transaction (a check before it is
 * only a courtesy; the unique index has the last word). `self` is the key of the row being updated,
 * which may keep its own value. Empty and null values never clash (the
 * indexes leave them out or treat NULLs as distinct).
 */
export async function assertUnique(
  db: DbOrTx,
  u: Unique,
  row: Row,
  self?: { column: string; value: unknown },
  answer?: Answer,
): Promise<void> {
  const cols = getTableColumns(u.table) as Record<string, SQLiteColumn>
  const conds: (SQL | undefined)[] = []
  const values: Row = {}
  for (const c of u.columns) {
    const v = row[c]
    if (v === undefined || v === null || v === '') return
    conds.push(eq(cols[c], v))
    values[c] = v
  }
  if (!u.includeDeleted) conds.push(notDeleted(u.table))
  if (self && self.value !== undefined && self.value !== null) conds.push(ne(cols[self.column], self.value))
  const clash = await first(
    (db as Db)
      .select({ one: cols[u.columns[0]] })
      .from(u.table)
      .where(and(...conds)),
  )
  if (clash) throw conflictOf(u, values, answer)
}

const CONSTRAINT = /^UNIQUE constraint failed: (.+)$/

interface DriverError {
  message?: unknown
  cause?: unknown
  /** PostgreSQL's SQLSTATE: `errno` from Bun.SQL, `code` from node-postgres. */
  errno?: unknown
  code?: unknown
  table?: unknown
  detail?: unknown
}

/** bun:sqlite: "UNIQUE constraint failed: blade_user.tenant_id, blade_user.account". */
function sqliteUnique(e: DriverError): { table: string; columns: string[] } | undefined {
  const m = typeof e.message === 'string' ? CONSTRAINT.exec(e.message) : null
  if (!m) return undefined
  const pairs = m[1].split(',').map((p) => p.trim().split('.'))
  return { table: pairs[0][0], columns: pairs.map((p) => p[1] ?? p[0]) }
}

/** PostgreSQL (issue #27): SQLSTATE 23505 with the table, and the columns in "Key (tenant_id, account)=(…)". */
function postgresUnique(e: DriverError): { table: string; columns: string[] } | undefined {
  if (e.errno !== '23505' && e.code !== '23505') return undefined
  const key = typeof e.detail === 'string' ? /^Key \((.+?)\)=/.exec(e.detail) : null
  if (typeof e.table !== 'string' || !key) return undefined
  return { table: e.table, columns: key[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')) }
}

/**
 * A unique index's refusal, found anywhere in an error's cause chain (drizzle
 * wraps the driver's error), as the 409 of the rule declared for those
 * columns; without a declared rule, validation.unique naming the last column
 * that is not the tenant. `answer` fills the message's values (the account
 * that was taken), which the driver's error does not carry. Anything else
 * answers undefined.
 */
export function uniqueConflict(err: unknown, answer?: Answer): ApiError | undefined {
  let e = err as DriverError | undefined
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    const found = sqliteUnique(e) ?? postgresUnique(e)
    if (!found) continue
    const { table, columns } = found
    const u = declared.find((x) => x.sqlTable === table && sameSet(x.sqlColumns, columns))
    const field = u?.field ?? camel(columns.filter((c) => c !== 'tenant_id').pop() ?? columns[0])
    return conflictOf({ field, message: u?.message ?? GENERIC }, {}, answer)
  }
  return undefined
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
