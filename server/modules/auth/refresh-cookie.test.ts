/**
 * The browser's refresh token is an HttpOnly, SameSite=Strict cookie, the
 * token call's parameters travel in a form body, and captchas are bounded.
 */
import { describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { captcha } from '../../../db/schema/index.ts'
import { BASIC, testApp } from '../../../tests/support/harness.ts'
import { md5Hex } from './password.ts'

const TOKEN = '/api/blade-auth/oauth/token'

describe('refresh token cookie', async () => {
  const t = await testApp()
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.handle(
      new Request(`http://localhost${TOKEN}`, {
        method: 'POST',
        body: new URLSearchParams(form),
        headers: { authorization: BASIC, 'tenant-id': '000000', ...headers },
      }),
    )

  it('keeps the refresh token out of the answer and in an HttpOnly SameSite=Strict cookie the refresh grant reads', async () => {
    const signIn = await post(
      { grant_type: 'password', username: 'teacher', password: md5Hex('teacher'), tenantId: '000000' },
      { 'refresh-cookie': '1' },
    )
    expect(signIn.status).toBe(200)
    const body = await signIn.json()
    expect(body.access_token).toBeTruthy()
    expect(body.refresh_token).toBe('')
    const setCookie = signIn.headers.get('set-cookie')!
    expect(setCookie).toMatch(
      /^atrium-refresh=[^;]+; Path=\/api\/blade-auth\/oauth; Max-Age=\d+; HttpOnly; SameSite=Strict/,
    )
    const cookie = setCookie.split(';')[0]

    // The refresh grant takes the cookie; the cookie rotates with the token.
    const refreshed = await post({ grant_type: 'refresh_token', tenantId: '000000' }, { 'refresh-cookie': '1', cookie })
    expect(refreshed.status).toBe(200)
    expect((await refreshed.json()).access_token).toBeTruthy()
    const next = refreshed.headers.get('set-cookie')!.split(';')[0]
    expect(next).not.toBe(cookie)
    // The old cookie is spent: replaying it is refused and clears the cookie.
    const replay = await post({ grant_type: 'refresh_token', tenantId: '000000' }, { 'refresh-cookie': '1', cookie })
    expect(replay.status).toBe(401)
    expect(replay.headers.get('set-cookie')).toMatch(/^atrium-refresh=; .*Max-Age=0/)
  })

  it('clients that do not ask for the cookie still get the token in the answer (Saber-compatible, CLI)', async () => {
    const r = await post({
      grant_type: 'password',
      username: 'student',
      password: md5Hex('student'),
      tenantId: '000000',
    })
    expect((await r.json()).refresh_token).toBeTruthy()
    expect(r.headers.get('set-cookie')).toBeNull()
  })

  it('sign-out clears the cookie', async () => {
    const token = await t.token('admin')
    const r = await t.app.handle(
      new Request('http://localhost/api/blade-auth/oauth/logout', { headers: { 'blade-auth': `bearer ${token}` } }),
    )
    expect(r.headers.get('set-cookie')).toMatch(/^atrium-refresh=; .*Max-Age=0; HttpOnly/)
  })
})

describe('captcha bounds', async () => {
  const t = await testApp({ ATRIUM_CAPTCHA_IP_LIMIT: '5' })
  it('one address gets a bounded number a minute (429 + Retry-After) and each expires within two minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await t.get('/api/blade-auth/oauth/captcha')).status).toBe(200)
    const res = await t.app.handle(new Request('http://localhost/api/blade-auth/oauth/captcha'))
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    const [{ n }] = await t.services.db.select({ n: count() }).from(captcha)
    expect(n).toBe(5)
    const rows = await t.services.db.select().from(captcha)
    expect(rows.every((r) => r.expiresAt - Date.now() / 1000 <= 120)).toBe(true)
  })
})
