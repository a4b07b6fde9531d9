/**
 * Sign-in under attack: concurrent guesses, throttles per address and per
 * account+address, a lock that only guesses from several addresses set and
 * that ends by itself, unknown accounts that look like known ones, and
 * hashing that never stalls other requests.
 */
import { afterAll, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { param, user } from '../../../db/schema/index.ts'
import { BASIC, testApp } from '../../../tests/support/harness.ts'
import { md5Hex } from './password.ts'

const TOKEN = '/api/blade-auth/oauth/token'
const form = (account: string, password: string) =>
  new URLSearchParams({ grant_type: 'password', username: account, password: md5Hex(password), tenantId: '000000' })

/** A real listening server: the client address comes from the socket, X-Forwarded-For only through a trusted proxy. */
async function served(env: Record<string, string>) {
  const t = await testApp(env)
  const server = t.app.listen({ port: 0, hostname: '127.0.0.1' })
  afterAll(() => server.stop())
  const base = () => `http://127.0.0.1:${server.server!.port}`
  const signIn = (account: string, password: string, from?: string, lang?: 'en') =>
    fetch(`${base()}${TOKEN}`, {
      method: 'POST',
      body: form(account, password),
      headers: {
        authorization: BASIC,
        'tenant-id': '000000',
        ...(from ? { 'x-forwarded-for': from } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
      },
    })
  return { t, signIn }
}

describe('lockout under concurrent guesses', async () => {
  // The per-address limit out of the way: this is about the account+address throttle and the account lock.
  const { t, signIn } = await served({ ATRIUM_TRUSTED_PROXIES: '127.0.0.1', ATRIUM_SIGNIN_IP_LIMIT: '100000' })
  const status = async (r: Promise<Response>) => (await r).status
  const from = (i: number) => `203.0.113.${i}`

  it('50 parallel wrong passwords from 50 addresses check at most 5 and lock the account; the right one then gets 423', async () => {
    const verify = vi.spyOn(Bun.password, 'verify')
    const answers = await Promise.all([...Array(50)].map((_, i) => status(signIn('teacher', 'wrong', from(i)))))
    const checked = verify.mock.calls.length
    verify.mockRestore()
    expect(checked).toBeLessThanOrEqual(5)
    expect(answers.filter((a) => a === 400).length).toBeLessThanOrEqual(4)
    expect(answers.every((a) => [400, 423, 429].includes(a))).toBe(true)
    const row = (await t.services.db.select().from(user).where(eq(user.account, 'teacher')))[0]!
    expect(row.locked).toBe(1)
    expect((await signIn('teacher', 'teacher', from(99))).status).toBe(423)
  })

  it('the lock is time-bound: 30 minutes by default, a parameter changes it, and it lifts by itself', async () => {
    const row = (await t.services.db.select().from(user).where(eq(user.account, 'teacher')))[0]!
    const left = row.lockedUntil! - Math.floor(Date.now() / 1000)
    expect(left).toBeGreaterThan(29 * 60)
    expect(left).toBeLessThanOrEqual(30 * 60)
    await t.services.db
      .update(user)
      .set({ lockedUntil: Math.floor(Date.now() / 1000) - 1 })
      .where(eq(user.id, row.id))
    expect((await signIn('teacher', 'teacher', from(100))).status).toBe(200)

    await t.services.db
      .update(param)
      .set({ paramValue: '2' })
      .where(and(eq(param.tenantId, '000000'), eq(param.paramKey, 'account.lockMinutes')))
    // Five addresses, one wrong guess each: the fifth locks.
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await signIn('teacher', 'wrong', from(110 + i))).status)
    expect(answers).toEqual([400, 400, 400, 400, 423])
    const locked = (await t.services.db.select().from(user).where(eq(user.id, row.id)))[0]!
    expect(locked.lockedUntil! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(120)
  })

  it('one address cannot lock an account: its guesses, at once or one by one, are throttled and the victim signs in elsewhere', async () => {
    const verify = vi.spyOn(Bun.password, 'verify')
    const burst = await Promise.all([...Array(30)].map(() => status(signIn('student', 'wrong', '198.51.100.50'))))
    const checked = verify.mock.calls.length
    verify.mockRestore()
    expect(checked).toBeLessThanOrEqual(5)
    expect(burst.filter((a) => a === 400).length).toBeLessThanOrEqual(5)
    expect(burst.filter((a) => a === 429).length).toBeGreaterThanOrEqual(25)
    // Sequential guesses from another single address: five wrong answers, then 429 (even with the right password).
    const answers = []
    for (let i = 0; i < 6; i++) answers.push((await signIn('student', 'wrong', '198.51.100.51')).status)
    expect(answers).toEqual([400, 400, 400, 400, 400, 429])
    const refused = await signIn('student', 'student', '198.51.100.51')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await t.services.db.select().from(user).where(eq(user.account, 'student')))[0]!.locked).toBe(0)
    expect((await signIn('student', 'student', '198.51.100.52')).status).toBe(200)
  })

  it('an unknown account is checked against a dummy hash, answers the same message and locks by name like a real one', async () => {
    const verify = vi.spyOn(Bun.password, 'verify')
    const unknown = await signIn('nobody-here', 'x', from(120), 'en')
    expect(verify).toHaveBeenCalledTimes(1)
    verify.mockRestore()
    const known = await signIn('admin', 'x', from(120), 'en')
    expect(unknown.status).toBe(known.status)
    expect((await unknown.json()).error_description).toBe((await known.json()).error_description)
    // From one address: throttled like a real account, never locked.
    const one = []
    for (let i = 0; i < 6; i++) one.push((await signIn('ghost', 'x', from(121))).status)
    expect(one).toEqual([400, 400, 400, 400, 400, 429])
    // From five addresses (the first counted already): the fifth locks the name, as it would a real account.
    const many = []
    for (let i = 0; i < 4; i++) many.push((await signIn('ghost', 'x', from(122 + i))).status)
    expect(many).toEqual([400, 400, 400, 423])
    expect((await signIn('ghost', 'x', from(130))).status).toBe(423)
  })
})

