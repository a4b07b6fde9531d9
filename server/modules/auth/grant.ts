import { timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm'
import { client, dept, param, role, session, sessionSpent, tenant, user, userOauth } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { ApiError } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import type { Tx } from '../../lib/transaction.ts'
import { randomToken, sha256, signAccess } from '../../lib/tokens.ts'
import { recordUsual } from '../../lib/logs.ts'
import { hit, hitsOf, refuseOver } from '../../lib/throttle.ts'
import { PASSWORD_MAX, verifyDummy, verifyPassword } from './password.ts'
import { checkCaptcha } from './captcha.ts'
import { socialProvider } from './social/provider.ts'
import { captchaRequired } from './login-options.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

/** Signing in happens before there is a caller whose data scope could apply. */
const SIGN_IN = 'signing in: there is no caller yet'

/** A sign-in failure: answered with error_description, as the web's login expects; `extra` joins the answer. */
export class GrantError extends ApiError {
  extra: Record<string, string> = {}
}
const fail = (key: string, status: 400 | 401 | 423 | 429 = 400, extra: Record<string, string> = {}) =>
  Object.assign(new GrantError(status, key), { extra })

export interface GrantInput {
  grantType: string
  tenantId: string
  username?: string
  password?: string
  refreshToken?: string
  captchaKey?: string
  captchaCode?: string
  deptId?: string
  roleId?: string
  source?: string
  code?: string
  state?: string
}

/** Compares digests, so the time taken says nothing about how much of the secret matched. */
const sameSecret = (a: string, b: string) => timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)))

/** Checks `Authorization: Basic base64(clientId:clientSecret)` against the client table. */
export async function checkClient(services: Services, header: string | undefined) {
  const m = /^basic\s+(.+)$/i.exec(header ?? '')
  const [id, secret] = m ? Buffer.from(m[1], 'base64').toString().split(':') : []
  const row = id
    ? await services.db
        .select()
        .from(client)
        .where(and(eq(client.clientId, id), eq(client.isDeleted, 0), eq(client.status, 1)))
        .get()
    : undefined
  if (!row || !secret || !sameSecret(row.clientSecret, secret)) throw fail('auth.badClient', 401)
  return row
}

async function checkTenant(services: Services, tenantId: string) {
  const t = await services.db
    .select()
    .from(tenant)
    .where(tenantRows(tenant, tenantId, { why: SIGN_IN }))
    .get()
  if (!t || t.status !== 1) throw fail('auth.tenantMissing')
  if (t.expireTime && t.expireTime < now()) throw fail('auth.tenantExpired')
}

type UserRow = typeof user.$inferSelect

const epoch = () => Math.floor(Date.now() / 1000)

const lockedNow = (u: UserRow) => u.locked === 1 && (u.lockedUntil === null || u.lockedUntil > epoch())

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

