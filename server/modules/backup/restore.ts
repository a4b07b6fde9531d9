import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import pkg from '../../../package.json' with { type: 'json' }
import { boot } from '../../boot.ts'
import { loadConfig, type Config } from '../../lib/config.ts'
import { closeDb } from '../../lib/db.ts'
import { ApiError } from '../../lib/errors.ts'
import { releaseMigrations } from '../../lib/migrations.ts'
import { now } from '../../lib/time.ts'
import { readArchive, type Manifest, type Progress } from './archive.ts'
import { stamp } from './snapshot.ts'

/** Written by main.ts while it serves, so a restore can stop the writers first. */
export const pidFile = (dataDir: string) => join(dataDir, 'atrium.pid')
/** Left in a restored data directory; the first healthy start removes the previous one it names. */
const MARKER = 'restore.json'

export interface RestoreResult {
  archive: string
  dataDir: string
  /** The data directory as it was, kept until the restored one has started healthy. */
  previous: string | null
  /** The appliance process that was stopped so nothing wrote during the swap. */
  stoppedPid: number | null
  migrated: string[]
  createdAt: string
  appVersion: string
}

const semver = (v: string) =>
  v
    .split(/[.-]/)
    .slice(0, 3)
    .map((n) => Number(n) || 0)
export function isNewerRelease(v: string, than = pkg.version): boolean {
  const [a, b] = [semver(v), semver(than)]
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i]
  return false
}

/** A backup this release can take: not from a newer release, nor with a migration this release does not know. */
export function checkRelease(m: Manifest): void {
  const known = releaseMigrations().map((x) => x.tag)
  if (isNewerRelease(m.appVersion) || (m.migration && !known.includes(m.migration)))
    throw new ApiError(409, 'backup.newer', { version: `${m.appVersion}, ${m.migration ?? '-'}` })
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Stops the appliance serving this data directory (SIGTERM: in-flight requests finish, the database closes). */
export async function stopAppliance(dataDir: string, seconds = 30): Promise<number | null> {
  const file = pidFile(dataDir)
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8').trim())
  if (!pid || pid === process.pid || !alive(pid)) return null
  process.kill(pid, 'SIGTERM')
  const deadline = Date.now() + seconds * 1000
  while (alive(pid)) {
    if (Date.now() > deadline) throw new ApiError(409, 'backup.serverBusy', { pid, seconds })
    await Bun.sleep(100)
  }
  return pid
}

/** Moves the archive's layout (db/…, files/…) into the shape of a data directory. */
function arrange(extracted: string, staging: string): void {
  const files = join(extracted, 'files')
  if (existsSync(files)) renameSync(files, staging)
  else mkdirSync(staging, { recursive: true, mode: 0o700 })
  const dbs = join(extracted, 'db')
  const move = (dir: string, rel = '') => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = join(rel, e.name)
      if (e.isDirectory()) move(dir, r)
      else {
        mkdirSync(dirname(join(staging, r)), { recursive: true, mode: 0o700 })
        renameSync(join(dir, r), join(staging, r))
      }
    }
  }
  if (existsSync(dbs)) move(dbs)
}

/** Opens the staged data directory as the appliance would: migrations, reference data, an integrity check. */
function startStaged(staging: string): string[] {
  const services = boot(loadConfig({ ...process.env, ATRIUM_DATA_DIR: staging }), { logLevel: 'silent' })
  try {
    const check = services.db.$client.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()
    if (check?.integrity_check !== 'ok')
      throw new ApiError(500, 'backup.unhealthy', { detail: check?.integrity_check ?? '?' })
    return services.migrated
  } finally {
    closeDb(services.db)
  }
}

/**
 * Restores a whole-appliance backup. Nothing of the current data directory is
 * touched until the archive has been read whole with every checksum right, its
 * release accepted, and the staged copy migrated and checked; then the writers
 * are stopped and two renames swap the directories.
 */
export async function restoreAppliance(config: Config, archive: string, onProgress?: Progress): Promise<RestoreResult> {
  const id = `${stamp()}-${process.pid}`
  const extracted = `${config.dataDir}.extract-${id}`
  const staging = `${config.dataDir}.restoring-${id}`
  try {
    const manifest = await readArchive(archive, extracted, onProgress)
    if (manifest.kind !== 'full') throw new ApiError(400, 'backup.kindFull', {}, true, 'file')
    checkRelease(manifest)
    arrange(extracted, staging)
    const migrated = startStaged(staging)
    const stoppedPid = await stopAppliance(config.dataDir)
    let previous: string | null = null
    if (existsSync(config.dataDir)) {
      previous = `${config.dataDir}.previous-${id}`
      renameSync(config.dataDir, previous)
    }
    renameSync(staging, config.dataDir)
    // Backups are not part of a snapshot; they stay with the appliance, not with the data they replaced.
    if (previous && existsSync(join(previous, 'backups')))
      renameSync(join(previous, 'backups'), join(config.dataDir, 'backups'))
    writeFileSync(join(config.dataDir, MARKER), JSON.stringify({ previous, archive, restoredAt: now() }), {
      mode: 0o600,
    })
    return {
      archive,
      dataDir: config.dataDir,
      previous,
      stoppedPid,
      migrated,
      createdAt: manifest.createdAt,
      appVersion: manifest.appVersion,
    }
  } finally {
    rmSync(extracted, { recursive: true, force: true })
    rmSync(staging, { recursive: true, force: true })
  }
}

/** Called once the appliance serves healthy: the data directory a restore replaced is no longer needed. */
export function finishRestore(dataDir: string): { previous: string | null; archive: string } | null {
  const file = join(dataDir, MARKER)
  if (!existsSync(file)) return null
  const { previous, archive } = JSON.parse(readFileSync(file, 'utf8')) as { previous: string | null; archive: string }
  if (previous) rmSync(previous, { recursive: true, force: true })
  rmSync(file, { force: true })
  return { previous, archive }
}
