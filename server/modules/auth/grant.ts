import { timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { client, dept, role, session, tenant, user, userOauth } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { ApiError } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { randomToken, sha256, signAccess } from '../../lib/tokens.ts'
import { verifyPassword } from './password.ts'
import { checkCaptcha } from './captcha.ts'
import { socialProvider } from './social/provider.ts'

/** A sign-in failure: answered with error_description, as the web's login expects; `extra` joins the answer. */
export class GrantError extends ApiError {
  extra: Record<string, string> = {}
}
const fail = (key: string, status: 400 | 401 | 423 = 400, extra: Record<string, string> = {}) => Object.assign(new GrantError(status, key), { extra })

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
  const row = id ? await services.db.select().from(client).where(and(eq(client.clientId, id), eq(client.isDeleted, 0), eq(client.status, 1))).get() : undefined
  if (!row || !secret || !sameSecret(row.clientSecret, secret)) throw fail('auth.badClient', 401)
  return row
}

async function checkTenant(services: Services, tenantId: string) {
  const t = await services.db.select().from(tenant).where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0))).get()
  if (!t || t.status !== 1) throw fail('auth.tenantMissing')
  if (t.expireTime && t.expireTime < now()) throw fail('auth.tenantExpired')
}

type UserRow = typeof user.$inferSelect

/** Password check with the lock: each failure counts, the fifth locks until an administrator unlocks. */
async function passwordUser(services: Services, g: GrantInput): Promise<UserRow> {
  if (!g.username || !g.password) throw fail('auth.badCredentials')
  const u = await services.db.select().from(user).where(and(eq(user.tenantId, g.tenantId), eq(user.account, g.username), eq(user.isDeleted, 0))).get()
  if (!u) throw fail('auth.badCredentials')
  if (u.locked) throw fail('auth.locked', 423)
  if (!(await verifyPassword(g.password, u.password))) {
    const failures = u.failCount + 1
    const locks = failures >= services.config.maxLoginFailures
    await services.db.update(user).set({ failCount: failures, locked: locks ? 1 : 0 }).where(eq(user.id, u.id))
    throw fail(locks ? 'auth.locked' : 'auth.badCredentials', locks ? 423 : 400)
  }
  if (u.failCount) await services.db.update(user).set({ failCount: 0 }).where(eq(user.id, u.id))
  return u
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
  const known = await db.select().from(userOauth).where(and(eq(userOauth.tenantId, g.tenantId), eq(userOauth.source, provider.source), eq(userOauth.uuid, profile.uuid))).get()
  const linked = known?.userId ? await db.select().from(user).where(and(eq(user.id, known.userId), eq(user.isDeleted, 0))).get() : undefined
  if (linked) return linked
  const oauthId = known?.id ?? newId()
  const row = { tenantId: g.tenantId, uuid: profile.uuid, source: provider.source, username: profile.username ?? null, nickname: profile.nickname ?? null, avatar: profile.avatar ?? null, email: profile.email ?? null, createTime: now() }
  if (known) await db.update(userOauth).set(row).where(eq(userOauth.id, oauthId))
  else await db.insert(userOauth).values({ id: oauthId, ...row })
  throw fail('auth.socialNoAccount', 400, { oauth_id: oauthId, nick_name: profile.nickname ?? profile.username ?? '' })
}

function usable(u: UserRow) {
  if (u.locked) throw fail('auth.locked', 423)
  if (u.status === 0) throw fail('auth.pending')
  if (u.status !== 1) throw fail('auth.disabled')
}

/** Dept-Id / Role-Id narrow the session to one of the user's own departments and roles (the switch dialog). */
const narrow = (all: string, chosen?: string) => {
  const ids = all.split(',').filter(Boolean)
  return chosen && ids.includes(chosen) ? [chosen] : ids
}

export async function grant(services: Services, clientId: string, g: GrantInput) {
  const { db, config } = services
  let u: UserRow
  let sessionId: string
  const refreshToken = randomToken()
  const refreshExpiresAt = Math.floor(Date.now() / 1000) + config.refreshTokenTtl
  if (g.grantType === 'refresh_token') {
    const s = g.refreshToken ? await db.select().from(session).where(eq(session.refreshHash, sha256(g.refreshToken))).get() : undefined
    if (!s || s.revoked || s.refreshExpiresAt < Date.now() / 1000 || s.clientId !== clientId) throw fail('auth.refreshInvalid', 401)
    const found = await db.select().from(user).where(and(eq(user.id, s.userId), eq(user.isDeleted, 0))).get()
    if (!found) throw fail('auth.refreshInvalid', 401)
    u = found
    sessionId = s.id
    // Rotation: the old refresh token stops working the moment a new one is issued.
    await db.update(session).set({ refreshHash: sha256(refreshToken), refreshExpiresAt }).where(eq(session.id, s.id))
  } else if (g.grantType === 'password' || g.grantType === 'captcha') {
    if (g.grantType === 'captcha' && !(await checkCaptcha(db, g.captchaKey, g.captchaCode))) throw fail('auth.captchaWrong')
    if (g.grantType === 'password' && config.captchaMode) throw fail('auth.passwordGrantOff')
    await checkTenant(services, g.tenantId)
    u = await passwordUser(services, g)
    sessionId = newId()
    await db.insert(session).values({ id: sessionId, userId: u.id, tenantId: u.tenantId, clientId, refreshHash: sha256(refreshToken), refreshExpiresAt, createTime: now() })
  } else if (g.grantType === 'social') {
    await checkTenant(services, g.tenantId)
    u = await socialUser(services, g)
    sessionId = newId()
    await db.insert(session).values({ id: sessionId, userId: u.id, tenantId: u.tenantId, clientId, refreshHash: sha256(refreshToken), refreshExpiresAt, createTime: now() })
  } else throw fail('auth.badGrant')
  usable(u)

  const roleIds = narrow(u.roleId, g.roleId)
  const deptIds = narrow(u.deptId, g.deptId)
  const roles = roleIds.length ? await db.select({ alias: role.roleAlias }).from(role).where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0))) : []
  const depts = deptIds.length ? await db.select({ name: dept.deptName }).from(dept).where(inArray(dept.id, deptIds)) : []
  const accessToken = await signAccess(services.jwtSecret, { sub: u.id, tid: u.tenantId, sid: sessionId, acc: u.account, rid: roleIds.join(','), did: deptIds.join(','), cid: clientId }, config.accessTokenTtl)
  return {
    tenant_id: u.tenantId, user_id: u.id, dept_id: deptIds.join(','), role_id: roleIds.join(','), oauth_id: u.oauthId ?? '',
    account: u.account, user_name: u.account, nick_name: u.name ?? u.account, real_name: u.realName ?? u.account,
    role_name: roles.map((r) => r.alias).join(','), dept_name: depts.map((d) => d.name).join(','), avatar: u.avatar ?? '',
    access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: config.accessTokenTtl,
    license: 'powered by atrium',
  }
}

/** Ends one session: its refresh token and every access token naming it stop working. */
export const revokeSession = (services: Services, sessionId: string) =>
  services.db.update(session).set({ revoked: 1 }).where(eq(session.id, sessionId))

/** Drops expired or revoked sessions; run by the daily job. */
export const pruneSessions = (services: Services) =>
  services.db.delete(session).where(sql`${session.revoked} = 1 OR ${session.refreshExpiresAt} < ${Math.floor(Date.now() / 1000)}`)