/** Sign-in throttles: the refusal is a 429 with Retry-After, answered like any other sign-in failure. */
function throttled(e: unknown): never {
  if (e instanceof ApiError && e.status === 429)
    throw Object.assign(new GrantError(429, 'error.tooMany', e.params), { extra: {} })
  throw e
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
async function passwordUser(services: Services, g: GrantInput, ip: string): Promise<UserRow> {
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

/**
 * Third-party sign-in: a known identity linked to an account signs in as it;
 * an unknown one is remembered and answered with its oauth_id, so the web can
 * open the registration dialog (spec: third-party registration).
 */
async function socialUser(services: Services, g: GrantInput): Promise<UserRow> {
  const provider = g.source ? socialProvider(g.source) : undefined
  if (!provider || !g.code) throw fail('auth.badGrant')
  let profile
  try {
    profile = await provider.exchange(g.code, g.state)
  } catch (e) {
    services.log.warn({ err: e, source: g.source }, 'third-party sign-in failed')
    throw fail('auth.socialFailed')
  }
  const { db } = services
  const known = await db
    .select()
    .from(userOauth)
    .where(
      and(
        tenantRows(userOauth, g.tenantId, { why: SIGN_IN }),
        eq(userOauth.source, provider.source),
        eq(userOauth.uuid, profile.uuid),
      ),
    )
    .get()
  const linked = known?.userId
    ? await db
        .select()
        .from(user)
        .where(and(eq(user.id, known.userId), eq(user.isDeleted, 0)))
        .get()
    : undefined
  if (linked) return linked
  // The id is the capability to link this identity at registration, so it cannot be guessed.
  const oauthId = known?.id ?? randomToken()
  const row = {
    tenantId: g.tenantId,
    uuid: profile.uuid,
    source: provider.source,
    username: profile.username ?? null,
    nickname: profile.nickname ?? null,
    avatar: profile.avatar ?? null,
    email: profile.email ?? null,
    createTime: now(),
  }
  if (known) await db.update(userOauth).set(row).where(eq(userOauth.id, oauthId))
  else await db.insert(userOauth).values({ id: oauthId, ...row })
  throw fail('auth.socialNoAccount', 400, { oauth_id: oauthId, nick_name: profile.nickname ?? profile.username ?? '' })
}

function usable(u: UserRow) {
  if (lockedNow(u)) throw fail('auth.locked', 423)
  if (u.status === 0) throw fail('auth.pending')
  if (u.status !== 1) throw fail('auth.disabled')
}

/** Dept-Id / Role-Id narrow the session to one of the user's own departments and roles (the switch dialog). */
const narrow = (all: string, chosen?: string) => {
  const ids = all.split(',').filter(Boolean)
  return chosen && ids.includes(chosen) ? [chosen] : ids
}

/**
 * A refresh token names its session. It is spent on use (rotation); showing a
 * spent one again means someone else holds it, so the whole session ends.
 * The user and its tenant are checked again, and no refresh reaches past the
 * session's absolute lifetime.
 */
async function refreshSession(services: Services, clientId: string, g: GrantInput, next: string) {
  const { db, config } = services
  const presented = g.refreshToken ? sha256(g.refreshToken) : ''
  const s = presented ? await db.select().from(session).where(eq(session.refreshHash, presented)).get() : undefined
  if (!s) {
    const spent = presented
      ? await db.select().from(sessionSpent).where(eq(sessionSpent.refreshHash, presented)).get()
      : undefined
    if (spent) {
      const ended = await db
        .update(session)
        .set({ revoked: 1 })
        .where(and(eq(session.id, spent.sessionId), eq(session.revoked, 0)))
        .returning({ userId: session.userId, tenantId: session.tenantId })
      if (ended.length)
        recordUsual(services, ended[0].tenantId, 'refresh token reused: session ended', {
          sessionId: spent.sessionId,
          userId: ended[0].userId,
        })
    }
    throw fail('auth.refreshInvalid', 401)
  }
  if (
    s.revoked ||
    s.refreshExpiresAt < epoch() ||
    s.clientId !== clientId ||
    (s.absoluteExpiresAt && s.absoluteExpiresAt < epoch())
  )
    throw fail('auth.refreshInvalid', 401)
  const u = await db
    .select()
    .from(user)
    .where(and(eq(user.id, s.userId), eq(user.isDeleted, 0)))
    .get()
  if (!u) throw fail('auth.refreshInvalid', 401)
  await checkTenant(services, u.tenantId)
  usable(u)
  // Rotation: only the holder of the current token moves the session on; a concurrent second use finds it spent.
  const refreshExpiresAt = Math.min(epoch() + config.refreshTokenTtl, s.absoluteExpiresAt || Number.MAX_SAFE_INTEGER)
  const moved = db.transaction((tx) => {
    const row = tx
      .update(session)
      .set({ refreshHash: sha256(next), refreshExpiresAt })
      .where(and(eq(session.id, s.id), eq(session.refreshHash, presented), eq(session.revoked, 0)))
      .returning({ id: session.id })
      .get()
    if (row)
      tx.insert(sessionSpent)
        .values({ refreshHash: presented, sessionId: s.id, expiresAt: s.absoluteExpiresAt || refreshExpiresAt })
        .onConflictDoNothing()
        .run()
    return row
  })
  if (!moved) throw fail('auth.refreshInvalid', 401)
  return { u, sessionId: s.id }
}

export async function grant(services: Services, clientId: string, g: GrantInput, ip = 'local') {
  const { db, config } = services
  let u: UserRow
  let sessionId: string | undefined
  const refreshToken = randomToken()
  if (g.grantType === 'refresh_token') {
    ;({ u, sessionId } = await refreshSession(services, clientId, g, refreshToken))
  } else if (g.grantType === 'password' || g.grantType === 'captcha') {
    if (g.grantType === 'captcha' && !(await checkCaptcha(db, g.captchaKey, g.captchaCode)))
      throw fail('auth.captchaWrong')
    if (g.grantType === 'password' && (await captchaRequired(db, config, g.tenantId)))
      throw fail('auth.passwordGrantOff')
    await checkTenant(services, g.tenantId)
    u = await passwordUser(services, g, ip)
  } else if (g.grantType === 'social') {
    await checkTenant(services, g.tenantId)
    u = await socialUser(services, g)
  } else throw fail('auth.badGrant')
  usable(u)

  const roleIds = narrow(u.roleId, g.roleId)
  const deptIds = narrow(u.deptId, g.deptId)
  if (sessionId) {
    await db
      .update(session)
      .set({ roleIds: roleIds.join(','), deptIds: deptIds.join(',') })
      .where(eq(session.id, sessionId))
  } else {
    sessionId = newId()
    const nowS = epoch()
    await db.insert(session).values({
      id: sessionId,
      userId: u.id,
      tenantId: u.tenantId,
      clientId,
      refreshHash: sha256(refreshToken),
      createTime: now(),
      roleIds: roleIds.join(','),
      deptIds: deptIds.join(','),
      absoluteExpiresAt: nowS + config.sessionMaxAge,
      refreshExpiresAt: Math.min(nowS + config.refreshTokenTtl, nowS + config.sessionMaxAge),
    })
  }
  const roles = roleIds.length
    ? await db
        .select({ alias: role.roleAlias })
        .from(role)
        .where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0)))
    : []
  const depts = deptIds.length
    ? await db.select({ name: dept.deptName }).from(dept).where(inArray(dept.id, deptIds))
    : []
  const accessToken = await signAccess(
    services.jwtSecret,
    {
      sub: u.id,
      tid: u.tenantId,
      sid: sessionId,
      acc: u.account,
      rid: roleIds.join(','),
      did: deptIds.join(','),
      cid: clientId,
    },
    config.accessTokenTtl,
  )
  return {
    tenant_id: u.tenantId,
    user_id: u.id,
    dept_id: deptIds.join(','),
    role_id: roleIds.join(','),
    oauth_id: u.oauthId ?? '',
    account: u.account,
    user_name: u.account,
    nick_name: u.name ?? u.account,
    real_name: u.realName ?? u.account,
    role_name: roles.map((r) => r.alias).join(','),
    dept_name: depts.map((d) => d.name).join(','),
    avatar: u.avatar ?? '',
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: config.accessTokenTtl,
    license: 'powered by atrium',
  }
}

