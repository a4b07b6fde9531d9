import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

describe('blade-system/param', async () => {
  const t = await testApp()

  it('lists the seeded parameters of the caller tenant, paged', async () => {
    const admin = await t.token('admin')
    const r = await t.get('/api/blade-system/param/list', admin)
    expect(r.status).toBe(200)
    expect(r.body.data.records.map((p: any) => p.paramKey).sort()).toEqual([
      'account.captchaMode',
      'account.initPassword',
      'account.lockMinutes',
      'account.registerUser',
      'mail.syncMinutes',
    ])
    expect(r.body.data).toMatchObject({ total: 5, size: 10, current: 1, pages: 1 })
  })

  it('names the missing field with the spec message', async () => {
    const admin = await t.token('admin')
    const r = await t.call('POST', '/api/blade-system/param/submit', {
      token: admin,
      body: { paramKey: 'x', paramValue: 'y' },
      lang: 'en',
    })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({
      code: 400,
      success: false,
      msg: 'please enter the parameter name',
      field: 'paramName',
    })
  })
})
