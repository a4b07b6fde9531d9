/**
 * Paged reads that do not rescan what they need not. LIMIT/OFFSET + COUNT
 * walk the index twice: COUNT over every matching row, OFFSET over every
 * skipped one, so page 500 of 10,000 rows did ten times the work of page 1.
 * Here:
 * - a short page tells the total itself (the end was reached): no COUNT;
 * - per query (its WHERE and parameters) the total is kept while the database
 *   is unchanged, and so is, when the order is the primary key alone (newest
 *   first), the key each page visited starts at: reading that page again is
 *   `key <= anchor LIMIT size`, and a new page is found from the nearest page
 *   known before it, so it skips only the rows between them.
 * "Unchanged" is asked of SQLite on every read, per table (table-writes.ts):
 * a write to a table the query reads — its own table or one a subquery in
 * its WHERE names, such as the data scope's departments — by this
 * connection, or any commit by another (another process, the CLI), starts
 * it afresh; writes to other tables leave it be. Nothing is kept inside a
 * transaction, nor for SQL that reads the clock or chance, which would change
 * with no write. When something was written, the first read recomputes:
 * never older than the data. On PostgreSQL totals are kept under the snapshot
 * they were counted at instead (pgPage).
 *
 * The WHERE is rendered once per SQL object (it is also the key); the row, count and
 * anchor statements around it are fixed text, compiled once (db.ts keeps
 * compiled statements by text), so a page costs one query build, not three.
 */
import { registerCache } from './caches.ts'
import { getTableColumns, is, sql, type SQL } from 'drizzle-orm'
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core'
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { dbEngine, type Db } from './db.ts'
import { readStamp } from './table-writes.ts'
import { atGate } from './db-gate.ts'

type SQLClient = { unsafe(text: string, params: unknown[]): { values(): Promise<unknown[][]> } }

