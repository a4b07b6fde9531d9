/**
 * One tenant's data, out of one appliance and into another: its rows (every
 * table with a tenant_id, plus link rows that point only at them) and the
 * uploaded files those rows refer to. Import can give the school a new tenant
 * id and, when the rows' ids already exist on the target, new ids too.
 *
 * Either engine exports and imports the same archive (tenant-db.ts reads and
 * writes rows in one shape), so a school moves between a SQLite appliance and
 * a PostgreSQL one in both directions.
 */
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
import { stamp } from './snapshot.ts'
import { readTenantDb, writeTenantDb, type Row, type TenantSource } from './tenant-db.ts'

/**
 * Per-device state that means nothing on another appliance: signed-in sessions, pending captchas, SMS codes and
 * lost-password links (both keyed by this appliance's secret), and the lab hosts (this appliance's engines, their
 * keys sealed with its own secret); and the assistant's passages, which triggers derive from the school's sections,
 * courseware and questions as they are imported.
 */
const TRANSIENT = new Set([
  'blade_session',
  'blade_captcha',
  'blade_sms_code',
  'blade_password_reset',
  'lab_host',
  '__drizzle_migrations',
  'ai_assistant_passage',
])
const TENANT_TABLE = 'blade_tenant'
const ATTACH_TABLE = 'blade_attach'

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
async function tenantRows(db: TenantSource, tenantId: string): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>()
  const all = db.tables.filter((t) => !TRANSIENT.has(t.name))
  const ids = new Set<string>()
  for (const t of all.filter((t) => t.columns.includes('tenant_id'))) {
    const rows = await db.rows(t.name, tenantId)
    if (!rows.length) continue
    out.set(t.name, rows)
    for (const r of rows) if (r.id != null) ids.add(String(r.id))
  }
  // Link tables without a tenant column (role↔menu, message↔recipient…) come along when they point at the tenant's rows.
  for (const t of all.filter((t) => !t.columns.includes('tenant_id'))) {
    const rows = (await db.rows(t.name)).filter((r) =>
      Object.entries(r).some(([k, v]) => k !== 'id' && v != null && ids.has(String(v))),
    )
    if (rows.length) out.set(t.name, rows)
  }
  return out
}

export async function exportTenant(config: Config, tenantId: string, out: string, onProgress?: Progress) {
  const work = join(dirname(out), `.tenant-${process.pid}-${Date.now()}`)
  mkdirSync(work, { recursive: true, mode: 0o700 })
  try {
    const { rows, schema } = await readTenantDb(config, work, async (db) => ({
      rows: await tenantRows(db, tenantId),
      schema: db.schema,
    }))
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
      { kind: 'tenant', tenant: tenantId, appVersion: pkg.version, ...schema, createdAt: now() },
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

/**
 * Replaces old ids by new ones wherever a text value is an id or a comma-joined list of ids (parents, ancestors,
 * role lists). Most ids are snowflake numbers; a few carry a readable prefix (a workflow deployment's
 * `<process key>:<version>:<number>`), matched whole.
 */
function remapValue(v: unknown, map: Map<string, string>): unknown {
  if (typeof v !== 'string') return v
  const whole = map.get(v)
  if (whole !== undefined) return whole
  if (!/^\d[\d,]*$/.test(v)) return v
  return v
    .split(',')
    .map((p) => map.get(p) ?? p)
    .join(',')
}

/** A new id in the old one's shape: its trailing number replaced, so a prefixed id keeps the prefix code reads. */
const renewId = (id: string) => (/\d+$/.test(id) ? id.replace(/\d+$/, newId()) : `${id}:${newId()}`)

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
    const { counts, remapped } = await writeTenantDb(config, async (db) => {
      if (await db.tenantTaken(target)) throw new ApiError(409, 'backup.tenantExists', { tenantId: target })
      let collides = false
      for (const [name, rows] of data) {
        if (collides || !db.columns.get(name)?.has('id')) continue
        collides = await db.idsTaken(
          name,
          rows.filter((r) => r.id != null).map((r) => String(r.id)),
        )
      }
      const map = new Map<string, string>()
      if (collides)
        for (const rows of data.values())
          for (const r of rows) if (r.id != null && !map.has(String(r.id))) map.set(String(r.id), renewId(String(r.id)))
      const counts: Record<string, number> = {}
      for (const name of await db.order([...data.keys()].filter((n) => db.columns.has(n)))) {
        const cols = db.columns.get(name)!
        const rows = data.get(name)!
        for (const r of rows) {
          const row: Row = {}
          for (const [k, v] of Object.entries(r))
            if (cols.has(k)) row[k] = k === 'tenant_id' ? target : map.size ? remapValue(v, map) : v
          // A copied school keeps no claim on the original's web address.
          if (name === TENANT_TABLE && target !== manifest.tenant && cols.has('domain')) row.domain = null
          await db.insert(name, row)
        }
        counts[name] = rows.length
      }
      return { counts, remapped: map.size > 0 }
    })
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
    return { tenantId: target, from: manifest.tenant, tables: counts, files, remappedIds: remapped }
  } finally {
    rmSync(extracted, { recursive: true, force: true })
  }
}
