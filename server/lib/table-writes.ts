/**
 * "Has anything this query reads changed?" — asked of SQLite, per table, so a
 * write to one table does not throw away what was kept about reads of others
 * (page-query.ts keeps totals and deep-page anchors this way).
 *
 * This connection's writes: the first time a query names a table, TEMP
 * triggers on that table (insert, update, delete — foreign-key cascades
 * included) count its writes in a TEMP table. Both live inside this
 * connection and inside its transactions: a rolled-back write rolls its count
 * back with it, and nothing lands in the database file or its schema.
 * Other connections' commits (another process, the CLI) move PRAGMA
 * data_version, which stands for "anything may have changed". A schema change
 * (a migration) re-reads which tables exist.
 *
 * The tables a query reads are the table names that occur in its SQL text as
 * words (quoted or not, subqueries included, e.g. the data scope's
 * `EXISTS (SELECT … FROM blade_dept d …)`): a name too many only costs a
 * recount; a view or virtual table (whose writes triggers cannot see) makes the
 * query's reads unkeepable.
 */
import { dbEngine, type Db } from './db.ts'

const COUNTS = 'atrium_table_writes'
const MAX_TEXTS = 500

interface Tracker {
  schema: number
  tables: Set<string>
  /** Names whose writes no trigger can see: views, virtual tables. */
  opaque: Set<string>
  watched: Set<string>
  /** SQL text → JSON list of the tables it reads, or null when they cannot be watched. */
  deps: Map<string, string | null>
}
const trackers = new WeakMap<Db, Tracker>()

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`

function track(db: Db): Tracker {
  const c = db.$client
  c.exec(`CREATE TEMP TABLE IF NOT EXISTS ${COUNTS} (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID`)
  const objects = c.prepare("SELECT type, name, sql FROM main.sqlite_master WHERE type IN ('table', 'view')").all() as {
    type: string
    name: string
    sql: string | null
  }[]
  const t: Tracker = {
    schema: (c.prepare('PRAGMA main.schema_version').get() as { schema_version: number }).schema_version,
    tables: new Set(),
    opaque: new Set(),
    watched: new Set(
      (c.prepare("SELECT tbl_name FROM temp.sqlite_master WHERE type = 'trigger'").all() as { tbl_name: string }[]).map(
        (r) => r.tbl_name,
      ),
    ),
    deps: new Map(),
  }
  for (const o of objects)
    if (o.type === 'view' || /^\s*CREATE\s+VIRTUAL\b/i.test(o.sql ?? '')) t.opaque.add(o.name)
    else if (!o.name.startsWith('sqlite_')) t.tables.add(o.name)
  trackers.set(db, t)
  return t
}

/** Counts this connection's writes to `table` from now on (idempotent). False when the table cannot carry triggers. */
function watch(db: Db, t: Tracker, table: string): boolean {
  if (t.watched.has(table)) return true
  try {
    db.$client.transaction(() => {
      db.$client.prepare(`INSERT OR IGNORE INTO temp.${COUNTS} (name, n) VALUES (?, 0)`).run(table)
      for (const op of ['INSERT', 'UPDATE', 'DELETE'])
        db.$client.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS ${ident(`${COUNTS}_${table}_${op.toLowerCase()}`)} AFTER ${op} ON main.${ident(table)}
           BEGIN UPDATE temp.${COUNTS} SET n = n + 1 WHERE name = ${literal(table)}; END`,
        )
    })()
  } catch {
    return false
  }
  t.watched.add(table)
  return true
}

/** The tables `text` reads, as the JSON list the stamp query takes; null when one of them cannot be watched. */
function depsOf(db: Db, t: Tracker, text: string): string | null {
  let deps = t.deps.get(text)
  if (deps !== undefined) return deps
  const words = new Set(text.match(/[A-Za-z_][A-Za-z0-9_$]*/g))
  const read = [...words].filter((w) => t.tables.has(w)).sort()
  deps = [...words].some((w) => t.opaque.has(w)) || !read.every((r) => watch(db, t, r)) ? null : JSON.stringify(read)
  if (t.deps.size >= MAX_TEXTS) t.deps.clear()
  t.deps.set(text, deps)
  return deps
}

/**
 * A stamp of everything the SQL `text` reads: equal stamps mean no write to
 * those tables committed in between, by this connection or any other. Null
 * inside a transaction (what it sees may yet roll back) and for SQL whose
 * reads cannot be watched: keep nothing then. Null on PostgreSQL: TEMP triggers and PRAGMA data_version are
 * SQLite's, and there other processes write at any time (page-query.ts keeps nothing there).
 */
export function readStamp(db: Db, text: string): string | null {
  if (dbEngine(db) === 'postgres' || db.$client.inTransaction) return null
  for (let attempt = 0; attempt < 2; attempt++) {
    const t = trackers.get(db) ?? track(db)
    const deps = depsOf(db, t, text)
    if (deps === null) return null
    // Each committed write adds one to its table's count and a rollback takes it back, so the sum moves with every committed write.
    const r = db.$client
      .prepare(
        `SELECT (SELECT data_version FROM pragma_data_version) AS v, (SELECT schema_version FROM pragma_schema_version) AS s,
         (SELECT total(n) FROM temp.${COUNTS} WHERE name IN (SELECT value FROM json_each(?))) AS w`,
      )
      .get(deps) as { v: number; s: number; w: number }
    if (r.s === t.schema) return `${r.v}:${r.w}`
    track(db) // a migration ran: tables may have come or gone
  }
  return null
}
