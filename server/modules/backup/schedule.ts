import { and, inArray } from 'drizzle-orm'
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { param } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { recordUsual } from '../../lib/logs.ts'
import { PLATFORM_TENANT } from '../../lib/permissions.ts'
import { formatDateTime } from '../../lib/time.ts'
import { backupAppliance, backupName, backupsDir, type BackupSummary } from './snapshot.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { processIdentity } from '../../lib/processes.ts'
import { claimSlot, releaseSlot } from '../../lib/schedules.ts'

/** System parameters (platform tenant) that steer the nightly backup; read on every check, so a change applies that night. */
export const BACKUP_PARAMS = { time: 'backup.time', keep: 'backup.keep' } as const
const DEFAULTS = { time: '02:30', keep: 7 }

/** Every backup the appliance made, newest first, from the summaries beside the archives. */
export function listBackups(config: Services['config']): BackupSummary[] {
  const dir = backupsDir(config)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.tar.gz.json') && existsSync(join(dir, f.slice(0, -5))))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as BackupSummary)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name))
}

let newest: { dataDir: string; mtimeMs: number; checkedAt: number; last: BackupSummary | undefined } | undefined
/** How long health may answer from the last look at the backups folder (another process's backup shows this much later at most). */
const LOOK_EVERY_MS = 1000

/** This process made or removed a backup: the next health check looks at the folder again. */
export const backupsChanged = () => void (newest = undefined)

/**
 * For /api/health: when the newest whole backup was made. Health is polled
 * often, so the folder is looked at (one stat) at most once a second, and
 * re-read only when its modification time moves; this process's own backups
 * and removals call backupsChanged() and show at once.
 */
export function lastGoodBackup(
  config: Services['config'],
  at?: Date,
): { name: string; createdAt: string; ageHours: number } | null {
  const t = performance.now()
  // The folder's path is only worked out again when the data directory is another one (tests boot many).
  if (newest?.dataDir !== config.dataDir || t - newest.checkedAt >= LOOK_EVERY_MS) {
    const dir = backupsDir(config)
    const mtimeMs = statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0
    if (newest?.dataDir !== config.dataDir || newest.mtimeMs !== mtimeMs)
      newest = {
        dataDir: config.dataDir,
        mtimeMs,
        checkedAt: t,
        last: listBackups(config).find((b) => b.kind === 'full'),
      }
    else newest.checkedAt = t
  }
  const last = newest.last
  if (!last) return null
  const ageHours = ((at?.getTime() ?? Date.now()) - new Date(last.createdAt.replace(' ', 'T')).getTime()) / 3_600_000
  return { name: last.name, createdAt: last.createdAt, ageHours: Math.max(0, Math.round(ageHours * 10) / 10) }
}

export interface BackupSettings {
  /** Local time of day, HH:mm, after which the nightly backup runs. */
  time: string
  /** How many nightly backups to keep. */
  keep: number
}

export const validTime = (v: unknown): v is string => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v)
export const validKeep = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 365

export async function backupSettings(services: Pick<Services, 'db'>): Promise<BackupSettings> {
  const rows = await services.db
    .select({ key: param.paramKey, value: param.paramValue })
    .from(param)
    .where(
      and(
        tenantRows(param, PLATFORM_TENANT, { why: "the appliance's backup settings are the platform's parameters" }),

        inArray(param.paramKey, Object.values(BACKUP_PARAMS)),
      ),
    )
  const get = (k: string) => rows.find((r) => r.key === k)?.value?.trim()
  const time = get(BACKUP_PARAMS.time)
  const keep = Number(get(BACKUP_PARAMS.keep))
  return { time: validTime(time) ? time : DEFAULTS.time, keep: validKeep(keep) ? keep : DEFAULTS.keep }
}

/** Keeps the newest `keep` nightly backups; manual and pre-upgrade ones are the administrator's to delete. */
export function pruneNightly(services: Services, keep: number): string[] {
  const old = listBackups(services.config)
    .filter((b) => b.trigger === 'nightly')
    .slice(keep)
  for (const b of old) {
    rmSync(join(backupsDir(services.config), b.name), { force: true })
    rmSync(join(backupsDir(services.config), `${b.name}.json`), { force: true })
  }
  if (old.length) backupsChanged()
  return old.map((b) => b.name)
}

/**
 * Checked every few minutes by a cron schedule: once the configured time has
 * passed and today has no nightly backup yet, make one and prune. Idempotent,
 * so a restart or a missed tick only delays it; once a day across processes.
 * On PostgreSQL there is nothing for it to copy ('postgres'): the database is
 * backed up with PostgreSQL's own tools (snapshot.ts, sqliteOnly), and health
 * shows no last backup rather than an archive without the data.
 */
export async function runScheduledBackup(
  services: Services,
  at = new Date(),
): Promise<'not-due' | 'done' | 'failed' | 'postgres'> {
  if (services.config.databaseUrl) return 'postgres'
  const { time, keep } = await backupSettings(services)
  const today = formatDateTime(at).slice(0, 10)
  if (formatDateTime(at).slice(11, 16) < time) return 'not-due'
  if (listBackups(services.config).some((b) => b.trigger === 'nightly' && b.createdAt.startsWith(today)))
    return 'not-due'
  // A backup can outlast the 5-minute check: the day is taken in the database, so another process's (or a later)
  // check does not start a second one while this one writes. A failure gives the day back for the next check.
  const day = `backup.nightly.day:${today}`
  if (!(await claimSlot(services.db, day, processIdentity()))) return 'not-due'
  const name = backupName('nightly')
  try {
    const m = await backupAppliance(services.config, join(backupsDir(services.config), name), { trigger: 'nightly' })
    backupsChanged()
    const removed = pruneNightly(services, keep)
    await recordUsual(services, PLATFORM_TENANT, 'scheduled backup completed', {
      name,
      files: m.files.length,
      keep,
      removed,
    })
    return 'done'
  } catch (e) {
    services.log.error({ err: e }, 'scheduled backup failed')
    await releaseSlot(services.db, day)
    await recordUsual(services, PLATFORM_TENANT, 'scheduled backup failed', {
      name,
      error: e instanceof Error ? e.message : String(e),
    })
    return 'failed'
  }
}
