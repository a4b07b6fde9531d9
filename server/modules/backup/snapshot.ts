import { Database } from 'bun:sqlite'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import pkg from '../../../package.json' with { type: 'json' }
import type { Config } from '../../lib/config.ts'
import { ApiError } from '../../lib/errors.ts'
import { schemaStatus } from '../../lib/migrations.ts'
import { now } from '../../lib/time.ts'
import { writeArchive, type Manifest, type Progress, type Source } from './archive.ts'

/** Where backups made by the appliance itself (back office, nightly, pre-upgrade) live. */
export const backupsDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'backups')

export type Trigger = 'manual' | 'nightly' | 'pre-upgrade'

/** What the list shows of a backup without unpacking it: the sidecar written beside each archive. */
export interface BackupSummary {
  name: string
  size: number
  kind: Manifest['kind']
  trigger: Trigger
  appVersion: string
  migration: string | null
  createdAt: string
  files: number
}

/** Files that are a live database's companions or earlier work of this module, never copied as plain files. */
const SKIP = /(\.db-wal|\.db-shm|\.db-journal|\.partial|\.pid)$/

function walk(dir: string, root: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name)
    if (e.isDirectory()) {
      if (full !== join(root, 'backups')) walk(full, root, out)
    } else if (e.isFile() && !SKIP.test(e.name)) out.push(relative(root, full))
  }
  return out
}

/**
 * Archives and restores copy the SQLite file (VACUUM INTO, bun:sqlite). An appliance on PostgreSQL
 * (ATRIUM_DATABASE_URL) has no such file: its database is backed up with PostgreSQL's own tools (pg_dump,
 * pg_restore, point-in-time recovery), and an archive of the data directory alone would hold no data while looking
 * like a backup. Refused with 409 and a message saying so, before anything is written. (One school's export and
 * import work on both engines: tenant.ts.)
 */
export function sqliteOnly(config: Pick<Config, 'databaseUrl'>): void {
  if (config.databaseUrl) throw new ApiError(409, 'backup.postgres')
}

/** A consistent copy of a live SQLite file: VACUUM INTO reads one snapshot while writers go on (WAL). */
export function snapshotDb(file: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true })
  const db = new Database(file, { readonly: true })
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    db.query('VACUUM INTO ?').run(to)
  } finally {
    db.close()
  }
}

export function schemaOf(dbFile: string): { migration: string | null; migrations: number } {
  const db = new Database(dbFile, { readonly: true })
  try {
    const s = schemaStatus(db)
    return { migration: s.current, migrations: s.applied.length }
  } finally {
    db.close()
  }
}

export const stamp = () =>
  now()
    .replace(/[-: ]/g, '')
    .replace(/^(\d{8})(\d{6})$/, '$1-$2')

/** A new archive's name in the backups folder: sorted by time, unique within the same second. */
export const backupName = (prefix: Trigger | 'backup' | 'tenant') =>
  `${prefix}-${stamp()}-${randomBytes(3).toString('hex')}.tar.gz`

/**
 * Backs the whole appliance up while it keeps serving: every SQLite file in the
 * data directory through VACUUM INTO (database, broker persistence), then every
 * other file (uploads, secrets). Databases go first: a file a saved row points
 * at was written before that row, so it is there when the files are copied.
 */
export async function backupAppliance(
  config: Config,
  out: string,
  opts: { trigger?: Trigger; onProgress?: Progress } = {},
): Promise<Manifest> {
  sqliteOnly(config)
  const work = join(backupsDir(config), `.snapshot-${process.pid}-${Date.now()}`)
  mkdirSync(work, { recursive: true, mode: 0o700 })
  try {
    const all = walk(config.dataDir, config.dataDir, [])
    const sources: Source[] = []
    for (const rel of all.filter((f) => f.endsWith('.db'))) {
      const copy = join(work, rel)
      snapshotDb(join(config.dataDir, rel), copy)
      sources.push({ path: `db/${rel}`, file: copy })
    }
    for (const rel of all.filter((f) => !f.endsWith('.db')))
      sources.push({ path: `files/${rel}`, file: join(config.dataDir, rel) })
    const manifest = await writeArchive(
      out,
      sources,
      { kind: 'full', appVersion: pkg.version, ...schemaOf(join(work, basename(config.dbFile))), createdAt: now() },
      opts.onProgress,
    )
    if (dirname(out) === backupsDir(config)) writeSummary(out, manifest, opts.trigger ?? 'manual')
    return manifest
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

export function writeSummary(archive: string, m: Manifest, trigger: Trigger): void {
  const summary: BackupSummary = {
    name: basename(archive),
    size: statSync(archive).size,
    kind: m.kind,
    trigger,
    appVersion: m.appVersion,
    migration: m.migration,
    createdAt: m.createdAt,
    files: m.files.length,
  }
  writeFileSync(`${archive}.json`, JSON.stringify(summary), { mode: 0o600 })
}