describe('hashing under a storm of sign-ins', async () => {
  const t = await testApp({ ATRIUM_SIGNIN_IP_LIMIT: '100000', ATRIUM_SIGNIN_ACCOUNT_IP_LIMIT: '100000' })
  const signInAs = (account: string, password: string) =>
    t.call('POST', TOKEN, {
      body: form(account, password).toString(),
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', 'tenant-id': '000000' },
    })

  it('password hashing leaves the event loop free: health answers while a storm of sign-ins is still hashing', async () => {
    let pending = 12
    const storm = [...Array(12)].map((_, i) => signInAs(`storm${i}`, 'x').finally(() => pending--))
    const health = await t.get('/api/health')
    expect(health.status).toBe(200)
    expect(pending).toBeGreaterThan(4)
    await Promise.all(storm)
  })
})

describe('sign-in throttles behind a trusted proxy', async () => {
  // The default is 20 failures per address per 15 minutes; 6 keeps the test short.
  const { signIn } = await served({ ATRIUM_TRUSTED_PROXIES: '127.0.0.1', ATRIUM_SIGNIN_IP_LIMIT: '6' })

  it('the failure limit per address answers 429 with Retry-After; another address is unaffected', async () => {
    for (let i = 0; i < 6; i++) expect((await signIn(`nobody${i}`, 'x', '203.0.113.7')).status).toBe(400)
    const refused = await signIn('admin', 'admin', '203.0.113.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await refused.json()).error_description).toBeTruthy()
    expect((await signIn('admin', 'admin', '198.51.100.1')).status).toBe(200)
    // A forged hop to the left of the proxy's own entry changes nothing.
    expect((await signIn('admin', 'admin', '198.51.100.99, 203.0.113.7')).status).toBe(429)
  })

  it('an address that failed 5 times on one account is throttled for it, right password or not; another address signs in', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('teacher', 'wrong', '203.0.113.8')).status).toBe(400)
    const again = await signIn('teacher', 'teacher', '203.0.113.8')
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBeTruthy()
    expect((await signIn('teacher', 'teacher', '198.51.100.2')).status).toBe(200)
  })
})

describe('sign-in throttles without a trusted proxy', async () => {
  const { signIn } = await served({ ATRIUM_SIGNIN_IP_LIMIT: '6' })

  it('X-Forwarded-For from an untrusted peer is ignored: rotating it does not escape the limit', async () => {
    for (let i = 0; i < 6; i++) await signIn(`nobody${i}`, 'x', `10.0.0.${i}`)
    expect((await signIn('admin', 'admin', '10.9.9.9')).status).toBe(429)
  })
})
