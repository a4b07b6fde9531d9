/**
 * Upload quotas and rates (issue #24), counted from blade_attach — the
 * database, not process memory, so every process sees the same totals. The
 * limits are platform policy: parameters of the platform tenant (000000),
 * never a school's own, with defaults sized for a school:
 * - upload.userQuotaMB (2048): a teacher's courseware videos (20 × 100 MB)
 *   fit; a student's homework and avatars are far below it;
 * - upload.tenantQuotaMB (51200), or upload.tenantQuotaMB.<tenantId> for one
 *   school: ten schools share one appliance's disk of half a terabyte or more;
 * - upload.userRateMB (500) and upload.userRateFiles (60) per minute: a
 *   teacher uploading a course over the LAN stays under them; a script
 *   filling the disk does not.
 * 0 turns a limit off.
 */
import { and, eq, gte, sql } from 'drizzle-orm'
import { attach, param, tenant, user as userTable } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { ApiError } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { formatDateTime } from '../../lib/time.ts'
import { lockRows } from '../../lib/row-lock.ts'
import type { Tx } from '../../lib/transaction.ts'
import type { DbOrTx } from '../../lib/unique.ts'

defineMessages({
  'upload.userQuota': {
    zh: '个人上传空间已满：已用 {used}，上限 {quota}。请删除不再需要的文件，或联系管理员',
    en: 'your upload space is full: {used} used of {quota}. Remove files you no longer need or ask an administrator',
  },
  'upload.tenantQuota': {
    zh: '学校的上传空间已满：已用 {used}，上限 {quota}。请联系平台管理员',
    en: "your school's upload space is full: {used} used of {quota}. Ask the platform administrator",
  },
  'upload.rate': {
    zh: '上传过于频繁（每分钟最多 {files} 个文件、共 {size}），请 {retryAfter} 秒后再试',
    en: 'too many uploads (at most {files} files or {size} a minute); try again in {retryAfter} seconds',
  },
})

const MB = 1024 * 1024
const WINDOW = 60
const SCHOOL_SLACK = 2048 * MB
const PLATFORM = '000000'
const WHY = 'upload quotas count every file of the school, whoever may see it'

export interface UploadLimits {
  userBytes: number
  tenantBytes: number
  rateBytes: number
  rateFiles: number
}

export const DEFAULT_LIMITS = { userQuotaMB: 2048, tenantQuotaMB: 51200, userRateMB: 500, userRateFiles: 60 }

export const human = (n: number) => (n >= 1024 * MB ? `${(n / 1024 / MB).toFixed(1)} GB` : `${(n / MB).toFixed(1)} MB`)

/** The platform's limits for one school's uploads; 0 = no limit. */
export async function uploadLimits(db: Db, tenantId: string): Promise<UploadLimits> {
  const rows = await db
    .select({ k: param.paramKey, v: param.paramValue })
    .from(param)
    .where(
      and(
        tenantRows(param, PLATFORM, { why: 'upload limits are platform policy' }),
        sql`${param.paramKey} like 'upload.%'`,
      ),
    )
  const values = new Map(rows.filter((r) => /^\d+$/.test(r.v.trim())).map((r) => [r.k, Number(r.v)]))
  const get = (key: keyof typeof DEFAULT_LIMITS) => values.get(`upload.${key}`) ?? DEFAULT_LIMITS[key]
  return {
    userBytes: get('userQuotaMB') * MB,
    tenantBytes: (values.get(`upload.tenantQuotaMB.${tenantId}`) ?? get('tenantQuotaMB')) * MB,
    rateBytes: get('userRateMB') * MB,
    rateFiles: get('userRateFiles'),
  }
}

