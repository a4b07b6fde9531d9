import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { captcha, logError, tenant, user } from '../../../db/schema/index.ts'
import { BASIC, testApp } from '../../../tests/support/harness.ts'
import { signAccess } from '../../lib/tokens.ts'
import { md5Hex } from './password.ts'
import { registerSocialProvider } from './social/provider.ts'

const TOKEN = '/api/blade-auth/oauth/token'

describe('POST /api/blade-auth/oauth/token', async () => {
  const t = await testApp()
  const grant = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.call('POST', TOKEN, {
      query: { tenantId: '000000', scope: 'all', ...query },
      headers: { authorization: BASIC, ...headers },
    })

  it('password grant answers every token field the spec lists', async () => {
    const r = await grant({ grant_type: 'password', username: 'admin', password: md5Hex('admin') })
    expect(r.status).toBe(200)
    for (const k of [
      'account',
      'user_name',
      'nick_name',
      'role_name',
      'avatar',
      'access_token',
      'refresh_token',
      'token_type',
      'expires_in',
      'license',
      'tenant_id',
      'user_id',
      'dept_id',
      'role_id',
    ])
      expect(r.body).toHaveProperty(k)
    expect(r.body).toMatchObject({
      account: 'admin',
      tenant_id: '000000',
      token_type: 'bearer',
      role_name: 'administrator',
    })
    expect(r.body.user_id).toMatch(/^\d+$/)
  })

  it('refuses a wrong client secret with error_description', async () => {
    const r = await t.call('POST', TOKEN, {
      query: { grant_type: 'password', username: 'admin', password: md5Hex('admin') },
      headers: { authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` },
    })
    expect(r.status).toBe(401)
    expect(r.body.error_description).toBeTruthy()
    expect(r.body.access_token).toBeUndefined()
  })

  it('refuses a wrong password in the caller language', async () => {
    const r = await t.call('POST', TOKEN, {
      query: { grant_type: 'password', username: 'teacher', password: md5Hex('nope') },
      headers: { authorization: BASIC },
      lang: 'en',
    })
    expect(r.status).toBe(400)
    expect(r.body.error_description).toBe('wrong account or password')
  })

  it('5 failures from one address throttle it (even against the right password) without locking; a lock holds until unlocked', async () => {
    const wrong = () => grant({ grant_type: 'password', username: 'manager', password: md5Hex('bad') })
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(400)
    const right = () => grant({ grant_type: 'password', username: 'manager', password: md5Hex('manager') })
    expect((await right()).status).toBe(429)
    const row = (await t.services.db.select().from(user).where(eq(user.account, 'manager')))[0]!
    expect(row.locked).toBe(0)
    // A lock (set by guesses from several addresses: signin-hardening.test.ts) refuses before the throttle is asked.
    await t.services.db.update(user).set({ locked: 1, lockedUntil: null }).where(eq(user.id, row.id))
    expect((await right()).status).toBe(423)
    expect(
      (await t.post('/api/blade-system/user/unlock', await t.token('admin'), undefined, { userIds: row.id })).status,
    ).toBe(200)
    expect((await t.services.db.select().from(user).where(eq(user.id, row.id)))[0]!.locked).toBe(0)
  })

  it('captcha grant checks the code once', async () => {
    const c = await t.get('/api/blade-auth/oauth/captcha')
    expect(c.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/)
    const code = (await t.services.db.select().from(captcha).where(eq(captcha.key, c.body.data.key)))[0]!.code
    const headers = { 'captcha-key': c.body.data.key, 'captcha-code': code.toUpperCase() }
    expect((await grant({ grant_type: 'captcha', username: 'admin', password: md5Hex('admin') }, headers)).status).toBe(
      200,
    )
    const again = await grant({ grant_type: 'captcha', username: 'admin', password: md5Hex('admin') }, headers)
    expect(again.status).toBe(400)
    const c2 = await t.get('/api/blade-auth/oauth/captcha')
    expect(
      (
        await grant(
          { grant_type: 'captcha', username: 'admin', password: md5Hex('admin') },
          { 'captcha-key': c2.body.data.key, 'captcha-code': 'zzzz' },
        )
      ).status,
    ).toBe(400)
  })

  it('refresh_token grant rotates: the old refresh token stops working', async () => {
    const first = await t.signIn('teacher')
    const r = await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
    expect(r.status).toBe(200)
    expect(r.body.access_token).not.toBe(first.access_token)
    expect((await t.get('/api/blade-auth/oauth/user-info', r.body.access_token)).status).toBe(200)
    expect((await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).status).toBe(401)
  })

  it('after logout neither the refresh token nor the access token works', async () => {
    const s = await t.signIn('teacher')
    expect((await t.get('/api/blade-auth/oauth/logout', s.access_token)).status).toBe(200)
    expect((await grant({ grant_type: 'refresh_token', refresh_token: s.refresh_token })).status).toBe(401)
    const me = await t.get('/api/blade-auth/oauth/user-info', s.access_token)
    expect(me.status).toBe(401)
    expect(me.body.code).toBe(401)
  })

  it('an expired or forged token answers 401', async () => {
    const s = await t.signIn('teacher')
    const claims = JSON.parse(Buffer.from(s.access_token.split('.')[1], 'base64url').toString())
    const expired = await signAccess(t.services.jwtSecret, { ...claims }, -10)
    expect((await t.get('/api/blade-auth/oauth/user-info', expired)).status).toBe(401)
    const forged = await signAccess('not-the-secret', { ...claims }, 600)
    expect((await t.get('/api/blade-auth/oauth/user-info', forged)).status).toBe(401)
  })

  it('protected routes answer 401 without a token', async () => {
    for (const path of ['/api/blade-auth/oauth/user-info', '/api/blade-system/param/list', '/api/blade-log/api/list']) {
      const r = await t.get(path)
      expect(r.status, path).toBe(401)
      expect(r.body).toMatchObject({ code: 401, success: false })
    }
  })

  it('refuses an unknown grant type and a tenant that has expired', async () => {
    expect((await grant({ grant_type: 'implicit', username: 'admin', password: md5Hex('admin') })).status).toBe(400)
    await t.services.db.update(tenant).set({ expireTime: '2000-01-01 00:00:00' }).where(eq(tenant.tenantId, '100001'))
    const r = await grant(
      { grant_type: 'password', username: 'admin', password: md5Hex('admin'), tenantId: '100001' },
      { 'tenant-id': '100001' },
    )
    expect(r.status).toBe(400)
    await t.services.db.update(tenant).set({ expireTime: null }).where(eq(tenant.tenantId, '100001'))
  })

  it('user-info answers the roles and permission codes', async () => {
    const r = await t.get('/api/blade-auth/oauth/user-info', await t.token('teacher'))
    expect(r.body.data.roles).toEqual(['teacher'])
    expect(r.body.data.permissions).toContain('desk')
    expect(r.body.data.permissions).not.toContain('system:user')
    expect(JSON.stringify(r.body)).not.toContain('argon2')
  })

  it('POST logout keeps the browser error log entries', async () => {
    const token = await t.token('student')
    const r = await t.post('/api/blade-auth/oauth/logout', token, [
      { type: 'error', url: '/wel/index', message: 'boom', stack: 'Error: boom\n at x', time: '2026-11-22 10:00:00' },
    ])
    expect(r.status).toBe(200)
    const rows = await t.services.db.select().from(logError).where(eq(logError.message, 'boom'))
    expect(rows).toHaveLength(1)
    expect(rows[0].type).toBe('web:error')
    expect((await t.post('/api/blade-auth/oauth/logout', token, [{ message: 5 }])).status).toBe(400)
  })
})

describe('captcha mode', async () => {
  const t = await testApp({ ATRIUM_CAPTCHA_MODE: 'on' })
  it('refuses the plain password grant', async () => {
    const r = await t.call('POST', TOKEN, {
      query: { grant_type: 'password', username: 'admin', password: md5Hex('admin') },
      headers: { authorization: BASIC },
    })
    expect(r.status).toBe(400)
  })
})

describe('POST /api/blade-system/user/register-guest', async () => {
  const t = await testApp()
  const register = (body: Record<string, unknown>) =>
    t.call('POST', '/api/blade-system/user/register-guest', { body, lang: 'en' })

  it('checks tenant, account, password and match in that order', async () => {
    expect((await register({ account: 'x', password: 'p' })).body).toMatchObject({
      code: 400,
      field: 'tenantId',
      msg: 'please enter the tenant number first',
    })
    expect((await register({ tenantId: '000000', password: 'p' })).body.field).toBe('account')
    expect((await register({ tenantId: '000000', account: 'x' })).body).toMatchObject({
      field: 'password',
      msg: 'please enter the password first',
    })
    expect((await register({ tenantId: '000000', account: 'x', password: 'p', password2: 'q' })).body).toMatchObject({
      field: 'password2',
      msg: 'the two passwords do not match',
    })
  })

  it('creates a pending account that signs in only once approved', async () => {
    const r = await register({
      tenantId: '000000',
      name: '新同学',
      account: 'newbie',
      password: md5Hex('pw123456'),
      password2: md5Hex('pw123456'),
    })
    expect(r.status).toBe(200)
    const pending = await t.call('POST', TOKEN, {
      query: { grant_type: 'password', username: 'newbie', password: md5Hex('pw123456') },
      headers: { authorization: BASIC },
      lang: 'en',
    })
    expect(pending.status).toBe(400)
    expect(pending.body.error_description).toMatch(/approval/)
    await t.services.db.update(user).set({ status: 1 }).where(eq(user.account, 'newbie'))
    const s = await t.signIn('newbie', 'pw123456')
    expect(s.role_name).toBe('student')
    expect((await register({ tenantId: '000000', account: 'newbie', password: 'x' })).status).toBe(409)
  })
})

describe('third-party sign-in (grant_type=social)', async () => {
  const t = await testApp()
  // A stand-in for the provider outside the machine, behind the same interface a real adapter implements.
  registerSocialProvider({
    source: 'fake',
    exchange: async (code) => {
      if (code === 'bad') throw new Error('refused')
      return { uuid: `u-${code}`, nickname: `Nick ${code}` }
    },
  })
  const social = (code: string) =>
    t.call('POST', TOKEN, {
      query: { grant_type: 'social', source: 'fake', code, state: 's', tenantId: '000000' },
      headers: { authorization: BASIC },
      lang: 'en',
    })

  it('answers an unknown identity with its oauth_id; registering with it, then approval, lets it sign in', async () => {
    const first = await social('alice')
    expect(first.status).toBe(400)
    expect(first.body.oauth_id).toMatch(/^[\w-]{40,}$/)
    expect(first.body.error_description).toMatch(/register/)
    const reg = await t.call('POST', '/api/blade-system/user/register-guest', {
      body: {
        tenantId: '000000',
        name: 'Alice',
        account: 'alice',
        password: md5Hex('pw'),
        oauthId: first.body.oauth_id,
      },
    })
    expect(reg.status).toBe(200)
    expect((await social('alice')).body.error_description).toMatch(/approval/)
    await t.services.db.update(user).set({ status: 1 }).where(eq(user.account, 'alice'))
    const ok = await social('alice')
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ account: 'alice', role_name: 'student' })
  })

  it('refuses unknown providers and codes the provider rejects', async () => {
    expect((await social('bad')).status).toBe(400)
    const r = await t.call('POST', TOKEN, {
      query: { grant_type: 'social', source: 'nope', code: 'x' },
      headers: { authorization: BASIC },
    })
    expect(r.status).toBe(400)
  })
})
