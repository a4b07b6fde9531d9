import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { nodeName } from '../../lib/config.ts'
import { dirname, join } from 'node:path'
import pkg from '../../../package.json' with { type: 'json' }
import { boot } from '../../boot.ts'
import { loadConfig, type Config } from '../../lib/config.ts'
import { closeDb } from '../../lib/db.ts'
import { ApiError } from '../../lib/errors.ts'
import { releaseMigrations } from '../../lib/migrations.ts'
import { now } from '../../lib/time.ts'
import { readArchive, type Manifest, type Progress } from './archive.ts'
import { sqliteOnly, stamp } from './snapshot.ts'

/**
 * Every appliance process serving a data directory writes `<data>/run/<node>.<pid>.pid` while it serves (several
 * processes may share one directory, issue #27), so a restore can stop all the writers first. The file holds the
 * process's start time as the kernel counts it, so a pid reused by some other program is never signalled.
 */
export const runDir = (dataDir: string) => join(dataDir, 'run')
/** The single pid file of releases before several processes; still honoured when found. */
const legacyPidFile = (dataDir: string) => join(dataDir, 'atrium.pid')
const safeNode = () => nodeName().replace(/[^\w.-]/g, '_')

/** The kernel's start time of `pid` (Linux /proc), or null where there is no /proc or no such process. */
function startTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces and parentheses); starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

/** Written by main.ts once it serves; removed when it stops. Answers the file. */
export function writePidFile(dataDir: string): string {
  mkdirSync(runDir(dataDir), { recursive: true, mode: 0o700 })
  const file = join(runDir(dataDir), `${safeNode()}.${process.pid}.pid`)
  writeFileSync(file, JSON.stringify({ pid: process.pid, start: startTicks(process.pid) }), { mode: 0o600 })
  return file
}
/** Left in a restored data directory; the first healthy start removes the previous one it names. */
const MARKER = 'restore.json'

export interface RestoreResult {
  archive: string
  dataDir: string
  /** The data directory as it was, kept until the restored one has started healthy. */
  previous: string | null
  /** The appliance processes of this machine that were stopped so nothing wrote during the swap. */
  stoppedPids: number[]
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

/**
 * The live appliance processes of this machine on this data directory: each pid file of this node whose process is
 * alive and, where /proc tells, is still the process that wrote it (stale files are removed), plus a legacy atrium.pid.
 */
export function appliancePids(dataDir: string): number[] {
  const pids = new Set<number>()
  const dir = runDir(dataDir)
  const mine = `${safeNode()}.`
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!name.startsWith(mine) || !name.endsWith('.pid')) continue
    const file = join(dir, name)
    let entry: { pid?: number; start?: string | null } = {}
    try {
      entry = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      /* half-written or foreign: judged stale below */
    }
    const pid = Number(entry.pid)
    const same = !!pid && alive(pid) && (entry.start == null || startTicks(pid) === entry.start)
    if (same) pids.add(pid)
    else rmSync(file, { force: true })
  }
  const legacy = legacyPidFile(dataDir)
  if (existsSync(legacy)) {
    const pid = Number(readFileSync(legacy, 'utf8').trim())
    if (pid && alive(pid)) pids.add(pid)
  }
  pids.delete(process.pid)
  return [...pids]
}

/**
 * Stops every appliance process of this machine serving this data directory (SIGTERM: in-flight requests finish,
 * the database closes) and waits for all of them.
 */
export async function stopAppliance(dataDir: string, seconds = 30): Promise<number[]> {
  const pids = appliancePids(dataDir)
  for (const pid of pids) process.kill(pid, 'SIGTERM')
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const left = pids.filter(alive)
    if (!left.length) return pids
    if (Date.now() > deadline) throw new ApiError(409, 'backup.serverBusy', { pid: left.join(', '), seconds })
    await Bun.sleep(100)
  }
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
async function startStaged(staging: string): Promise<string[]> {
  const services = await boot(loadConfig({ ...process.env, ATRIUM_DATA_DIR: staging }), { logLevel: 'silent' })
  try {
    const check = services.db.$client.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()
    if (check?.integrity_check !== 'ok')
      throw new ApiError(500, 'backup.unhealthy', { detail: check?.integrity_check ?? '?' })
    return services.migrated
  } finally {
    await closeDb(services.db)
  }
}

/**
 * Restores a whole-appliance backup. Nothing of the current data directory is
 * touched until the archive has been read whole with every checksum right, its
 * release accepted, and the staged copy migrated and checked; then the writers
 * are stopped and two renames swap the directories.
 */
export async function restoreAppliance(config: Config, archive: string, onProgress?: Progress): Promise<RestoreResult> {
  sqliteOnly(config)
  const id = `${stamp()}-${process.pid}`
  const extracted = `${config.dataDir}.extract-${id}`
  const staging = `${config.dataDir}.restoring-${id}`
  try {
    const manifest = await readArchive(archive, extracted, onProgress)
    if (manifest.kind !== 'full') throw new ApiError(400, 'backup.kindFull', {}, true, 'file')
    checkRelease(manifest)
    arrange(extracted, staging)
    const migrated = await startStaged(staging)
    const stoppedPids = await stopAppliance(config.dataDir)
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
      stoppedPids,
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
