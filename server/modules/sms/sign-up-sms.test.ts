/**
 * The portal's sign-up code through the school's enabled SMS account (issue #29): the code reaches the provider's
 * stand-in as the template's value, outlives a restart of the appliance, and is refused after expiry, reuse and too
 * many attempts; asking too often answers 429 with Retry-After, per phone and per address; another school's
 * visitors use that school's account (or the log), never this one's.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { logUsual, smsCode, throttle } from '../../../db/schema/index.ts'
import { createApp } from '../../app.ts'
import { boot } from '../../boot.ts'
import { closeDb } from '../../lib/db.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { startAliyunSms } from '../../../tests/support/sms-aliyun.ts'
import { first } from '../../lib/rows.ts'
import { md5Hex } from '../auth/password.ts'
import { MAX_ATTEMPTS } from '../portal/sms-codes.ts'

const SEND = '/api/nop-wbp/send/msg'
const SIGN_UP = '/api/nop-wbp/user/addUser'
const form = (phone: string, code: string) => ({
  phone,
  code,
  name: '短信同学',
  password: md5Hex('secret1'),
  password2: md5Hex('secret1'),
})
const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

describe('sign-up codes through the enabled SMS account', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1', ATRIUM_REGISTER_IP_LIMIT: '100' })
  const aliyun = startAliyunSms({ LTAIschool: 'aliyun-secret' })
  afterAll(() => aliyun.stop())
  const admin = await t.token('admin')
  const account = await t.post('/api/blade-resource/sms/submit', admin, {
    smsCode: 'signup',
    category: 3,
    templateId: 'SMS_CODE',
    signName: '阿特里姆学校',
    accessKey: 'LTAIschool',
    secretKey: 'aliyun-secret',
    endpoint: aliyun.url,
  })
  await t.post('/api/blade-resource/sms/enable', admin, { id: account.body.data.id })
  /** The code the stand-in received for `phone` (the template's `code` value). */
  const received = (phone: string) => [...aliyun.sent].reverse().find((m) => m.phones.includes(phone))?.params.code
  const codeRow = (phone: string) => and(eq(smsCode.phone, phone), eq(smsCode.tenantId, '000000'))

  it('sends the code through the provider and signs up with it after the appliance restarted', async () => {
    const phone = '13600000001'
    // The first life of the appliance sends the code, then stops.
    const first = await boot(t.services.config, { logLevel: 'silent' })
    const res = await createApp(first).handle(new Request(`http://localhost${SEND}?phone=${phone}`))
    expect(res.status).toBe(200)
    await closeDb(first.db)
    const code = received(phone)!
    expect(code).toMatch(/^\d{6}$/)
    expect(aliyun.sent.at(-1)).toMatchObject({ templateCode: 'SMS_CODE', signName: '阿特里姆学校', phones: [phone] })
    // A new life knows it: the code lives in the database, not in the process that sent it.
    const second = await boot(t.services.config, { logLevel: 'silent' })
    const signUp = () =>
      createApp(second).handle(
        new Request(`http://localhost${SIGN_UP}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(form(phone, code)),
        }),
      )
    expect((await signUp()).status).toBe(200)
    // Spent: the same code again is refused.
    const again = await signUp()
    expect(again.status).toBe(400)
    expect(((await again.json()) as { field: string }).field).toBe('code')
    await closeDb(second.db)
    expect((await t.signIn(phone, 'secret1')).role_name).toBe('student')
  })

  it('refuses an expired code', async () => {
    const phone = '13600000002'
    expect((await t.get(SEND, undefined, { phone })).status).toBe(200)
    await t.services.db
      .update(smsCode)
      .set({ expiresAt: sql`${smsCode.expiresAt} - 300001` })
      .where(codeRow(phone))
    const r = await t.call('POST', SIGN_UP, { body: form(phone, received(phone)!), lang: 'en' })
    expect(r.body).toMatchObject({ code: 400, field: 'code', msg: 'the code is wrong or has expired' })
  })

  it('burns the code after too many wrong guesses, the right one included', async () => {
    const phone = '13600000003'
    expect((await t.get(SEND, undefined, { phone })).status).toBe(200)
    const code = received(phone)!
    for (let i = 0; i < MAX_ATTEMPTS; i++)
      expect((await t.post(SIGN_UP, undefined, form(phone, wrong(code)))).body.field).toBe('code')
    expect((await t.post(SIGN_UP, undefined, form(phone, code))).body.field).toBe('code')
  })

  it('answers a second request for the same phone within the minute with 429 and Retry-After', async () => {
    const phone = '13600000004'
    expect((await t.get(SEND, undefined, { phone })).status).toBe(200)
    const res = await t.app.handle(
      new Request(`http://localhost${SEND}?phone=${phone}`, { headers: { 'accept-language': 'en' } }),
    )
    expect(res.status).toBe(429)
    const wait = Number(res.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(50)
    expect(wait).toBeLessThanOrEqual(60)
    expect(((await res.json()) as { msg: string }).msg).toBe(
      `please wait ${wait} seconds before asking for another code`,
    )
  })

  it("another school's visitors get that school's codes, not through this school's account", async () => {
    const phone = '13600000005'
    const before = aliyun.sent.length
    const r = await t.call('GET', SEND, { query: { phone }, headers: { 'tenant-id': '100001' } })
    expect(r.status).toBe(200)
    expect(aliyun.sent.length).toBe(before)
    // A code for this phone in school 000000 does not sign up in 100001, nor the other way round.
    expect((await t.get(SEND, undefined, { phone })).status).toBe(200)
    const r2 = await t.call('POST', SIGN_UP, {
      body: form(phone, received(phone)!),
      headers: { 'tenant-id': '100001' },
    })
    expect(r2.body.field).toBe('code')
  })

  it("a provider that refuses the code: the visitor is told, the school's log keeps the reason", async () => {
    await t.services.db.update(smsCode).set({ sentAt: 0 }).where(codeRow('13600000004'))
    await t.post('/api/blade-resource/sms/submit', admin, { id: account.body.data.id, secretKey: 'not-the-secret' })
    const r = await t.call('GET', SEND, { query: { phone: '13600000004' }, lang: 'en' })
    expect(r.status).toBe(503)
    // The visitor is told it failed; the provider's reason goes to the school's usual log.
    expect(r.body.msg).toBe('the code could not be sent by text message: try again later or contact the school')
    const logged = await first(t.services.db.select().from(logUsual).where(eq(logUsual.title, 'sms failed')))
    expect(JSON.parse(logged!.logData!)).toEqual({
      phone: '13600000004',
      account: 'signup',
      reason: 'SignatureDoesNotMatch: Specified signature is not matched with our calculation.',
    })
    // Nothing reached the phone, so the refusal costs neither the minute's wait nor one of the hour's codes (the
    // one count left is the code sent earlier; the 429 asked within its minute gave its count back too).
    const again = await t.call('GET', SEND, { query: { phone: '13600000004' }, lang: 'en' })
    expect(again.status).toBe(503)
    const hits = await first(
      t.services.db.select().from(throttle).where(eq(throttle.key, 'sms-phone:000000:13600000004')),
    )
    expect(hits!.hits).toBe(1)
    // The refused code cannot sign up either: it was burnt when it was withdrawn.
    const row = await first(t.services.db.select().from(smsCode).where(codeRow('13600000004')))
    expect(row).toMatchObject({ sentAt: 0, consumed: 1 })
  })
})

describe('sign-up code limits per phone and per address', async () => {
  const t = await testApp()

  it('answers 429 with Retry-After past 5 codes an hour to one phone, then past 10 an hour from one address', async () => {
    const phone = '13600000010'
    for (let i = 0; i < 5; i++) {
      expect((await t.get(SEND, undefined, { phone })).status).toBe(200)
      // Past the one-a-minute rule, as if a minute had gone by.
      await t.services.db.update(smsCode).set({ sentAt: 0 }).where(eq(smsCode.phone, phone))
    }
    const perPhone = await t.app.handle(new Request(`http://localhost${SEND}?phone=${phone}`))
    expect(perPhone.status).toBe(429)
    expect(Number(perPhone.headers.get('retry-after'))).toBeGreaterThan(3000)
    // Six asked from this address so far: four more phones, then the address is refused too.
    for (let i = 0; i < 4; i++) expect((await t.get(SEND, undefined, { phone: `1360000002${i}` })).status).toBe(200)
    const perAddress = await t.app.handle(new Request(`http://localhost${SEND}?phone=13600000030`))
    expect(perAddress.status).toBe(429)
    expect(Number(perAddress.headers.get('retry-after'))).toBeGreaterThan(3000)
  })
})
