import { describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { logUsual, smsCode } from '../../../db/schema/index.ts'
import { md5Hex } from '../auth/password.ts'
import { first } from '../../lib/rows.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { MAX_ATTEMPTS } from './sms-codes.ts'

/** Sign-up codes in the database (issue #27); the restart and two-process cases are in tests/multi-process/sign-up-codes.test.ts. */
describe('sign-up SMS codes', async () => {
  const t = await testApp({ ATRIUM_REGISTER_IP_LIMIT: '100' })
  const form = (phone: string) => ({
    phone,
    name: '新同学',
    password: md5Hex('secret1'),
    password2: md5Hex('secret1'),
  })
  const sentCode = async (phone: string) => {
    expect((await t.get('/api/nop-wbp/send/msg', undefined, { phone })).status).toBe(200)
    const logged = (
      await t.services.db
        .select()
        .from(logUsual)
        .where(and(eq(logUsual.title, 'sms code')))
        .orderBy(desc(logUsual.id))
    )
      .map((r) => JSON.parse(r.logData!) as { phone: string; code: string })
      .find((d) => d.phone === phone)!
    return logged.code
  }
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

  it('keeps only an HMAC of the code, one live row per phone', async () => {
    const code = await sentCode('13700000001')
    const rows = await t.services.db.select().from(smsCode).where(eq(smsCode.phone, '13700000001'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ tenantId: '000000', purpose: 'signUp', attempts: 0, consumed: 0 })
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows[0])).not.toContain(code)
  })

  it('a code verifies once only when the same sign-up arrives several times at once', async () => {
    const phone = '13700000002'
    const code = await sentCode(phone)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.post('/api/nop-wbp/user/addUser', undefined, { ...form(phone), code })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    // The others lost on the code (spent in the account's transaction), not on the account written meanwhile.
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.field)).toEqual(['code', 'code', 'code', 'code'])
    expect((await first(t.services.db.select().from(smsCode).where(eq(smsCode.phone, phone))))!.consumed).toBe(1)
  })

  it('wrong guesses beyond the limit burn the code, the right one included; a new code starts over', async () => {
    const phone = '13700000003'
    const code = await sentCode(phone)
    const guesses = await Promise.all(
      Array.from({ length: MAX_ATTEMPTS + 3 }, () =>
        t.post('/api/nop-wbp/user/addUser', undefined, { ...form(phone), code: wrong(code) }),
      ),
    )
    expect(guesses.every((g) => g.body.field === 'code')).toBe(true)
    expect((await first(t.services.db.select().from(smsCode).where(eq(smsCode.phone, phone))))!.attempts).toBe(
      MAX_ATTEMPTS,
    )
    expect((await t.post('/api/nop-wbp/user/addUser', undefined, { ...form(phone), code })).body.field).toBe('code')
    // The resend limit still holds for the burnt code's phone.
    expect((await t.get('/api/nop-wbp/send/msg', undefined, { phone })).status).toBe(429)
  })

  it('the last attempt within the limit still verifies', async () => {
    const phone = '13700000004'
    const code = await sentCode(phone)
    for (let i = 0; i < MAX_ATTEMPTS - 1; i++)
      expect((await t.post('/api/nop-wbp/user/addUser', undefined, { ...form(phone), code: wrong(code) })).status).toBe(
        400,
      )
    expect((await t.post('/api/nop-wbp/user/addUser', undefined, { ...form(phone), code })).status).toBe(200)
  })
})
