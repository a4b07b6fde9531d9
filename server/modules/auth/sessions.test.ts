/**
 * Sessions end when the account behind them changes, the live session (not
 * the token) says which roles act, refresh checks everything again, and a
 * replayed refresh token ends its session.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { dept, role, session, tenant, user } from '../../../db/schema/index.ts'
import { BASIC, testApp } from '../../../tests/support/harness.ts'
import { formatDateTime } from '../../lib/time.ts'
import { signAccess } from '../../lib/tokens.ts'
import { md5Hex } from './password.ts'

const U = '/api/blade-system/user'
const TOKEN = '/api/blade-auth/oauth/token'

describe('sessions end with account changes', async () => {
  const t = await testApp()
  const db = t.services.db
  const idOf = async (account: string, tenantId = '000000') =>
    (
      await db
        .select()
        .from(user)
        .where(and(eq(user.account, account), eq(user.tenantId, tenantId)))
    )[0]!.id
  const roleOf = async (alias: string) =>
    (
      await db
        .select()
        .from(role)
        .where(and(eq(role.roleAlias, alias), eq(role.tenantId, '000000')))
    )[0]!.id
  const deptOf = async (name: string) => (await db.select().from(dept).where(eq(dept.deptName, name)))[0]!.id
  const refresh = (token: string, tenantId = '000000') =>
    t.call('POST', TOKEN, {
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
      headers: { authorization: BASIC, 'tenant-id': tenantId, 'content-type': 'application/x-www-form-urlencoded' },
    })
  /** Both of a session's tokens are dead: the access token answers 401 and the refresh token mints nothing. */
  const ended = async (s: { access_token: string; refresh_token: string }) => {
    expect((await t.get('/api/blade-auth/oauth/user-info', s.access_token)).status).toBe(401)
    expect((await refresh(s.refresh_token)).status).toBe(401)
  }
  const fresh = async (account: string) => {
    const admin = await t.token('admin')
    await t.post(`${U}/submit`, admin, {
      account,
      realName: account,
      password: 'pass1234',
      roleId: await roleOf('teacher'),
      deptId: await deptOf('计算机系'),
    })
    return t.signIn(account, 'pass1234')
  }

  it('update-password ends every session of the account', async () => {
    const s = await t.signIn('student')
    const r = await t.post(`${U}/update-password`, s.access_token, {
      oldPassword: md5Hex('student'),
      newPassword: md5Hex('student2'),
      newPassword1: md5Hex('student2'),
    })
    expect(r.status).toBe(200)
    await ended(s)
    expect((await t.signIn('student', 'student2')).access_token).toBeTruthy()
  })

  it('an administrator resetting the password ends the user’s sessions', async () => {
    const s = await fresh('u-reset')
    expect(
      (await t.post(`${U}/reset-password`, await t.token('admin'), undefined, { userIds: await idOf('u-reset') }))
        .status,
    ).toBe(200)
    await ended(s)
  })

  it('disabling, deleting, changing roles or department end the sessions', async () => {
    const admin = await t.token('admin')
    const cases: [string, () => Promise<{ status: number }>][] = [
      ['u-status', async () => t.post(`${U}/submit`, admin, { id: await idOf('u-status'), status: 2 })],
      ['u-delete', async () => t.post(`${U}/remove`, admin, undefined, { ids: await idOf('u-delete') })],
      [
        'u-grant',
        async () =>
          t.post(`${U}/grant`, admin, undefined, { userIds: await idOf('u-grant'), roleIds: await roleOf('student') }),
      ],
      [
        'u-roles',
        async () => t.post(`${U}/update`, admin, { id: await idOf('u-roles'), roleId: await roleOf('student') }),
      ],
      [
        'u-dept',
        async () => t.post(`${U}/submit`, admin, { id: await idOf('u-dept'), deptId: await deptOf('教务处') }),
      ],
    ]
    for (const [account, change] of cases) {
      const s = await fresh(account)
      expect((await change()).status, account).toBe(200)
      await ended(s)
    }
    // Editing something else (the phone) leaves the session alone.
    const s = await fresh('u-phone')
    expect((await t.post(`${U}/submit`, admin, { id: await idOf('u-phone'), phone: '13800138001' })).status).toBe(200)
    expect((await t.get('/api/blade-auth/oauth/user-info', s.access_token)).status).toBe(200)
  })

  it('a deleted user can no longer send a message', async () => {
    const s = await fresh('u-sender')
    await t.post(`${U}/remove`, await t.token('admin'), undefined, { ids: await idOf('u-sender') })
    const r = await t.post('/api/blade-message/message/save', s.access_token, {
      type: 1,
      title: 'hi',
      receivers: await idOf('admin'),
    })
    expect(r.status).toBe(401)
  })

  it('roles come from the live session: a token re-signed with the administrator role id still acts as a student', async () => {
    const s = await t.signIn('teacher')
    const sid = (await db.select().from(session).where(eq(session.userId, s.user_id))).at(-1)!.id
    const forged = await signAccess(
      t.services.jwtSecret,
      { sub: s.user_id, tid: '000000', sid, acc: 'teacher', rid: await roleOf('administrator'), did: '', cid: 'saber' },
      3600,
    )
    expect((await t.get('/api/blade-system/tenant/page', forged)).status).toBe(403)
    expect((await t.get('/api/blade-auth/oauth/user-info', forged)).body.data.role_name).toBe('teacher')
  })
})

