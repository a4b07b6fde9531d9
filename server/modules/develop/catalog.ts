import type { Database } from 'bun:sqlite'
import type { SQL } from 'bun'
import { sqliteTables } from '../../lib/db-catalogue.ts'

/**
 * What a database says about its own tables (blade-develop/model table-list and table-info), read from the engine's
 * catalogue rather than guessed: SQLite's pragmas (table_info, index_list, foreign_key_list), PostgreSQL's and
 * MySQL's information_schema (PostgreSQL's own pg_index for index columns, which information_schema lacks).
 */

export interface TableSummary {
  name: string
  comment: string
}

export interface ColumnInfo {
  name: string
  type: string
  /** Declared length of a text column (VARCHAR(64) → 64), else null. */
  length: number | null
  nullable: boolean
  defaultValue: string | null
  primaryKey: boolean
  comment: string
}

export interface IndexInfo {
  name: string
  unique: boolean
  columns: string[]
}

export interface ForeignKeyInfo {
  column: string
  refTable: string
  refColumn: string
}

export interface TableInfo {
  name: string
  comment: string
  columns: ColumnInfo[]
  indexes: IndexInfo[]
  foreignKeys: ForeignKeyInfo[]
}

export interface Catalog {
  tables(): Promise<TableSummary[]>
  /** The table's description, or null when the database has no such table. */
  table(name: string): Promise<TableInfo | null>
}

const lengthOf = (type: string): number | null => {
  const m = /\(\s*(\d+)\s*(?:,\s*\d+\s*)?\)/.exec(type)
  return m ? Number(m[1]) : null
}

/** Tables of the appliance's own bookkeeping, which no model is made from. */
const INTERNAL = /^(sqlite_|__drizzle|_cf_)/

/** A SQLite database (the appliance's own file) through its pragmas, bound as table-valued functions. */
export function sqliteCatalog(db: Database): Catalog {
  const all = <T>(text: string, ...params: string[]) => Promise.resolve(db.query(text).all(...params) as T[])
  return {
    // Plain tables only (server/lib/db-catalogue.ts): a full-text index's virtual and shadow tables are no model.
    async tables() {
      const names = await Promise.resolve(sqliteTables(db))
      return names.filter((n) => !INTERNAL.test(n)).map((name) => ({ name, comment: '' }))
    },
    async table(name) {
      if (INTERNAL.test(name) || !sqliteTables(db).includes(name)) return null
      const cols = await all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
        'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid',
        name,
      )
      const idx = await all<{ name: string; unique: number }>('SELECT name, "unique" FROM pragma_index_list(?)', name)
      const indexes: IndexInfo[] = []
      for (const i of idx) {
        const parts = await all<{ name: string }>('SELECT name FROM pragma_index_info(?) ORDER BY seqno', i.name)
        indexes.push({ name: i.name, unique: i.unique === 1, columns: parts.map((p) => p.name) })
      }
      const fks = await all<{ from: string; table: string; to: string | null }>(
        'SELECT "from", "table", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq',
        name,
      )
      return {
        name,
        comment: '',
        columns: cols.map((c) => ({
          name: c.name,
          type: c.type.toLowerCase(),
          length: lengthOf(c.type),
          nullable: c.notnull === 0 && c.pk === 0,
          defaultValue: c.dflt_value,
          primaryKey: c.pk > 0,
          comment: '',
        })),
        indexes,
        foreignKeys: fks.map((f) => ({ column: f.from, refTable: f.table, refColumn: f.to ?? '' })),
      }
    },
  }
}

