/**
 * What the tools that copy rows between engines read from the databases' own catalogues rather than from db/schema
 * (a process builds db/schema for one engine only, db/schema/dialect.ts): `atrium db to-postgres`
 * (server/lib/to-postgres.ts) and one school's export and import (server/modules/backup/tenant.ts), which read one
 * engine and may write the other. Both agree here on the tables and columns each engine has, on how a value of a
 * SQLite column is carried in a PostgreSQL one and back, and on moving identity sequences past copied values.
 */
import type { Database } from 'bun:sqlite'
import type { SQL } from 'bun'

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * The SQLite file's tables, by name, without SQLite's own (sqlite_…) and without full-text indexes (a virtual table
 * and its shadow tables, e.g. the assistant's FTS5 index): those are derived by triggers and have no PostgreSQL twin.
 */
export function sqliteTables(db: Database): string[] {
  return db
    .query<{ name: string }, [string]>(
      `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .all('table')
    .map((r) => r.name)
}

/** A SQLite table's columns, in their declared order. */
export function sqliteColumns(db: Database, table: string): string[] {
  return db
    .query<{ name: string }, [string]>('SELECT name FROM pragma_table_info(?)')
    .all(table)
    .map((r) => r.name)
}

export interface PgColumn {
  name: string
  /** information_schema's data_type: bigint, double precision, text, bytea, jsonb, boolean… */
  type: string
}

/** Every base table of the connection's current schema with its columns in their declared order. */
export async function pgColumns(sql: SQL): Promise<Map<string, PgColumn[]>> {
  const rows: { table_name: string; column_name: string; data_type: string }[] = await sql`
    SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`
  const out = new Map<string, PgColumn[]>()
  for (const r of rows) {
    const list = out.get(r.table_name) ?? []
    list.push({ name: r.column_name, type: r.data_type })
    out.set(r.table_name, list)
  }
  return out
}

/** Parents before children by the PostgreSQL database's foreign keys; otherwise by name, so a run is repeatable. */
export async function pgDependencyOrder(sql: SQL, tables: string[]): Promise<string[]> {
  const edges: { child: string; parent: string }[] = await sql`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`
  const unquote = (name: string) => name.replace(/^"|"$/g, '')
  const parents = new Map(tables.map((t) => [t, new Set<string>()]))
  for (const { child, parent } of edges.map((e) => ({ child: unquote(e.child), parent: unquote(e.parent) })))
    if (child !== parent && parents.has(child)) parents.get(child)!.add(parent)
  const order: string[] = []
  const placed = new Set<string>()
  const visit = (t: string, path: Set<string>) => {
    if (placed.has(t) || path.has(t)) return // a cycle: its tables keep name order
    path.add(t)
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p, path)
    path.delete(t)
    placed.add(t)
    order.push(t)
  }
  for (const t of [...tables].sort()) visit(t, new Set())
  return order
}

/**
 * A SQLite value as PostgreSQL's column takes it: blobs arrive as Uint8Array (bytea takes a Buffer), 0/1 as a
 * boolean where the column is one; numbers, text (JSON text into jsonb too) bind as they are.
 */
export function toPostgres(value: unknown, column: PgColumn): unknown {
  if (value === null || value === undefined) return null
  if (column.type === 'bytea') return value instanceof Uint8Array ? Buffer.from(value) : Buffer.from(String(value))
  if (column.type === 'boolean' && typeof value === 'number') return value !== 0
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  if (typeof value === 'bigint') return value.toString()
  return value
}

/**
 * A PostgreSQL value as the same column holds it on SQLite (bun:sqlite's answer): Bun's client answers int8 as
 * text, bytea as a Buffer, jsonb as its JSON text or a parsed value, booleans as booleans. Integers become numbers
 * (every value we keep fits one exactly, db/schema/dialect.ts), bytes a plain Uint8Array, JSON its text, a boolean
 * 1 or 0; text and double precision are the same on both.
 */
export function fromPostgres(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null
  switch (type) {
    case 'bigint':
    case 'integer':
    case 'smallint':
      return Number(value)
    case 'boolean':
      return value ? 1 : 0
    case 'bytea':
      return new Uint8Array(value as Uint8Array)
    case 'jsonb':
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value)
    default:
      return value
  }
}

/**
 * Moves each identity (or serial) sequence of `tables` past the largest value its column holds, after rows were
 * written with explicit values; never backwards, so a sequence another writer has moved on meanwhile stays ahead.
 * Answers the columns moved, as table.column.
 */
export async function resetIdentities(sql: SQL, tables: Set<string>): Promise<string[]> {
  const identities: { table_name: string; column_name: string }[] = await sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')
    ORDER BY table_name, column_name`
  const moved: string[] = []
  for (const { table_name: t, column_name: c } of identities) {
    if (!tables.has(t)) continue
    await sql.unsafe(
      `SELECT setval(s, GREATEST(COALESCE(m, 0), COALESCE(pg_sequence_last_value(s), 0), 1),
                     m IS NOT NULL OR pg_sequence_last_value(s) IS NOT NULL)
       FROM (SELECT pg_get_serial_sequence($1, $2)::regclass AS s, (SELECT MAX(${quote(c)}) FROM ${quote(t)}) AS m) x`,
      [quote(t), c],
    )
    moved.push(`${t}.${c}`)
  }
  return moved
}
