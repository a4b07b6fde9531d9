/**
 * Moves an appliance's data from its SQLite file into an empty PostgreSQL database (`atrium db to-postgres`,
 * issue #27): the way a school that outgrew one machine keeps everything it has.
 *
 * It works from the two databases' own catalogues, not from db/schema: a process builds db/schema for one engine
 * (db/schema/dialect.ts), and this one reads one engine and writes the other. Both sides must be at this release's
 * schema: the source's SQLite migrations all applied (it refuses otherwise), the target migrated here with the
 * PostgreSQL migrations generated from the same schema, so their tables and columns match name for name.
 *
 * - The source is read inside one read transaction: a consistent snapshot even if an appliance still runs on it
 *   (stopping it first is still advised: what it writes afterwards is not moved).
 * - The target must be empty (only rows its migrations write may be there); the copy never merges.
 * - Tables go in foreign-key order (parents first; the schema declares none today, the order still follows any
 *   the target declares), in batches of multi-row INSERTs, each table in its own transaction with its
 *   triggers off: the rows those triggers derive (user links, the permission version) are copied themselves.
 * - Identity sequences restart after the largest copied value; row counts are compared table by table at the end.
 */
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import { existsSync } from 'node:fs'
import {
  pgColumns,
  pgDependencyOrder,
  quote,
  resetIdentities,
  sqliteColumns,
  sqliteTables,
  toPostgres,
} from './db-catalogue.ts'
import { ApiError } from './errors.ts'
import { defineMessages } from './messages.ts'
import { applyPgMigrations, schemaStatus } from './migrations.ts'

defineMessages({
  'toPostgres.noSource': { zh: '找不到 SQLite 数据库文件：{file}', en: 'no SQLite database file at {file}' },
  'toPostgres.badTarget': {
    zh: '目标必须是 PostgreSQL 地址（postgres://…）：{url}',
    en: 'the target must be a PostgreSQL URL (postgres://…): {url}',
  },
  'toPostgres.sourcePending': {
    zh: 'SQLite 数据库还有 {n} 个迁移未执行（{list}）：请先用本版本执行 atrium db migrate，再迁移到 PostgreSQL',
    en: 'the SQLite database has {n} migration(s) not applied ({list}): run `atrium db migrate` with this release first, then move it to PostgreSQL',
  },
  'toPostgres.sourceNewer': {
    zh: 'SQLite 数据库由更新的版本迁移过，请用那个版本迁移到 PostgreSQL',
    en: 'the SQLite database was migrated by a newer release; move it with that release',
  },
  'toPostgres.notEmpty': {
    zh: '目标数据库不是空的（表 {table} 已有 {rows} 行）：迁移只写入空数据库，请新建一个（createdb）或清空后再试',
    en: 'the target database is not empty (table {table} has {rows} row(s)): the move only writes into an empty database; create one (createdb) or empty it first',
  },
  'toPostgres.schemaDiffers': {
    zh: '两边的表结构不一致（{what}）：请确认 SQLite 与本版本一致',
    en: 'the two schemas differ ({what}): make sure the SQLite database is at this release',
  },
  'toPostgres.copyFailed': {
    zh: '复制表 {table} 失败（该表未写入任何行）：{reason}。之前的表已写入，请删除并重建目标数据库后再试',
    en: 'copying table {table} failed (nothing of it was written): {reason}. The tables before it were copied: drop and create the target database again before the next try',
  },
  'toPostgres.countMismatch': {
    zh: '表 {table} 行数不一致：SQLite {source} 行，PostgreSQL {target} 行',
    en: 'table {table} does not match: {source} row(s) in SQLite, {target} in PostgreSQL',
  },
})

/**
 * Rows written by the target's own migrations (the permission version, the built-in appliance datasource): replaced
 * by the source's rows rather than counted as "not empty".
 */
const MIGRATION_ROWS = new Set(['blade_perm_version', 'blade_datasource'])

export interface MoveProgress {
  table: string
  /** Rows copied so far, over all tables, and how many there are. */
  rows: number
  totalRows: number
}

export interface TableCount {
  table: string
  source: number
  target: number
}

export interface MoveResult {
  from: string
  /** The target URL without its password. */
  to: string
  /** PostgreSQL migrations applied to the target before the copy. */
  migrated: string[]
  tables: TableCount[]
  rows: number
  /** Identity sequences moved on past the copied values, as table.column. */
  sequences: string[]
}

/** The URL as it may be shown and logged: without the password. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@')
  }
}

/** PostgreSQL's parameter limit is 65535 per statement; batches stay well under it and under a few MB. */
const batchRows = (columns: number, wanted: number) => Math.max(1, Math.min(wanted, Math.floor(30000 / columns)))

