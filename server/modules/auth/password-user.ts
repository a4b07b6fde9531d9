/**
 * The password grant's account check: throttles, the lock and the failure
 * counts, in the order explained on passwordUser.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm'
import { param, user } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { recordUsual } from '../../lib/logs.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { forget, hit, hitsOf, refuseOver, unhit } from '../../lib/throttle.ts'
import { PASSWORD_MAX, verifyDummy, verifyPassword } from './password.ts'
import { epoch, fail, GrantError, SIGN_IN, throttled, type GrantInput, type UserRow } from './sign-in.ts'

/** Locked, and the lock has not run out. */
export const lockedNow = (u: UserRow) => u.locked === 1 && (u.lockedUntil === null || u.lockedUntil > epoch())

/** Minutes an account stays locked (tenant parameter account.lockMinutes, 30 by default; 0 = until an administrator unlocks). */
async function lockSeconds(services: Services, tenantId: string): Promise<number | null> {
  const row = await first(
    services.db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(tenantRows(param, tenantId, { why: SIGN_IN }), eq(param.paramKey, 'account.lockMinutes'))),
  )
  const minutes = row && /^\d+$/.test(row.v.trim()) ? Number(row.v) : 30
  return minutes > 0 ? minutes * 60 : null
}

/** A throttle's refusal, answered like any other sign-in failure. */
const tooMany = (retryAfter: number) =>
  Object.assign(new GrantError(429, 'error.tooMany', { retryAfter }), { extra: {} })

/**
 * Password check with the throttles and the lock, in an order that leaks
 * nothing, cannot be raced, and does not let one address lock anyone out:
 * 1. the per-address failure limit (429), then the lock (423), all before any
 *    hashing;
 * 2. the attempt takes a number on its account+address key with one atomic
 *    upsert before the hash is checked: of many concurrent guesses from one
 *    address only the first `signinAccountIpLimit` (5) in the window are ever
 *    verified, the rest get 429 unchecked. That throttle, not the lock, is
 *    what stops a single address: it never locks the account;
 * 3. an address's first attempt on the account in its window also takes a
 *    number on the account-wide count (atomic too), so that count is of
 *    distinct addresses within the window (an address's window is as long as
 *    the count's, so it counts at most once in it). Past `maxLoginFailures`
 *    (5) addresses at once the attempt is refused unchecked; a failure that
 *    took the last number locks the account for account.lockMinutes (30 by
 *    default; 0 = until an administrator unlocks) — distributed guessing
 *    still locks, one address cannot;
 *    The lock is read again after the numbers are taken, so an attempt in
 *    flight when the lock (and a fresh count) started is not checked;
 * 4. a success gives its numbers back and starts the account-wide count over,
 *    only while the account is unlocked, so no later write undoes a lock.
 * Unknown accounts are checked against a dummy hash, count and lock (by name)
 * the same way and get the same answers, so timing and messages do not tell
 * which accounts exist.
 */
export async function passwordUser(services: Services, g: GrantInput, ip: string): Promise<UserRow> {
  const { db, config } = services
  if (!g.username || !g.password || g.username.length > 64 || g.password.length > PASSWORD_MAX)
    throw fail('auth.badCredentials')
  const name = `${g.tenantId}:${g.username}`
  const ipKey = `signin:ip:${ip}`,
    accountKey = `signin:account:${name}:${ip}`,
    spreadKey = `signin:spread:${name}`,
    nameKey = `signin:unknown:${name}`
  try {
    await refuseOver(db, ipKey, config.signinIpLimit)
  } catch (e) {
    throttled(e)
  }
  const max = config.maxLoginFailures
  const lockFor = await lockSeconds(services, g.tenantId)
  const u = await first(
    db
      .select()
      .from(user)
      .where(and(tenantRows(user, g.tenantId, { why: SIGN_IN }), eq(user.account, g.username))),
  )
  if (u ? lockedNow(u) : (await hitsOf(db, nameKey)).hits > 0) {
    await hit(db, ipKey, config.signinWindow)
    await hit(db, accountKey, config.signinWindow)
    throw fail('auth.locked', 423)
  }
  const mine = await hit(db, accountKey, config.signinWindow)
  if (mine.hits > config.signinAccountIpLimit) throw tooMany(mine.retryAfter)
  const spread = mine.hits === 1 ? (await hit(db, spreadKey, config.signinWindow)).hits : 0
  const giveBack = async () => {
    await unhit(db, accountKey)
    if (spread) await unhit(db, spreadKey)
  }
  // More addresses in flight than the lock allows: refused unchecked (the account locks only on verified failures).
  if (spread > max) {
    await giveBack()
    throw tooMany(1)
  }
  // Read again after the numbers were taken: a lock is set before its count starts over (lock, then forget), so an
  // attempt whose number is in the new count reads the lock here and is not checked against a locked account.
  if (await lockedLive(services, u, nameKey)) {
    await giveBack()
    throw fail('auth.locked', 423)
  }
  // A time-bound lock that has run out is lifted once, atomically; a lock set meanwhile stays.
  if (u?.locked === 1)
    await db
      .update(user)
      .set({ locked: 0, lockedUntil: null, failCount: 0 })
      .where(and(eq(user.id, u.id), eq(user.locked, 1), isNotNull(user.lockedUntil), lte(user.lockedUntil, epoch())))
  let right = false
  try {
    if (u) right = await verifyPassword(g.password, u.password)
    else await verifyDummy(g.password)
  } catch (e) {
    await giveBack()
    throttled(e)
  }
  if (!right) {
    await hit(db, ipKey, config.signinWindow)
    if (spread < max) throw fail('auth.badCredentials')
    if (u) await lock(services, u, lockFor, ip)
    else await hit(db, nameKey, lockFor ?? config.signinWindow)
    await forget(db, spreadKey)
    throw fail('auth.locked', 423)
  }
  const cleared = await first(
    db
      .update(user)
      .set({ failCount: 0 })
      .where(and(eq(user.id, u!.id), eq(user.locked, 0)))
      .returning({ id: user.id }),
  )
  if (!cleared) throw fail('auth.locked', 423)
  await unhit(db, accountKey)
  await forget(db, spreadKey)
  return { ...u!, locked: 0 }
}

/** Whether the account (or, for an unknown name, the name) is locked as of now, read afresh. */
async function lockedLive(services: Services, u: UserRow | undefined, nameKey: string): Promise<boolean> {
  if (!u) return (await hitsOf(services.db, nameKey)).hits > 0
  const now = await first(
    services.db.select({ locked: user.locked, lockedUntil: user.lockedUntil }).from(user).where(eq(user.id, u.id)),
  )
  return !!now && lockedNow({ ...u, ...now })
}

/** Locks the account (only an unlocked one: the first lock's end stands) and says so in the usual log. */
async function lock(services: Services, u: UserRow, lockFor: number | null, ip: string) {
  const locked = await first(
    services.db
      .update(user)
      .set({ locked: 1, lockedUntil: lockFor ? epoch() + lockFor : null })
      .where(and(eq(user.id, u.id), eq(user.locked, 0)))
      .returning({ id: user.id }),
  )
  if (locked)
    await recordUsual(services, u.tenantId, 'account locked', {
      account: u.account,
      ip,
      minutes: lockFor ? lockFor / 60 : 0,
    })
}
