/**
 * Anonymous registration cannot be used to fill a school's account limit,
 * flood the approval queue, skip the captcha, or take over another user's
 * third-party identity.
 */
import { describe, expect, it } from 'vitest'
import { and, count, eq, ne } from 'drizzle-orm'
import { captcha, dept, role, tenant, user } from '../../../db/schema/index.ts'
import { BASIC, testApp } from '../../../tests/support/harness.ts'
import { md5Hex } from './password.ts'
import { registerSocialProvider } from './social/provider.ts'

const REGISTER = '/api/blade-system/user/register-guest'
const form = (account: string, extra: Record<string, unknown> = {}) => ({
  tenantId: '000000',
  name: account,
  account,
  password: md5Hex('pw123456'),
  password2: md5Hex('pw123456'),
  ...extra,
})

describe('registration limits', async () => {
  const t = await testApp({ ATRIUM_REGISTER_IP_LIMIT: '1000', ATRIUM_PENDING_MAX: '4' })
  const db = t.services.db
  const register = (account: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', REGISTER, { body: form(account, extra), lang: 'en' })

  it('pending applications do not count against the account limit; approval does', async () => {
    const [{ n }] = await db
      .select({ n: count() })
      .from(user)
      .where(and(eq(user.tenantId, '000000'), eq(user.isDeleted, 0), ne(user.status, 0)))
    await db
      .update(tenant)
      .set({ accountNumber: n + 1 })
      .where(eq(tenant.tenantId, '000000'))
    for (const a of ['appl1', 'appl2', 'appl3']) expect((await register(a)).status).toBe(200)

    // The school's administrator can still add the one account its limit allows.
    const admin = await t.token('admin')
    const roleId = (
      await db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'teacher')))
    )[0]!.id
    const deptId = (
      await db
        .select()
        .from(dept)
        .where(and(eq(dept.tenantId, '000000'), eq(dept.deptName, '计算机系')))
    )[0]!.id
    const add = await t.post('/api/blade-system/user/submit', admin, {
      account: 'newteacher',
      realName: '新老师',
      roleId,
      deptId,
    })
    expect(add.status).toBe(200)

    // Now the tenant is full: approving an application is refused, naming the limit.
    const pending = (await db.select().from(user).where(eq(user.account, 'appl1')))[0]!
    const approve = await t.call('POST', '/api/blade-system/user/audit-pass', {
      token: admin,
      query: { ids: pending.id },
      lang: 'en',
    })
    expect(approve.status).toBe(400)
    expect(approve.body.msg).toMatch(/account limit/)
    expect((await db.select().from(user).where(eq(user.id, pending.id)))[0]!.status).toBe(0)
    // ...and a new application is told so at once.
    expect((await register('appl4')).body).toMatchObject({ code: 400, field: 'tenantId' })
    await db.update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, '000000'))
  })

  it('a tenant holds a bounded number of applications awaiting approval', async () => {
    expect((await register('appl5')).status).toBe(200)
    const full = await register('appl6')
    expect(full.status).toBe(400)
    expect(full.body).toMatchObject({
      field: 'tenantId',
      msg: 'too many applications are awaiting approval; please try again later',
    })
    expect((await db.select().from(user).where(eq(user.account, 'appl6')))[0]).toBeUndefined()
  })

  it('refuses a 5 MB password and a 1 MB name, naming the field', async () => {
    expect((await register('bigpw', { password: 'x'.repeat(5 << 20), password2: undefined })).body).toMatchObject({
      code: 400,
      field: 'password',
    })
    expect((await register('bigname', { name: 'x'.repeat(1 << 20) })).body).toMatchObject({ code: 400, field: 'name' })
  })
})

