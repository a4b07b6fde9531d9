/**
 * Captcha mode is a run-time setting: the tenant parameter account.captchaMode
 * (or ATRIUM_CAPTCHA_MODE=on for every tenant), published to the sign-in page
 * by GET /api/blade-auth/oauth/login-options and enforced by the token and
 * registration endpoints the moment an administrator changes it.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { captcha, param } from '../../../db/schema/index.ts'
import { BASIC, testApp } from '../../../tests/support/harness.ts'
import { CAPTCHA_PARAM } from './login-options.ts'
import { md5Hex } from './password.ts'

const OPTIONS = '/api/blade-auth/oauth/login-options'

describe('captcha mode at run time', async () => {
  const t = await testApp({ ATRIUM_REGISTER_IP_LIMIT: '1000' })
  const db = t.services.db
  const grant = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/blade-auth/oauth/token', {
      query: { tenantId: '000000', scope: 'all', username: 'teacher', password: md5Hex('teacher'), ...query },
      headers: { authorization: BASIC, ...headers },
      lang: 'en',
    })
  /** An administrator (signed in before the switch) edits the parameter through the params screen's API. */
  let admin = ''
  const setCaptcha = async (value: string) => {
    admin ||= await t.token('admin')
    const row = (
      await db
        .select()
        .from(param)
        .where(and(eq(param.tenantId, '000000'), eq(param.paramKey, CAPTCHA_PARAM)))
    )[0]!
    const r = await t.post('/api/blade-system/param/submit', admin, { ...row, paramValue: value })
    expect(r.status).toBe(200)
  }
  const freshCaptcha = async () => {
    const key = (await t.get('/api/blade-auth/oauth/captcha')).body.data.key as string
    const code = (await db.select().from(captcha).where(eq(captcha.key, key)))[0]!.code
    return { 'captcha-key': key, 'captcha-code': code }
  }

  it('is off by default, published to anyone without signing in', async () => {
    const r = await t.get(OPTIONS)
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ captchaMode: false, registerOpen: true })
    expect((await grant({ grant_type: 'password' })).status).toBe(200)
  })

  it('switching the parameter takes effect at once: the page is told, the password grant refused, a captcha accepted', async () => {
    await setCaptcha('true')
    expect((await t.get(OPTIONS)).body.data.captchaMode).toBe(true)
    const refused = await grant({ grant_type: 'password' })
    expect(refused.status).toBe(400)
    expect(refused.body.error_description).toBeTruthy()
    expect((await grant({ grant_type: 'captcha' }, await freshCaptcha())).status).toBe(200)

    // Registration asks for one too, naming the field.
    const apply = await t.call('POST', '/api/blade-system/user/register-guest', {
      body: { tenantId: '000000', name: 'x', account: 'capt1', password: md5Hex('pw123456') },
      lang: 'en',
    })
    expect(apply.status).toBe(400)
    expect(apply.body.field).toBe('captcha')

    // Each tenant decides for itself: the demo school still signs in by password.
    expect((await t.get(OPTIONS, undefined, { tenantId: '100001' })).body.data.captchaMode).toBe(false)

    await setCaptcha('false')
    expect((await t.get(OPTIONS)).body.data.captchaMode).toBe(false)
    expect((await grant({ grant_type: 'password' })).status).toBe(200)
  })

  it('publishes whether the tenant takes staff applications', async () => {
    await db
      .update(param)
      .set({ paramValue: 'false' })
      .where(and(eq(param.tenantId, '100001'), eq(param.paramKey, 'account.registerUser')))
    expect((await t.get(OPTIONS, undefined, { tenantId: '100001' })).body.data.registerOpen).toBe(false)
    expect((await t.get(OPTIONS)).body.data.registerOpen).toBe(true)
  })
})

describe('ATRIUM_CAPTCHA_MODE=on', async () => {
  const t = await testApp({ ATRIUM_CAPTCHA_MODE: 'on' })
  it('forces captcha mode for every tenant whatever the parameter says', async () => {
    for (const tenantId of ['000000', '100001'])
      expect((await t.get(OPTIONS, undefined, { tenantId })).body.data.captchaMode).toBe(true)
  })
})
