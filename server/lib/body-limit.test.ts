/**
 * Intake limits: bodies are refused by their declared size before they are
 * read, a body of unknown length only where the route streams it, every
 * text field has a maximum length named in its 400, and odd inputs that used
 * to reach a 500 are 400s.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { user } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { first } from './rows.ts'

describe('request body limits (real server)', async () => {
  const t = await testApp()
  const server = t.app.listen({ port: 0, hostname: '127.0.0.1' })
  afterAll(() => server.stop())
  const url = (path: string) => `http://127.0.0.1:${server.server!.port}${path}`

  it('answers 413 to a JSON body past 5 MB and to an anonymous sign-in or registration past 16 KB', async () => {
    const admin = await t.token('admin')
    const big = await fetch(url('/api/blade-system/user/submit'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${admin}`, 'accept-language': 'en' },
      body: JSON.stringify({ account: 'huge', remark: 'x'.repeat(6 << 20) }),
    })
    expect(big.status).toBe(413)
    expect((await big.json()).msg).toBe('the request body is too large (at most 5 MB)')
    expect(await first(t.services.db.select().from(user).where(eq(user.account, 'huge')))).toBeUndefined()

    const register = await fetch(url('/api/blade-system/user/register-guest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: '000000', account: 'a', password: 'x'.repeat(20_000) }),
    })
    expect(register.status).toBe(413)
    const token = await fetch(url('/api/blade-auth/oauth/token'), {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin', password: 'x'.repeat(20_000) }),
    })
    expect(token.status).toBe(413)
  })

  it('refuses a body of undeclared length (chunked) with 411 on routes that parse it whole', async () => {
    const chunks = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"tenantId":"000000"}'))
        c.close()
      },
    })
    const r = await fetch(url('/api/blade-system/user/register-guest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(r.status).toBe(411)
  })
})

describe('field lengths and odd inputs', async () => {
  const t = await testApp()

  it('a 1 MB name is a 400 naming the field, with its maximum', async () => {
    const admin = await t.token('admin')
    const r = await t.call('POST', '/api/blade-system/user/submit', {
      token: admin,
      body: {
        id: (await first(t.services.db.select().from(user).where(eq(user.account, 'teacher'))))!.id,
        name: 'x'.repeat(1 << 20),
      },
      lang: 'en',
    })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ field: 'name' })
    expect(r.body.msg).toMatch(/^field name is too long \(at most \d+ characters\)$/)
    const param = await t.call('POST', '/api/blade-system/param/submit', {
      token: admin,
      body: { paramName: 'n', paramKey: 'k'.repeat(600), paramValue: 'v' },
      lang: 'en',
    })
    expect(param.body).toMatchObject({ code: 400, field: 'paramKey' })
  })

  it('a page number past any list and a number as the old password are 400s, not 500s', async () => {
    const admin = await t.token('admin')
    const page = await t.get('/api/blade-system/user/page', admin, { current: '99999999999999999999' })
    expect(page.body).toMatchObject({ code: 400, field: 'current' })
    const pw = await t.call('POST', '/api/blade-system/user/update-password', {
      token: admin,
      body: { oldPassword: 12345, newPassword: 'a', newPassword1: 'a' },
    })
    expect(pw.body).toMatchObject({ code: 400, field: 'oldPassword' })
    const long = await t.call('POST', '/api/blade-system/user/update-password', {
      token: admin,
      body: { oldPassword: 'x'.repeat(5000), newPassword: 'a', newPassword1: 'a' },
    })
    expect(long.body).toMatchObject({ code: 400, field: 'oldPassword' })
    const info = await t.call('POST', '/api/blade-system/user/update-info', {
      token: admin,
      body: { realName: 'x'.repeat(100_000) },
    })
    expect(info.body).toMatchObject({ code: 400, field: 'realName' })
  })
})