export async function moveToPostgres(opts: {
  from: string
  to: string
  /** Rows per INSERT (default 500; fewer for wide tables). */
  batch?: number
  onProgress?: (p: MoveProgress) => void
}): Promise<MoveResult> {
  if (!/^postgres(ql)?:\/\//i.test(opts.to)) throw new ApiError(400, 'toPostgres.badTarget', { url: safeUrl(opts.to) })
  if (!existsSync(opts.from)) throw new ApiError(400, 'toPostgres.noSource', { file: opts.from })

  const source = new Database(opts.from, { readonly: true })
  const target = new SQL(opts.to, { max: 1 })
  try {
    const status = schemaStatus(source)
    if (status.newer) throw new ApiError(400, 'toPostgres.sourceNewer')
    if (status.pending.length)
      throw new ApiError(400, 'toPostgres.sourcePending', {
        n: status.pending.length,
        list: status.pending.join(', '),
      })

    const migrated = await applyPgMigrations(target)

    // One snapshot of the source for the whole copy (WAL: a running appliance's later commits are not seen).
    source.exec('BEGIN')
    const sourceTables = sqliteTables(source).filter((t) => t !== '__drizzle_migrations')
    const targetColumns = await pgColumns(target)

    const onlySource = sourceTables.filter((t) => !targetColumns.has(t))
    const onlyTarget = [...targetColumns.keys()].filter((t) => !sourceTables.includes(t))
    if (onlySource.length || onlyTarget.length)
      throw new ApiError(400, 'toPostgres.schemaDiffers', {
        what: [...onlySource.map((t) => `SQLite: ${t}`), ...onlyTarget.map((t) => `PostgreSQL: ${t}`)].join(', '),
      })
    for (const t of sourceTables) {
      const have = sqliteColumns(source, t).sort()
      const want = targetColumns
        .get(t)!
        .map((c) => c.name)
        .sort()
      if (have.join() !== want.join())
        throw new ApiError(400, 'toPostgres.schemaDiffers', { what: `${t}: ${have.join(',')} / ${want.join(',')}` })
    }

    // Nothing may be there but what the target's migrations wrote.
    for (const t of sourceTables) {
      if (MIGRATION_ROWS.has(t)) continue
      const [{ n }] = await target.unsafe(`SELECT count(*)::int AS n FROM ${quote(t)}`)
      if (n > 0) throw new ApiError(409, 'toPostgres.notEmpty', { table: t, rows: n })
    }

    const order = await pgDependencyOrder(target, sourceTables)

    const counts = new Map<string, number>()
    for (const t of order)
      counts.set(t, source.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${quote(t)}`).get()!.n)
    const totalRows = [...counts.values()].reduce((a, b) => a + b, 0)
    let copied = 0
    opts.onProgress?.({ table: order[0] ?? '', rows: 0, totalRows })

    for (const t of order) {
      const columns = targetColumns.get(t)!
      const per = batchRows(columns.length, opts.batch ?? 500)
      const names = columns.map((c) => quote(c.name)).join(', ')
      const insertOf = (rows: number) => {
        const tuples: string[] = []
        for (let r = 0; r < rows; r++)
          tuples.push(`(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
        return `INSERT INTO ${quote(t)} (${names}) VALUES ${tuples.join(', ')}`
      }
      const select = source.prepare<Record<string, unknown>, []>(`SELECT ${names} FROM ${quote(t)}`)
      try {
        await target.begin(async (tx) => {
          // The triggers would derive rows (links, versions) that the copy brings itself.
          await tx.unsafe(`ALTER TABLE ${quote(t)} DISABLE TRIGGER USER`)
          if (MIGRATION_ROWS.has(t)) await tx.unsafe(`DELETE FROM ${quote(t)}`)
          let batch: unknown[] = []
          let rows = 0
          const flush = async () => {
            if (!rows) return
            await tx.unsafe(insertOf(rows), batch)
            copied += rows
            opts.onProgress?.({ table: t, rows: copied, totalRows })
            batch = []
            rows = 0
          }
          for (const row of select.iterate()) {
            for (const c of columns) batch.push(toPostgres(row[c.name], c))
            if (++rows === per) await flush()
          }
          await flush()
          await tx.unsafe(`ALTER TABLE ${quote(t)} ENABLE TRIGGER USER`)
        })
      } catch (e) {
        if (e instanceof ApiError) throw e
        const reason = (e as { cause?: Error }).cause?.message ?? (e as Error).message
        throw new ApiError(400, 'toPostgres.copyFailed', { table: t, reason: String(reason).slice(0, 300) })
      } finally {
        select.finalize()
      }
    }

    const sequences = await resetIdentities(target, new Set(counts.keys()))

    const tables: TableCount[] = []
    for (const t of order) {
      const [{ n }] = await target.unsafe(`SELECT count(*)::int AS n FROM ${quote(t)}`)
      const count = { table: t, source: counts.get(t)!, target: n as number }
      if (count.source !== count.target) throw new ApiError(500, 'toPostgres.countMismatch', count, true)
      tables.push(count)
    }
    return { from: opts.from, to: safeUrl(opts.to), migrated, tables, rows: totalRows, sequences }
  } finally {
    if (source.inTransaction) source.exec('COMMIT')
    source.close()
    await target.close()
  }
}
