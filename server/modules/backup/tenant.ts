/**
 * One tenant's data, out of one appliance and into another: its rows (every
 * table with a tenant_id, plus link rows that point only at them) and the
 * uploaded files those rows refer to. Import can give the school a new tenant
 * id and, when the rows' ids already exist on the target, new ids too.
 */
import { Database } from 'bun:sqlite'
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import pkg from '../../../package.json' with { type: 'json' }
import type { Config } from '../../lib/config.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { validKey } from '../resource/storage/adapter.ts'
import { readArchive, writeArchive, type Progress, type Source } from './archive.ts'
import { checkRelease } from './restore.ts'
import { schemaOf, snapshotDb, sqliteOnly, stamp } from './snapshot.ts'

type Row = Record<string, unknown>

/**
 * Per-device state that means nothing on another appliance: signed-in sessions, pending captchas and SMS codes,
 * and the lab hosts (this appliance's engines, their keys sealed with its own secret).
 */
const TRANSIENT = new Set(['blade_session', 'blade_captcha', 'blade_sms_code', 'lab_host', '__drizzle_migrations'])
const TENANT_TABLE = 'blade_tenant'
const ATTACH_TABLE = 'blade_attach'

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

/**
 * The tenant's stored files: only the keys of its own live blade_attach rows
 * on the local disk, each resolved inside <data>/uploads. No other text is
 * read as a path (a student's real name can say anything), and a key that
 * leaves the uploads directory or passes through a link is skipped, so the
 * database, secrets and other schools' files never reach an export.
 */
function storedFiles(attachRows: Row[] = [], dataDir: string): string[] {
  let root: string
  try {
    root = realpathSync(join(dataDir, 'uploads'))
  } catch {
    return []
  }
  const out = new Set<string>()
  for (const r of attachRows) {
    if (r.is_deleted !== 0 || r.oss_id != null || typeof r.name !== 'string' || !validKey(r.name)) continue
    const full = join(root, r.name)
    try {
      // realpath differs from the joined path exactly when some part of it is a link.
      if (realpathSync(full) !== full || !lstatSync(full).isFile()) continue
    } catch {
      continue
    }
    out.add(`uploads/${r.name}`)
  }
  return [...out]
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
  sqliteOnly(config, 'backup.tenantPostgres')
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
    const files = storedFiles(rows.get(ATTACH_TABLE), config.dataDir)
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
      files: files.length,
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
  sqliteOnly(config, 'backup.tenantPostgres')
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
      // Only the files the imported attachment rows name land, and only under uploads: an archive cannot place a journal, secrets or anything else in the data directory.
      const named = new Set(
        (data.get(ATTACH_TABLE) ?? [])
          .map((r) => r.name)
          .filter((n): n is string => typeof n === 'string' && validKey(n)),
      )
      for (const f of manifest.files) {
        const key = f.path.startsWith('files/uploads/') ? f.path.slice('files/uploads/'.length) : ''
        if (!named.has(key)) continue
        const to = join(config.dataDir, 'uploads', key)
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