/** Ends one session: its refresh token and every access token naming it stop working. */
export const revokeSession = (services: Services, sessionId: string) =>
  services.db.update(session).set({ revoked: 1 }).where(eq(session.id, sessionId))

/**
 * Ends every session of the given users (password, status, roles, department
 * changed; deleted) or of whole tenants (disabled, expired, deleted): their
 * access and refresh tokens stop working at the next request.
 */
export function endSessions(db: Services['db'] | Tx, by: { userIds?: string[]; tenantIds?: string[] }): void {
  if (by.userIds?.length)
    db.update(session)
      .set({ revoked: 1 })
      .where(and(inArray(session.userId, by.userIds), eq(session.revoked, 0)))
      .run()
  if (by.tenantIds?.length)
    db.update(session)
      .set({ revoked: 1 })
      .where(and(inArray(session.tenantId, by.tenantIds), eq(session.revoked, 0)))
      .run()
}

/** Drops expired or revoked sessions and spent refresh tokens past their time; run by the daily job. */
export const pruneSessions = (services: Services) => {
  const nowS = Math.floor(Date.now() / 1000)
  services.db.delete(sessionSpent).where(lt(sessionSpent.expiresAt, nowS)).run()
  // A revoked session is kept until its refresh lifetime ends, so a replayed token still finds it spent.
  return services.db.delete(session).where(sql`${session.refreshExpiresAt} < ${nowS}`)
}