type Rows = Record<string, unknown>[]
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/** The statements each server engine answers the same questions with; `$1` (PostgreSQL) or `?` (MySQL) binds the table. */
const QUERIES = {
  postgres: {
    tables: `SELECT c.relname AS name, COALESCE(obj_description(c.oid, 'pg_class'), '') AS comment
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
    exists: `SELECT COALESCE(obj_description(c.oid, 'pg_class'), '') AS comment
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname = $1`,
    columns: `SELECT c.column_name AS name, c.data_type AS type, c.character_maximum_length AS length,
        c.is_nullable AS nullable, c.column_default AS default_value,
        COALESCE(col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position), '') AS comment,
        EXISTS (SELECT 1 FROM information_schema.table_constraints tc
          JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name
            AND k.table_schema = tc.table_schema AND k.table_name = tc.table_name
          WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = c.table_schema
            AND tc.table_name = c.table_name AND k.column_name = c.column_name) AS primary_key
      FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.table_name = $1 ORDER BY c.ordinal_position`,
    indexes: `SELECT i.relname AS name, x.indisunique AS is_unique, a.attname AS column_name
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = current_schema() AND t.relname = $1 ORDER BY i.relname, k.ord`,
    foreignKeys: `SELECT k.column_name AS column_name, u.table_name AS ref_table, u.column_name AS ref_column
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
      JOIN information_schema.constraint_column_usage u ON u.constraint_name = tc.constraint_name AND u.table_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema() AND tc.table_name = $1
      ORDER BY k.ordinal_position`,
  },
  mysql: {
    tables: `SELECT table_name AS name, table_comment AS comment FROM information_schema.tables
      WHERE table_schema = database() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    exists: `SELECT table_comment AS comment FROM information_schema.tables
      WHERE table_schema = database() AND table_type = 'BASE TABLE' AND table_name = ?`,
    columns: `SELECT column_name AS name, column_type AS type, character_maximum_length AS length,
        is_nullable AS nullable, column_default AS default_value, column_comment AS comment,
        column_key = 'PRI' AS primary_key
      FROM information_schema.columns WHERE table_schema = database() AND table_name = ? ORDER BY ordinal_position`,
    indexes: `SELECT index_name AS name, non_unique = 0 AS is_unique, column_name AS column_name
      FROM information_schema.statistics WHERE table_schema = database() AND table_name = ?
      ORDER BY index_name, seq_in_index`,
    foreignKeys: `SELECT column_name AS column_name, referenced_table_name AS ref_table, referenced_column_name AS ref_column
      FROM information_schema.key_column_usage
      WHERE table_schema = database() AND table_name = ? AND referenced_table_name IS NOT NULL ORDER BY ordinal_position`,
  },
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't' || v === 'YES'

/** A PostgreSQL or MySQL server through Bun's SQL client (the appliance's own PostgreSQL, or an external one). */
export function serverCatalog(client: SQL, engine: 'postgres' | 'mysql'): Catalog {
  const q = QUERIES[engine]
  const all = async (text: string, ...params: string[]): Promise<Rows> => (await client.unsafe(text, params)) as Rows
  return {
    async tables() {
      return (await all(q.tables))
        .map((r) => ({ name: str(r.name), comment: str(r.comment) }))
        .filter((r) => !INTERNAL.test(r.name))
    },
    async table(name) {
      const [exists] = await all(q.exists, name)
      if (!exists || INTERNAL.test(name)) return null
      const cols = await all(q.columns, name)
      const indexes = new Map<string, IndexInfo>()
      for (const r of await all(q.indexes, name)) {
        const key = str(r.name)
        const i = indexes.get(key) ?? { name: key, unique: truthy(r.is_unique), columns: [] }
        i.columns.push(str(r.column_name))
        indexes.set(key, i)
      }
      return {
        name,
        comment: str(exists.comment),
        columns: cols.map((c) => ({
          name: str(c.name),
          type: str(c.type).toLowerCase(),
          length: c.length === null || c.length === undefined ? lengthOf(str(c.type)) : Number(c.length),
          nullable: c.nullable === 'YES' && !truthy(c.primary_key),
          defaultValue: c.default_value === null || c.default_value === undefined ? null : str(c.default_value),
          primaryKey: truthy(c.primary_key),
          comment: str(c.comment),
        })),
        indexes: [...indexes.values()],
        foreignKeys: (await all(q.foreignKeys, name)).map((f) => ({
          column: str(f.column_name),
          refTable: str(f.ref_table),
          refColumn: str(f.ref_column),
        })),
      }
    },
  }
}
