import { sql } from 'drizzle-orm'
import { index, integer, text, type Column, uniqueIndex } from './dialect.ts'

/**
 * The audit columns every entity carries (DESIGN: common columns). A function,
 * not a constant: drizzle column builders must not be shared between tables.
 * The server fills tenant and audit columns; validation never accepts them from
 * a client (see server/lib/validation.ts SERVER_COLUMNS).
 */
export const commonColumns = () => ({
  id: text().primaryKey(),
  tenantId: text().notNull().default('000000'),
  status: integer().notNull().default(1),
  isDeleted: integer().notNull().default(0),
  remark: text(),
  createUser: text(),
  createDept: text(),
  createTime: text(),
  updateUser: text(),
  updateTime: text(),
})

/** Tables shared by all tenants (menus, system dictionaries, regions...) keep the columns but ignore tenant_id. */
export const SERVER_COLUMNS = [
  'id',
  'tenantId',
  'isDeleted',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
] as const

/**
 * The index every scoped list walks: tenant, live rows, newest first (ids are
 * time-ordered). With it a page deep in a large table is an index skip, not a
 * scan of the rows.
 */
export const scopedListIndex = (name: string, t: { tenantId: Column; isDeleted: Column; id: Column }) =>
  index(`ix_${name}_scoped`).on(t.tenantId, t.isDeleted, t.id)

/**
 * A uniqueness rule among live rows: a removed row (is_deleted = 1) frees its
 * value. The server checks the same rule inside the write's transaction and
 * answers a clash as a 409 naming the field (server/lib/unique.ts); the index
 * is what holds when another process writes too.
 */
export const liveUnique = (name: string, ...cols: [Column, ...Column[]]) =>
  uniqueIndex(name)
    .on(...cols)
    .where(sql`is_deleted = 0`)

/**
 * An amount of money (DESIGN: integer money in the smallest unit): whole fen (1/100 yuan) in an INTEGER column,
 * never a REAL, so sums and refunds are exact. Its field is `type: 'money'` (db/fields), which the server checks as a
 * whole number ≥ 0 and the web shows and edits in yuan (fenToYuan / yuanToFen, exact decimal strings).
 */
export const money = () => integer()
