import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as pg from 'drizzle-orm/pg-core'
import * as lite from 'drizzle-orm/sqlite-core'
import type { AreaSpec } from './spec.ts'

/** The project tree the appliance runs from: its migrations are what the generated ones follow. */
export const ROOT = join(import.meta.dirname, '../../../..')

/**
 * The generated table built with each engine's own builders, as db/schema/dialect.ts builds db/schema for that
 * engine (the process holds only one engine's schema, and a migration is wanted for both): the common columns
 * (db/schema/common.ts commonColumns), the prototypes' columns and the scoped list index. integer is bigint (mode
 * number) and real double precision on PostgreSQL, as in dialect.ts.
 */
function liteTable(s: AreaSpec) {
  const col = { text: () => lite.text(), integer: () => lite.integer(), real: () => lite.real() }
  const own = Object.fromEntries(
    s.prototypes.map((p) => [p.propertyName, p.isRequired ? col[p.propertyType]().notNull() : col[p.propertyType]()]),
  )
  return lite.sqliteTable(
    s.table,
    {
      id: lite.text().primaryKey(),
      tenantId: lite.text().notNull().default('000000'),
      status: lite.integer().notNull().default(1),
      isDeleted: lite.integer().notNull().default(0),
      remark: lite.text(),
      createUser: lite.text(),
      createDept: lite.text(),
      createTime: lite.text(),
      updateUser: lite.text(),
      updateTime: lite.text(),
      ...own,
    },
    (t) => [lite.index(`ix_${s.table}_scoped`).on(t.tenantId, t.isDeleted, t.id)],
  )
}

function pgTable(s: AreaSpec) {
  const col = {
    text: () => pg.text(),
    integer: () => pg.bigint({ mode: 'number' }),
    real: () => pg.doublePrecision(),
  }
  const own = Object.fromEntries(
    s.prototypes.map((p) => [p.propertyName, p.isRequired ? col[p.propertyType]().notNull() : col[p.propertyType]()]),
  )
  return pg.pgTable(
    s.table,
    {
      id: pg.text().primaryKey(),
      tenantId: pg.text().notNull().default('000000'),
      status: pg.bigint({ mode: 'number' }).notNull().default(1),
      isDeleted: pg.bigint({ mode: 'number' }).notNull().default(0),
      remark: pg.text(),
      createUser: pg.text(),
      createDept: pg.text(),
      createTime: pg.text(),
      updateUser: pg.text(),
      updateTime: pg.text(),
      ...own,
    },
    (t) => [pg.index(`ix_${s.table}_scoped`).on(t.tenantId, t.isDeleted, t.id)],
  )
}

interface Journal {
  version: string
  dialect: string
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[]
}

interface Snapshot {
  id: string
  prevId: string
  tables: Record<string, unknown>
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

function isJournal(v: unknown): v is Journal {
  return typeof v === 'object' && v !== null && 'entries' in v && Array.isArray(v.entries)
}
function isSnapshot(v: unknown): v is Snapshot {
  return typeof v === 'object' && v !== null && 'id' in v && 'tables' in v
}

/** The folder's journal and its latest snapshot (what drizzle-kit generate would diff against). */
function latest(dir: string) {
  const journal = readJson(join(ROOT, dir, 'meta', '_journal.json'))
  if (!isJournal(journal)) throw new Error(`${dir}/meta/_journal.json is not a drizzle-kit journal`)
  const last = journal.entries.at(-1)
  const idx = last ? last.idx + 1 : 0
  const snapshot = last && readJson(join(ROOT, dir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`))
  if (last && !isSnapshot(snapshot)) throw new Error(`${dir}: the latest snapshot cannot be read`)
  return { journal, idx, snapshot: isSnapshot(snapshot) ? snapshot : undefined }
}

/** drizzle-kit's programmatic API, loaded once on first use (it is large, and only generation needs it). */
let kit: Promise<typeof import('drizzle-kit/api')> | undefined
const drizzleKit = () => (kit ??= import('drizzle-kit/api'))

/**
 * Both engines' migrations for the generated tables, as `drizzle-kit generate --name <area>` would write them after
 * the table is added to db/schema: the SQL (CREATE TABLE and its index), the snapshot of the whole schema after it,
 * and the journal with the new entry. The SQL is diffed from an empty schema, so only the new tables are compared.
 */
export async function migrationFiles(
  specs: AreaSpec[],
  tag: string,
  when = Date.now(),
): Promise<Record<string, string>> {
  const api = await drizzleKit()
  const out: Record<string, string> = {}
  const folders = [
    {
      dir: 'db/migrations',
      build: async (prevId: string) => {
        const json = await api.generateSQLiteDrizzleJson(
          Object.fromEntries(specs.map((s) => [s.entity, liteTable(s)])),
          prevId,
          'snake_case',
        )
        return { json, sql: await api.generateSQLiteMigration({ ...json, tables: {} }, json) }
      },
    },
    {
      dir: 'db/migrations-pg',
      build: async (prevId: string) => {
        const json = await api.generateDrizzleJson(
          Object.fromEntries(specs.map((s) => [s.entity, pgTable(s)])),
          prevId,
          undefined,
          'snake_case',
        )
        return { json, sql: await api.generateMigration({ ...json, tables: {} }, json) }
      },
    },
  ]
  for (const f of folders) {
    const { journal, idx, snapshot } = latest(f.dir)
    const name = `${String(idx).padStart(4, '0')}_${tag}`
    const { json, sql } = await f.build(snapshot?.id ?? '00000000-0000-0000-0000-000000000000')
    const id = randomUUID()
    const merged = snapshot
      ? { ...snapshot, id, prevId: snapshot.id, tables: { ...snapshot.tables, ...json.tables } }
      : { ...json, id }
    out[`${f.dir}/${name}.sql`] = sql.join('--> statement-breakpoint\n')
    out[`${f.dir}/meta/${String(idx).padStart(4, '0')}_snapshot.json`] = `${JSON.stringify(merged, null, 2)}`
    const version = journal.entries.at(-1)?.version ?? (f.dir.endsWith('-pg') ? '7' : '6')
    const entries = [...journal.entries, { idx, version, when, tag: name, breakpoints: true }]
    out[`${f.dir}/meta/_journal.json`] = `${JSON.stringify({ ...journal, entries }, null, 2)}`
  }
  return out
}
