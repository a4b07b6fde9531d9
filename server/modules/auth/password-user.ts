/**
 * The password grant's account check: throttles, the lock and the failure
 * count, in the order explained on passwordUser.
 */
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm'
import { param, user } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { recordUsual } from '../../lib/logs.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { hit, hitsOf, refuseOver } from '../../lib/throttle.ts'
import { PASSWORD_MAX, verifyDummy, verifyPassword } from './password.ts'
import { epoch, fail, GrantError, SIGN_IN, throttled, type GrantInput, type UserRow } from './sign-in.ts'

/** Locked, and the lock has not run out. */
export const lockedNow = (u: UserRow) => u.locked === 1 && (u.lockedUntil === null || u.lockedUntil > epoch())

/** Minutes an account stays locked (tenant parameter account.lockMinutes, 30 by default; 0 = until an administrator unlocks). */
async function lockSeconds(services: Services, tenantId: string): Promise<number | null> {
  const row = await services.db
    .select({ v: param.paramValue })
    .from(param)
    .where(and(tenantRows(param, tenantId, { why: SIGN_IN }), eq(param.paramKey, 'account.lockMinutes')))
    .get()
  const minutes = row && /^\d+$/.test(row.v.trim()) ? Number(row.v) : 30
  return minutes > 0 ? minutes * 60 : null
}

/**
 * Password check with the lock and the throttles, in an order that leaks
 * nothing and cannot be raced:
 * 1. the per-address failure limit (429), then the lock (423), then the
 *    per account+address limit (429), all before any hashing;
 * 2. the attempt takes a number with one atomic `fail_count = fail_count + 1`
 *    before the hash is checked, so of many concurrent guesses only the first
 *    `maxLoginFailures` are ever verified (the rest get 429 unchecked); a
 *    locked account is refused here, without hashing;
 * 3. a failure at the limit locks (for account.lockMinutes); a success clears
 *    the count only while the account is unlocked, so no later write undoes a lock.
 * Unknown accounts are checked against a dummy hash, count toward the same
 * lock (by name) and get the same answers, so timing and messages do not tell
 * which accounts exist.
 */
export async function passwordUser(services: Services, g: GrantInput, ip: string): Promise<UserRow> {
  const { db, config } = services
  if (!g.username || !g.password || g.username.length > 64 || g.password.length > PASSWORD_MAX)
    throw fail('auth.badCredentials')
  const ipKey = `signin:ip:${ip}`,
    accountKey = `signin:account:${g.tenantId}:${g.username}:${ip}`
  try {
    refuseOver(db, ipKey, config.signinIpLimit)
  } catch (e) {
    throttled(e)
  }
  const failed = (key: string, status: 400 | 423 = 400) => {
    hit(db, ipKey, config.signinWindow)
    hit(db, accountKey, config.signinWindow)
    return fail(key, status)
  }
  const max = config.maxLoginFailures
  const lockFor = await lockSeconds(services, g.tenantId)
  const u = await db
    .select()
    .from(user)
    .where(and(tenantRows(user, g.tenantId, { why: SIGN_IN }), eq(user.account, g.username)))
    .get()
  const nameKey = `signin:unknown:${g.tenantId}:${g.username}`
  if (u ? lockedNow(u) : hitsOf(db, nameKey).hits >= max) throw failed('auth.locked', 423)
  try {
    refuseOver(db, accountKey, config.signinAccountIpLimit)
  } catch (e) {
    throttled(e)
  }
  if (!u) {
    await verifyDummy(g.password)
    const { hits } = hit(db, nameKey, lockFor ?? config.signinWindow)
    throw hits >= max ? failed('auth.locked', 423) : failed('auth.badCredentials')
  }
  let taken = db
    .update(user)
    .set({ failCount: sql`${user.failCount} + 1` })
    .where(and(eq(user.id, u.id), eq(user.locked, 0)))
    .returning({ n: user.failCount })
    .get()
  // A time-bound lock that has run out is lifted once, atomically, and this attempt counts as the first.
  taken ??= db
    .update(user)
    .set({ locked: 0, lockedUntil: null, failCount: 1 })
    .where(and(eq(user.id, u.id), eq(user.locked, 1), isNotNull(user.lockedUntil), lte(user.lockedUntil, epoch())))
    .returning({ n: user.failCount })
    .get()
  if (!taken) throw failed('auth.locked', 423)
  const lock = () => {
    const locked = db
      .update(user)
      .set({ locked: 1, lockedUntil: lockFor ? epoch() + lockFor : null })
      .where(and(eq(user.id, u.id), eq(user.locked, 0)))
      .returning({ id: user.id })
      .get()
    if (locked)
      recordUsual(services, u.tenantId, 'account locked', {
        account: u.account,
        ip,
        minutes: lockFor ? lockFor / 60 : 0,
      })
  }
  // More attempts in flight than failures allowed: refused unchecked (the account locks only on verified failures).
  if (taken.n > max) {
    db.update(user)
      .set({ failCount: sql`max(${user.failCount} - 1, 0)` })
      .where(and(eq(user.id, u.id), eq(user.locked, 0)))
      .run()
    throw Object.assign(new GrantError(429, 'error.tooMany', { retryAfter: 1 }), { extra: {} })
  }
  let right: boolean
  try {
    right = await verifyPassword(g.password, u.password)
  } catch (e) {
    db.update(user)
      .set({ failCount: sql`max(${user.failCount} - 1, 0)` })
      .where(and(eq(user.id, u.id), eq(user.locked, 0)))
      .run()
    throttled(e)
  }
  if (!right) {
    if (taken.n >= max) lock()
    throw taken.n >= max ? failed('auth.locked', 423) : failed('auth.badCredentials')
  }
  const cleared = db
    .update(user)
    .set({ failCount: 0 })
    .where(and(eq(user.id, u.id), eq(user.locked, 0)))
    .returning({ id: user.id })
    .get()
  if (!cleared) throw failed('auth.locked', 423)
  return { ...u, locked: 0 }
}
