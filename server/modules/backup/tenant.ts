/**
 * One tenant's data, out of one appliance and into another: its rows (every
 * table with a tenant_id, plus link rows that point only at them) and the
 * uploaded files those rows refer to. Import can give the school a new tenant
 * id and, when the rows' ids already exist on the target, new ids too.
 */
import { Database } from 'bun:sqlite'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join, normalize, sep } from 'node:path'
import pkg from '../../../package.json' with { type: 'json' }
import type { Config } from '../../lib/config.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { readArchive, writeArchive, type Progress, type Source } from './archive.ts'
import { checkRelease } from './restore.ts'
import { schemaOf, snapshotDb, stamp } from './snapshot.ts'

type Row = Record<string, unknown>

/** Per-device state that means nothing on another appliance: signed-in sessions and pending captchas. */
const TRANSIENT = new Set(['blade_session', 'blade_captcha', '__drizzle_migrations'])
const TENANT_TABLE = 'blade_tenant'

function tables(db: Database): { name: string; columns: string[] }[] {
  return db
    .query<{ name: string }, []>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .all()
    .filter((t) => !TRANSIENT.has(t.name))
    .map((t) => ({
      name: t.name,
      columns: db
        .query<{ name: string }, []>(`SELECT name FROM pragma_table_info('${t.name}')`)
        .all()
        .map((c) => c.name),
    }))
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Rows as JSON: text and numbers as they are, blobs as base64 so nothing is lost. */
const toJson = (rows: Row[]) =>
  JSON.stringify(rows, (_k, v) => (v instanceof Uint8Array ? { $b64: Buffer.from(v).toString('base64') } : v))
const fromJson = (text: string): Row[] =>
  JSON.parse(text, (_k, v) =>
    v && typeof v === 'object' && typeof v.$b64 === 'string' ? new Uint8Array(Buffer.from(v.$b64, 'base64')) : v,
  )

/** Data-directory files a row's text points at (upload links in any form: /upload/…, full URLs, bare keys). */
function referencedFiles(rows: Row[], dataDir: string, into: Set<string>): void {
  for (const row of rows)
    for (const v of Object.values(row)) {
      if (typeof v !== 'string' || !v.includes('/')) continue
      for (const token of v.match(/[\w.%-]+(?:\/[\w.%-]+)+/g) ?? []) {
        const parts = token.split('/')
        for (let i = 0; i < parts.length - 1; i++) {
          for (const rel of [parts.slice(i).join('/'), `uploads/${parts.slice(i).join('/')}`]) {
            const p = normalize(rel)
            if (p.startsWith('..') || p.startsWith(sep) || into.has(p)) continue
            const full = join(dataDir, p)
            if (existsSync(full) && statSync(full).isFile()) into.add(p)
          }
        }
      }
    }
}

/** Reads a tenant's rows from a consistent snapshot of the database. */
function tenantRows(db: Database, tenantId: string): Map<string, Row[]> {
  const out = new Map<string, Row[]>()
  const all = tables(db)
  const ids = new Set<string>()
  for (const t of all.filter((t) => t.columns.includes('tenant_id'))) {
    const rows = db.query<Row, [string]>(`SELECT * FROM ${quote(t.name)} WHERE tenant_id = ?`).all(tenantId)
    if (!rows.length) continue
    out.set(t.name, rows)
    for (const r of rows) if (r.id != null) ids.add(String(r.id))
  }
  // Link tables without a tenant column (role↔menu, message↔recipient…) come along when they point at the tenant's rows.
  for (const t of all.filter((t) => !t.columns.includes('tenant_id'))) {
    const rows = db
      .query<Row, []>(`SELECT * FROM ${quote(t.name)}`)
      .all()
      .filter((r) => Object.entries(r).some(([k, v]) => k !== 'id' && v != null && ids.has(String(v))))
    if (rows.length) out.set(t.name, rows)
  }
  return out
}

export async function exportTenant(config: Config, tenantId: string, out: string, onProgress?: Progress) {
  const work = join(dirname(out), `.tenant-${process.pid}-${Date.now()}`)
  mkdirSync(work, { recursive: true, mode: 0o700 })
  try {
    const copy = join(work, 'snapshot.db')
    snapshotDb(config.dbFile, copy)
    const db = new Database(copy, { readonly: true })
    let rows: Map<string, Row[]>
    try {
      rows = tenantRows(db, tenantId)
    } finally {
      db.close()
    }
    if (!rows.get(TENANT_TABLE)?.some((r) => r.is_deleted === 0))
      throw new ApiError(404, 'backup.tenantMissing', { tenantId })
    const files = new Set<string>()
    for (const r of rows.values()) referencedFiles(r, config.dataDir, files)
    const sources: Source[] = [
      ...[...rows].map(([name, r]) => ({ path: `rows/${name}.json`, bytes: new TextEncoder().encode(toJson(r)) })),
      ...[...files].map((rel) => ({ path: `files/${rel}`, file: join(config.dataDir, rel) })),
    ]
    const manifest = await writeArchive(
      out,
      sources,
      { kind: 'tenant', tenant: tenantId, appVersion: pkg.version, ...schemaOf(copy), createdAt: now() },
      onProgress,
    )
    return {
      file: out,
      tenantId,
      tables: Object.fromEntries([...rows].map(([n, r]) => [n, r.length])),
      files: files.size,
      manifest,
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** Replaces old ids by new ones wherever a text value is an id or a comma-joined list of ids (parents, ancestors, role lists). */
function remapValue(v: unknown, map: Map<string, string>): unknown {
  if (typeof v !== 'string' || !/^\d[\d,]*$/.test(v)) return v
  return v
    .split(',')
    .map((p) => map.get(p) ?? p)
    .join(',')
}

export interface TenantImport {
  tenantId: string
  from: string
  tables: Record<string, number>
  files: number
  remappedIds: boolean
}

/**
 * Imports a tenant export into this appliance's database, all rows in one
 * transaction (any failure imports nothing). The target tenant id must be
 * free; ids that already exist here are replaced by new ones throughout.
 */
export async function importTenant(
  config: Config,
  archive: string,
  as?: string,
  onProgress?: Progress,
): Promise<TenantImport> {
  const extracted = `${config.dataDir}.tenant-${stamp()}-${process.pid}`
  try {
    const manifest = await readArchive(archive, extracted, onProgress)
    if (manifest.kind !== 'tenant' || !manifest.tenant) throw new ApiError(400, 'backup.kindTenant', {}, true, 'file')
    checkRelease(manifest)
    const target = as ?? manifest.tenant
    if (!/^\d{6}$/.test(target)) throw badRequest('backup.tenantId', {}, 'tenant')
    const rowFiles = manifest.files.filter((f) => f.path.startsWith('rows/'))
    const data = new Map(
      rowFiles.map((f) => [f.path.slice(5, -5), fromJson(readFileSync(join(extracted, f.path), 'utf8'))]),
    )
    const db = new Database(config.dbFile)
    try {
      db.exec('PRAGMA busy_timeout = 5000')
      const present = new Map(tables(db).map((t) => [t.name, new Set(t.columns)]))
      const taken = db
        .query<{ n: number }, [string]>(
          `SELECT count(*) AS n FROM ${TENANT_TABLE} WHERE tenant_id = ? AND is_deleted = 0`,
        )
        .get(target)
      if (taken && taken.n > 0) throw new ApiError(409, 'backup.tenantExists', { tenantId: target })
      const collides = [...data].some(([name, rows]) => {
        if (!present.get(name)?.has('id')) return false
        const exists = db.query<{ n: number }, [string]>(`SELECT count(*) AS n FROM ${quote(name)} WHERE id = ?`)
        return rows.some((r) => r.id != null && (exists.get(String(r.id))?.n ?? 0) > 0)
      })
      const map = new Map<string, string>()
      if (collides)
        for (const rows of data.values())
          for (const r of rows) if (r.id != null && !map.has(String(r.id))) map.set(String(r.id), newId())
      const counts: Record<string, number> = {}
      db.exec('BEGIN IMMEDIATE')
      try {
        db.exec('PRAGMA defer_foreign_keys = ON')
        for (const [name, rows] of data) {
          const cols = present.get(name)
          if (!cols) continue
          for (const r of rows) {
            const row: Row = {}
            for (const [k, v] of Object.entries(r))
              if (cols.has(k)) row[k] = k === 'tenant_id' ? target : map.size ? remapValue(v, map) : v
            // A copied school keeps no claim on the original's web address.
            if (name === TENANT_TABLE && target !== manifest.tenant && cols.has('domain')) row.domain = null
            const keys = Object.keys(row)
            db.query(
              `INSERT INTO ${quote(name)} (${keys.map(quote).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
            ).run(...(keys.map((k) => row[k]) as never[]))
          }
          counts[name] = rows.length
        }
        db.exec('COMMIT')
      } catch (e) {
        db.exec('ROLLBACK')
        throw e
      }
      let files = 0
      for (const f of manifest.files.filter((x) => x.path.startsWith('files/'))) {
        const to = join(config.dataDir, f.path.slice(6))
        if (!existsSync(to)) {
          mkdirSync(dirname(to), { recursive: true, mode: 0o700 })
          cpSync(join(extracted, f.path), to)
        }
        files++
      }
      return { tenantId: target, from: manifest.tenant, tables: counts, files, remappedIds: map.size > 0 }
    } finally {
      db.close()
    }
  } finally {
    rmSync(extracted, { recursive: true, force: true })
  }
}