/** What the uploader and the school hold now, and what the uploader sent in the last minute (removed files too). */
async function usage(db: DbOrTx, tenantId: string, userId: string, countSchool: boolean) {
  const since = formatDateTime(new Date(Date.now() - WINDOW * 1000))
  // Numbers on both engines: PostgreSQL answers sum() as numeric and count(*) as bigint, both as strings.
  const total = sql<number>`coalesce(sum(${attach.attachSize}), 0)`.mapWith(Number)
  const [user] = await db
    .select({ bytes: total })
    .from(attach)
    .where(and(tenantRows(attach, tenantId, { why: WHY }), eq(attach.createUser, userId)))
  const [school] = countSchool
    ? await db
        .select({ bytes: total })
        .from(attach)
        .where(tenantRows(attach, tenantId, { why: WHY }))
    : [{ bytes: 0 }]
  const [recent] = await db
    .select({
      bytes: total,
      files: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<string | null>`min(${attach.createTime})`,
    })
    .from(attach)
    .where(
      and(
        tenantRows(attach, tenantId, { why: WHY, withDeleted: true }),
        eq(attach.createUser, userId),
        gte(attach.createTime, since),
      ),
    )
  return { user: user.bytes, school: school.bytes, recent }
}

const countsSchool = (limits: UploadLimits, size: number, schoolLeftBefore: number) =>
  limits.tenantBytes > 0 && schoolLeftBefore - size < SCHOOL_SLACK

const full = (key: 'upload.userQuota' | 'upload.tenantQuota', used: number, quota: number) =>
  new ApiError(413, key, { used: human(used), quota: human(quota) }, true, 'files')

/**
 * Refuses one more upload of `size` bytes (0 = before anything is received)
 * that would pass a quota (413) or the per-minute rate (429, Retry-After
 * until the oldest counted upload leaves the window). Run again inside the
 * transaction that records the file, so concurrent uploads cannot both pass.
 * Answers the bytes still free and the 413 for a body that passes them.
 */
export async function checkRoom(
  db: DbOrTx,
  ctx: Ctx,
  limits: UploadLimits,
  size: number,
  schoolLeftBefore = 0,
): Promise<{ left: number; schoolLeft: number; full: () => ApiError }> {
  // A school's total reads every entry of its files; when the first check found room to spare, the recording
  // transaction (which holds the write lock) skips it: only more than SCHOOL_SLACK of uploads finishing in between
  // could pass the quota.
  const countSchool = countsSchool(limits, size, schoolLeftBefore)
  const u = await usage(db, ctx.actor.tenantId, ctx.actor.userId, countSchool)
  const userLeft = limits.userBytes > 0 ? limits.userBytes - u.user : Infinity
  const schoolLeft = countSchool ? limits.tenantBytes - u.school : Infinity
  const mine = () => full('upload.userQuota', u.user, limits.userBytes)
  const school = () => full('upload.tenantQuota', u.school, limits.tenantBytes)
  if (userLeft < Math.max(size, 1)) throw mine()
  if (schoolLeft < Math.max(size, 1)) throw school()
  const rateFull = limits.rateFiles > 0 && u.recent.files + 1 > limits.rateFiles
  const rateBytesFull = limits.rateBytes > 0 && u.recent.bytes + Math.max(size, 1) > limits.rateBytes
  if (rateFull || rateBytesFull) {
    const oldest = u.recent.oldest ? new Date(u.recent.oldest.replace(' ', 'T')).getTime() : Date.now()
    const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW * 1000 - Date.now()) / 1000))
    throw new ApiError(429, 'upload.rate', { files: limits.rateFiles, size: human(limits.rateBytes), retryAfter })
  }
  return { left: Math.min(userLeft, schoolLeft), schoolLeft, full: userLeft <= schoolLeft ? mine : school }
}

/**
 * checkRoom inside the transaction that records the file, after taking the rows its counts belong to: the
 * uploader's (their quota and rate) and, when the school's total is counted, the school's (taken first, so two
 * uploads lock in the same order). Parallel uploads then check one after another, each counting the files the
 * others recorded, on PostgreSQL as on SQLite (row-lock.ts).
 */
export async function checkRoomLocked(
  tx: Tx,
  ctx: Ctx,
  limits: UploadLimits,
  size: number,
  schoolLeftBefore: number,
): ReturnType<typeof checkRoom> {
  if (countsSchool(limits, size, schoolLeftBefore))
    await lockRows(tx, tenant, tenantRows(tenant, ctx.actor.tenantId, { why: WHY }))
  await lockRows(tx, userTable, eq(userTable.id, ctx.actor.userId))
  return checkRoom(tx, ctx, limits, size, schoolLeftBefore)
}