describe('registration per client address', async () => {
  const t = await testApp({ ATRIUM_REGISTER_IP_LIMIT: '3' })
  it('answers 429 with Retry-After past the hourly limit of one address', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call('POST', REGISTER, { body: form(`burst${i}`) })).status).toBe(200)
    const res = await t.app.handle(
      new Request(`http://localhost${REGISTER}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form('burst3')),
      }),
    )
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect((await t.services.db.select().from(user).where(eq(user.account, 'burst3')))[0]).toBeUndefined()
  })
})

describe('registration in captcha mode', async () => {
  const t = await testApp({ ATRIUM_CAPTCHA_MODE: '1' })
  it('needs a right captcha, used once', async () => {
    const none = await t.call('POST', REGISTER, { body: form('capt'), lang: 'en' })
    expect(none.body).toMatchObject({ code: 400, field: 'captcha', msg: 'please enter the captcha' })
    const { key } = (await t.get('/api/blade-auth/oauth/captcha')).body.data
    const code = (await t.services.db.select().from(captcha).where(eq(captcha.key, key)))[0]!.code
    const wrong = await t.call('POST', REGISTER, {
      body: form('capt'),
      headers: { 'captcha-key': key, 'captcha-code': 'zzzz' },
    })
    expect(wrong.body.field).toBe('captcha')
    const { key: key2 } = (await t.get('/api/blade-auth/oauth/captcha')).body.data
    const code2 = (await t.services.db.select().from(captcha).where(eq(captcha.key, key2)))[0]!.code
    expect(
      (await t.call('POST', REGISTER, { body: form('capt'), headers: { 'captcha-key': key2, 'captcha-code': code2 } }))
        .status,
    ).toBe(200)
    // The first code was spent by the wrong guess.
    expect(
      (await t.call('POST', REGISTER, { body: form('capt2'), headers: { 'captcha-key': key, 'captcha-code': code } }))
        .body.field,
    ).toBe('captcha')
  })
})

describe('linking a third-party identity at registration', async () => {
  const t = await testApp()
  registerSocialProvider({ source: 'fake2', exchange: async (code) => ({ uuid: `u-${code}`, nickname: code }) })
  const social = (code: string) =>
    t.call('POST', '/api/blade-auth/oauth/token', {
      query: { grant_type: 'social', source: 'fake2', code, state: 's', tenantId: '000000' },
      headers: { authorization: BASIC },
    })

  it('links only an unlinked identity, by the unguessable id its sign-in answered', async () => {
    const first = await social('carol')
    expect(first.body.oauth_id).toMatch(/^[\w-]{40,}$/)
    expect((await t.call('POST', REGISTER, { body: form('carol', { oauthId: first.body.oauth_id }) })).status).toBe(200)
    // The identity is now carol's: nobody else can register with it.
    const again = await t.call('POST', REGISTER, {
      body: form('mallory', { oauthId: first.body.oauth_id }),
      lang: 'en',
    })
    expect(again.body).toMatchObject({ code: 400, field: 'oauthId' })
    expect((await t.services.db.select().from(user).where(eq(user.account, 'mallory')))[0]).toBeUndefined()
    // An id nobody was answered is refused too.
    expect((await t.call('POST', REGISTER, { body: form('mallory', { oauthId: '1234567890' }) })).body.field).toBe(
      'oauthId',
    )
  })
})

describe('the pending cap under parallel registrations', async () => {
  const t = await testApp({ ATRIUM_REGISTER_IP_LIMIT: '1000', ATRIUM_PENDING_MAX: '3' })
  it('20 registrations at once against a cap of 3 leave exactly 3 applications awaiting approval', async () => {
    const pendingNow = async () =>
      (
        await t.services.db
          .select({ n: count() })
          .from(user)
          .where(and(eq(user.tenantId, '000000'), eq(user.isDeleted, 0), eq(user.status, 0)))
      )[0]!.n
    expect(await pendingNow()).toBe(0)
    const answers = await Promise.all(
      [...Array(20)].map((_, i) => t.call('POST', REGISTER, { body: form(`rush${i}`), lang: 'en' })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    // Every other one is told the queue is full, naming the tenant, as the early check says it.
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toMatchObject({
        code: 400,
        field: 'tenantId',
        msg: 'too many applications are awaiting approval; please try again later',
      })
    expect(await pendingNow()).toBe(3)
  })
})