const MAX_QUERIES = 200
const MAX_ANCHORS = 1000
const MAX_TEXTS = 500
/** Shallower pages skip so few rows that a plain OFFSET costs less than finding an anchor. */
const ANCHOR_FROM = 100
const VOLATILE = /'now'|now\(|random\(|current_(time|date)|clock_timestamp|localtime/i
const dialect = new SQLiteSyncDialect({ casing: 'snake_case' })
const render = (s: SQL) => dialect.sqlToQuery(s)

interface Kept {
  stamp: string
  total?: number
  anchors: Map<number, string>
}
const keptByDb = new WeakMap<Db, Map<string, Kept>>()
// clear-cache forgets kept totals and anchors too (they are recounted on the next page).
registerCache('page totals', (db) => keptByDb.delete(db))
const countedByDb = new WeakMap<Db, number>()

/** How many totals pageQuery has counted on this connection (the rest were kept ones): for the tests that prove what is kept. */
export const totalsCounted = (db: Db) => countedByDb.get(db) ?? 0

/** What is known of this query at this stamp (a fresh record when anything its SQL reads changed); null = keep nothing. */
function keptFor(db: Db, table: string, where: { sql: string; params: unknown[] }): Kept | null {
  if (VOLATILE.test(where.sql)) return null
  const stamp = readStamp(db, `${table} ${where.sql}`)
  if (stamp === null) return null
  const key = `${table}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`
  let m = keptByDb.get(db)
  if (!m) keptByDb.set(db, (m = new Map()))
  let k = m.get(key)
  if (k?.stamp !== stamp) {
    m.delete(key)
    m.set(key, (k = { stamp, anchors: new Map() }))
    if (m.size > MAX_QUERIES) m.delete(m.keys().next().value!)
  }
  return k
}

interface Shape {
  from: string
  list: string
  keys: string[]
  cols: SQLiteColumn[]
}
/**
 * A table's select list (less the columns a list never shows, so they are not
 * even read) and how to turn a driver row back into drizzle's row (property
 * names, column decoders), rendered once.
 */
const shapes = new WeakMap<SQLiteTable, Map<string, Shape>>()
function shapeOf(table: SQLiteTable, omit: readonly string[] = []) {
  let byOmit = shapes.get(table)
  if (!byOmit) shapes.set(table, (byOmit = new Map()))
  const omitKey = omit.join(',')
  let s = byOmit.get(omitKey)
  if (!s) {
    const columns = getTableColumns(table) as Record<string, SQLiteColumn>
    const keys = Object.keys(columns).filter((k) => !omit.includes(k)),
      cols = keys.map((k) => columns[k])
    s = {
      from: render(sql`${table}`).sql,
      list: render(
        sql.join(
          cols.map((c) => sql`${c}`),
          sql`, `,
        ),
      ).sql,
      keys,
      cols,
    }
    byOmit.set(omitKey, s)
  }
  return s
}

/** An ORDER BY list rendered once per list object (a resource passes the same one every time). */
const orders = new WeakMap<SQL[], { sql: string; params: unknown[] }>()
function orderSql(orderBy: SQL[]) {
  let o = orders.get(orderBy)
  if (!o) orders.set(orderBy, (o = render(sql.join(orderBy, sql`, `))))
  return o
}

/**
 * A WHERE rendered once per SQL object: an unfiltered list's bounds are one
 * object per table and tenant (scope.ts), the same every request. A WHERE built
 * for one request is rendered once and then collected with its object.
 */
const wheres = new WeakMap<SQL, { sql: string; params: unknown[] }>()
function renderWhere(where: SQL) {
  let w = wheres.get(where)
  if (!w) wheres.set(where, (w = render(where)))
  return w
}

export interface PageQuery {
  table: SQLiteTable
  where: SQL | undefined
  orderBy: SQL[]
  /** The primary key, when orderBy is that key alone, newest first: pages may then start from an anchor. */
  keyDesc?: SQLiteColumn
  /** Properties the rows leave out (hidden columns: password hashes and the like), not read at all. */
  omit?: readonly string[]
}

/** One page of rows and the total under `where`, for current/size paging. */
export async function pageQuery(
  db: Db,
  q: PageQuery,
  size: number,
  offset: number,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  // The driver is called directly: another caller's open transaction is waited out first, as for drizzle's queries.
  await atGate(db)
  const shape = shapeOf(q.table, q.omit)
  if (dbEngine(db) === 'postgres') return pgPage(db, q, shape, size, offset)
  const where = q.where ? renderWhere(q.where) : { sql: '1', params: [] }
  const filtered = `FROM ${shape.from} WHERE (${where.sql})`
  const deep = Boolean(q.keyDesc) && offset >= ANCHOR_FROM
  // What is kept is asked for only when it can help: a deep page's anchor, or the total of a full page.
  let kept = deep ? keptFor(db, shape.from, where) : undefined
  const total = () => {
    if (kept === undefined) kept = keptFor(db, shape.from, where)
    if (kept?.total !== undefined) return kept.total
    const n =
      (db.$client.prepare(`SELECT count(*) ${filtered}`).values(...(where.params as never[]))[0]?.[0] as number) ?? 0
    if (kept) kept.total = n
    countedByDb.set(db, totalsCounted(db) + 1)
    return n
  }
  let raw: unknown[][]
  if (kept && deep) {
    const key = render(sql`${q.keyDesc}`).sql
    const anchor = anchorAt(db, `SELECT ${key} ${filtered}`, key, where.params, kept, offset)
    if (anchor === undefined) return { rows: [], total: total() }
    raw = db.$client
      .prepare(`SELECT ${shape.list} ${filtered} AND ${key} <= ? ORDER BY ${key} DESC LIMIT ?`)
      .values(...(where.params as never[]), anchor, size)
  } else {
    const order = orderSql(q.orderBy)
    raw = db.$client
      .prepare(`SELECT ${shape.list} ${filtered} ORDER BY ${order.sql} LIMIT ? OFFSET ?`)
      .values(...([...where.params, ...order.params] as never[]), size, offset)
  }
  const rows = raw.map((r) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < shape.keys.length; i++)
      row[shape.keys[i]] = r[i] === null ? null : shape.cols[i].mapFromDriverValue(r[i])
    return row
  })
  // Fewer rows than asked for: this page reached the end, so it knows the total.
  if (rows.length < size && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length }
  return { rows, total: total() }
}

const pgDialect = new PgDialect({ casing: 'snake_case' })
/** Its WHERE rendered for PostgreSQL ($n parameters), once per SQL object as for SQLite. */
const pgWheres = new WeakMap<SQL, { sql: string; params: unknown[] }>()
/** Its ORDER BY, rendered once per list object (its parameters, if any, are numbered after the WHERE's below). */
const pgOrders = new WeakMap<SQL[], { sql: string; params: unknown[] }>()
/** A page's and a count's statement text per WHERE text and order, fixed; only the parameters change. */
const pgTexts = new Map<string, { page: string; count: string }>()
const SNAPSHOT = 'pg_current_snapshot()::text'

