/**
 * The token endpoint's grants (password, captcha, social, refresh_token):
 * the client and the school are checked, the account is found by the way it
 * signs in (password-user.ts, social-user.ts), and a session is opened — or,
 * for a refresh, moved on — with the access and refresh tokens answered.
 */
import { timingSafeEqual } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { client, dept, role, session, sessionSpent, tenant, user } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { newId } from '../../lib/ids.ts'
import { sessionsEnded } from '../../lib/live-sessions.ts'
import { recordUsual } from '../../lib/logs.ts'
import { changed, first } from '../../lib/rows.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { randomToken, sha256, signAccess } from '../../lib/tokens.ts'
import { checkCaptcha } from './captcha.ts'
import { captchaRequired } from './login-options.ts'
import { lockedNow, passwordUser } from './password-user.ts'
import { epoch, fail, SIGN_IN, type GrantInput, type UserRow } from './sign-in.ts'
import { socialUser } from './social-user.ts'

/** Compares digests, so the time taken says nothing about how much of the secret matched. */
const sameSecret = (a: string, b: string) => timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)))

/** Checks `Authorization: Basic base64(clientId:clientSecret)` against the client table. */
export async function checkClient(services: Services, header: string | undefined) {
  const m = /^basic\s+(.+)$/i.exec(header ?? '')
  const [id, secret] = m ? Buffer.from(m[1], 'base64').toString().split(':') : []
  const row = id
    ? await first(
        services.db
          .select()
          .from(client)
          .where(and(eq(client.clientId, id), notDeleted(client), eq(client.status, 1))),
      )
    : undefined
  if (!row || !secret || !sameSecret(row.clientSecret, secret)) throw fail('auth.badClient', 401)
  return row
}

async function checkTenant(services: Services, tenantId: string) {
  const t = await first(
    services.db
      .select()
      .from(tenant)
      .where(tenantRows(tenant, tenantId, { why: SIGN_IN })),
  )
  if (!t || t.status !== 1) throw fail('auth.tenantMissing')
  if (t.expireTime && t.expireTime < now()) throw fail('auth.tenantExpired')
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
  const s = presented ? await first(db.select().from(session).where(eq(session.refreshHash, presented))) : undefined
  if (!s) {
    const spent = presented
      ? await first(db.select().from(sessionSpent).where(eq(sessionSpent.refreshHash, presented)))
      : undefined
    if (spent) {
      const ended = await db
        .update(session)
        .set({ revoked: 1 })
        .where(and(eq(session.id, spent.sessionId), eq(session.revoked, 0)))
        .returning({ userId: session.userId, tenantId: session.tenantId })
      if (ended.length) {
        sessionsEnded({ sessionIds: [spent.sessionId] })
        await recordUsual(services, ended[0].tenantId, 'refresh token reused: session ended', {
          sessionId: spent.sessionId,
          userId: ended[0].userId,
        })
      }
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
  const u = await first(
    db
      .select()
      .from(user)
      .where(and(eq(user.id, s.userId), notDeleted(user))),
  )
  if (!u) throw fail('auth.refreshInvalid', 401)
  await checkTenant(services, u.tenantId)
  usable(u)
  // Rotation: the database decides who holds the current token. The update moves the session on only while it still
  // names the presented token, so of two concurrent uses exactly one changes the row; the other finds it spent.
  const refreshExpiresAt = Math.min(epoch() + config.refreshTokenTtl, s.absoluteExpiresAt || Number.MAX_SAFE_INTEGER)
  const moved = await withTransaction(db, async (tx) => {
    const r = await tx
      .update(session)
      .set({ refreshHash: sha256(next), refreshExpiresAt })
      .where(and(eq(session.id, s.id), eq(session.refreshHash, presented), eq(session.revoked, 0)))
    if (changed(r) !== 1) return false
    await tx
      .insert(sessionSpent)
      .values({ refreshHash: presented, sessionId: s.id, expiresAt: s.absoluteExpiresAt || refreshExpiresAt })
      .onConflictDoNothing()
    return true
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
        .where(and(inArray(role.id, roleIds), notDeleted(role)))
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