describe('tenant changes and refresh checks', async () => {
  const t = await testApp({ ATRIUM_SESSION_MAX_AGE: '3600' })
  const db = t.services.db
  const refresh = (token: string, tenantId = '000000') =>
    t.call('POST', TOKEN, {
      query: { grant_type: 'refresh_token', refresh_token: token },
      headers: { authorization: BASIC, 'tenant-id': tenantId },
    })

  it('disabling a tenant ends its sessions; an expiry set in the past does too', async () => {
    const platform = await t.token('admin')
    const s = await t.signIn('admin', 'admin', '100001')
    const row = (await db.select().from(tenant).where(eq(tenant.tenantId, '100001')))[0]!
    expect((await t.post('/api/blade-system/tenant/submit', platform, { id: row.id, status: 2 })).status).toBe(200)
    expect((await t.get('/api/blade-auth/oauth/user-info', s.access_token)).status).toBe(401)
    expect((await refresh(s.refresh_token, '100001')).status).toBe(401)
    await db.update(tenant).set({ status: 1 }).where(eq(tenant.id, row.id))

    const s2 = await t.signIn('admin', 'admin', '100001')
    expect(
      (await t.post('/api/blade-system/tenant/setting', platform, { ids: row.id, expireTime: '2020-01-01 00:00:00' }))
        .status,
    ).toBe(200)
    expect((await t.get('/api/blade-auth/oauth/user-info', s2.access_token)).status).toBe(401)
    await db.update(tenant).set({ expireTime: null }).where(eq(tenant.id, row.id))
  })

  it('refresh re-checks the tenant and the user: an expiry that passed by itself, a disabled user', async () => {
    const s = await t.signIn('admin', 'admin', '100001')
    await db.update(tenant).set({ expireTime: '2020-01-01 00:00:00' }).where(eq(tenant.tenantId, '100001'))
    expect((await refresh(s.refresh_token, '100001')).status).toBe(400)
    await db.update(tenant).set({ expireTime: null }).where(eq(tenant.tenantId, '100001'))

    const s2 = await t.signIn('teacher')
    await db.update(user).set({ status: 2 }).where(eq(user.id, s2.user_id))
    expect((await refresh(s2.refresh_token)).status).not.toBe(200)
    await db.update(user).set({ status: 1 }).where(eq(user.id, s2.user_id))
  })

  it('a licence that runs out by time refuses the next request of a still-valid access token, saying why', async () => {
    const s = await t.signIn('admin', 'admin', '100001')
    // Set as time passing would leave it: no write through the tenant screen, so no session was ended.
    const soon = formatDateTime(new Date(Date.now() + 60_000))
    await db.update(tenant).set({ expireTime: soon }).where(eq(tenant.tenantId, '100001'))
    expect((await t.get('/api/blade-auth/oauth/user-info', s.access_token)).status).toBe(200)
    await db
      .update(tenant)
      .set({ expireTime: formatDateTime(new Date(Date.now() - 1000)) })
      .where(eq(tenant.tenantId, '100001'))
    const late = await t.call('GET', '/api/blade-auth/oauth/user-info', { token: s.access_token, lang: 'en' })
    expect(late.status).toBe(401)
    expect(late.body.msg).toBe('the tenant has expired, contact the administrator')
    expect((await db.select().from(session).where(eq(session.userId, s.user_id))).some((r) => r.revoked === 0)).toBe(
      true,
    )
    // Renewed, the same token works again: the session was refused, not ended.
    await db.update(tenant).set({ expireTime: null }).where(eq(tenant.tenantId, '100001'))
    expect((await t.get('/api/blade-auth/oauth/user-info', s.access_token)).status).toBe(200)
  })

  it('refresh never reaches past the absolute lifetime', async () => {
    const s = await t.signIn('teacher')
    const r = await refresh(s.refresh_token)
    expect(r.status).toBe(200)
    const row = (await db.select().from(session).where(eq(session.userId, s.user_id))).at(-1)!
    expect(row.absoluteExpiresAt - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600)
    expect(row.refreshExpiresAt).toBeLessThanOrEqual(row.absoluteExpiresAt)
    await db
      .update(session)
      .set({ absoluteExpiresAt: Math.floor(Date.now() / 1000) - 1 })
      .where(eq(session.id, row.id))
    expect((await refresh(r.body.refresh_token)).status).toBe(401)
  })

  it('replaying a rotated refresh token ends the whole session', async () => {
    const s = await t.signIn('student')
    const next = await refresh(s.refresh_token)
    expect(next.status).toBe(200)
    expect((await refresh(s.refresh_token)).status).toBe(401)
    expect((await refresh(next.body.refresh_token)).status).toBe(401)
    expect((await t.get('/api/blade-auth/oauth/user-info', next.body.access_token)).status).toBe(401)
  })

  it('access tokens must be HS256 and carry exp', async () => {
    const s = await t.signIn('student')
    const sid = (await db.select().from(session).where(eq(session.userId, s.user_id))).at(-1)!.id
    const key = new TextEncoder().encode(t.services.jwtSecret)
    const claims = { sub: s.user_id, tid: '000000', sid, acc: 'student', rid: '', did: '', cid: 'saber' }
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(key)
    const noExp = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key)
    const good = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key)
    expect((await t.get('/api/blade-auth/oauth/user-info', hs512)).status).toBe(401)
    expect((await t.get('/api/blade-auth/oauth/user-info', noExp)).status).toBe(401)
    expect((await t.get('/api/blade-auth/oauth/user-info', good)).status).toBe(200)
  })
})