/**
 * A page on PostgreSQL, its statement text put together from parts rendered once (as on SQLite), run on the driver
 * (Bun's client keeps each connection's server-side statement by its text), with a COUNT when the page is full. The
 * total is kept under the snapshot it was counted at (pg_current_snapshot(): which transactions a statement sees,
 * cluster-wide) and reused while a page's own statement runs at that very snapshot: then no transaction has committed
 * since, in any process, so counting again would find the same. Any commit anywhere starts it afresh (coarser than
 * SQLite's per-table stamps, as correct). Nothing is kept inside a transaction, whose own writes leave the snapshot
 * as it was.
 */
async function pgPage(db: Db, q: PageQuery, shape: Shape, size: number, offset: number) {
  let where = q.where ? pgWheres.get(q.where) : { sql: 'true', params: [] }
  if (!where) pgWheres.set(q.where!, (where = pgDialect.sqlToQuery(q.where!)))
  let order = pgOrders.get(q.orderBy)
  if (!order) pgOrders.set(q.orderBy, (order = pgDialect.sqlToQuery(sql.join(q.orderBy, sql`, `))))
  const [w, n] = [where.params.length, where.params.length + order.params.length]
  const textKey = `${shape.list}\u0000${shape.from}\u0000${where.sql}\u0000${order.sql}`
  let text = pgTexts.get(textKey)
  if (!text) {
    const filtered = `FROM ${shape.from} WHERE (${where.sql})`
    text = {
      page: `SELECT ${shape.list}, ${SNAPSHOT} ${filtered} ORDER BY ${order.sql.replace(/\$(\d+)/g, (_, i: string) => `$${Number(i) + w}`)} LIMIT $${n + 1} OFFSET $${n + 2}`,
      count: `SELECT count(*), ${SNAPSHOT} ${filtered}`,
    }
    if (pgTexts.size >= MAX_TEXTS) pgTexts.clear()
    pgTexts.set(textKey, text)
  }
  // The pool's client, or a transaction's connection (drizzle's handle of either).
  const tx = is(db, PgTransaction)
  const client = (tx ? (db as unknown as { session: { client: SQLClient } }).session.client : db.$client) as SQLClient
  const raw = (await client.unsafe(text.page, [...where.params, ...order.params, size, offset]).values()) as unknown[][]
  const stamp = raw[0]?.[shape.keys.length] as string | undefined
  const rows = raw.map((r) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < shape.keys.length; i++)
      row[shape.keys[i]] = r[i] === null ? null : shape.cols[i].mapFromDriverValue(r[i])
    return row
  })
  if (rows.length < size && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length }
  const keep = !tx && !VOLATILE.test(where.sql)
  const key = `${shape.from}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`
  let m = keptByDb.get(db)
  const kept = keep ? m?.get(key) : undefined
  if (stamp !== undefined && kept?.stamp === stamp && kept.total !== undefined) return { rows, total: kept.total }
  const [[total, at]] = (await client.unsafe(text.count, where.params).values()) as [string | number, string][]
  countedByDb.set(db, totalsCounted(db) + 1)
  if (keep) {
    if (!m) keptByDb.set(db, (m = new Map()))
    m.delete(key)
    m.set(key, { stamp: at, total: Number(total), anchors: new Map() })
    if (m.size > MAX_QUERIES) m.delete(m.keys().next().value!)
  }
  return { rows, total: Number(total) }
}

/** The key of the row at `offset` (newest first), found from the nearest known page before it; undefined past the end. */
function anchorAt(
  db: Db,
  keys: string,
  key: string,
  params: unknown[],
  kept: Kept,
  offset: number,
): string | undefined {
  const known = kept.anchors.get(offset)
  if (known !== undefined) return known
  let from = 0,
    fromKey: string | undefined
  for (const [at, k] of kept.anchors) if (at < offset && at > from) [from, fromKey] = [at, k]
  const found = (
    fromKey === undefined
      ? db.$client.prepare(`${keys} ORDER BY ${key} DESC LIMIT 1 OFFSET ?`).values(...(params as never[]), offset)
      : db.$client
          .prepare(`${keys} AND ${key} <= ? ORDER BY ${key} DESC LIMIT 1 OFFSET ?`)
          .values(...(params as never[]), fromKey, offset - from)
  )[0]?.[0] as string | undefined
  if (found === undefined) return undefined
  if (kept.anchors.size >= MAX_ANCHORS) kept.anchors.clear()
  kept.anchors.set(offset, found)
  return found
}

/** pageQuery typed by its table, for hand-written pages: the rows are the table's rows. */
export const pageRows = <T extends SQLiteTable>(
  db: Db,
  q: PageQuery & { table: T },
  size: number,
  offset: number,
): Promise<{ rows: T['$inferSelect'][]; total: number }> => pageQuery(db, q, size, offset) as never
