import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { client } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const C = '/api/blade-system/client'

describe('blade-system/client', async () => {
  const t = await testApp()
  const saber = async () => (await first(t.services.db.select().from(client).where(eq(client.clientId, 'saber'))))!

  it('keeps OAuth clients: add, list, edit, remove', async () => {
    const admin = await t.token('admin')
    const added = await t.post(`${C}/submit`, admin, {
      clientId: 'kiosk',
      clientSecret: 'kiosk_secret',
      accessTokenValidity: 600,
    })
    expect(added.status).toBe(200)
    expect(added.body.data).toMatchObject({
      clientId: 'kiosk',
      scope: 'all',
      accessTokenValidity: 600,
      refreshTokenValidity: 604800,
    })
    const list = await t.get(`${C}/list`, admin)
    expect(list.body.data.records.map((c: any) => c.clientId).sort()).toEqual(['kiosk', 'saber'])
    const id = added.body.data.id
    expect(
      (await t.post(`${C}/submit`, admin, { id, authorizedGrantTypes: 'password' })).body.data.authorizedGrantTypes,
    ).toBe('password')
    expect((await t.post(`${C}/remove`, admin, undefined, { ids: id })).status).toBe(200)
    expect((await t.get(`${C}/list`, admin)).body.data.records.map((c: any) => c.clientId)).toEqual(['saber'])
  })

  it('requires a client id and secret, and keeps client ids unique', async () => {
    const admin = await t.token('admin')
    const secret = await t.call('POST', `${C}/submit`, { token: admin, body: { clientId: 'x' }, lang: 'en' })
    expect(secret).toMatchObject({
      status: 400,
      body: { field: 'clientSecret', msg: 'please enter the client secret' },
    })
    const id = await t.call('POST', `${C}/submit`, { token: admin, body: { clientSecret: 'x' }, lang: 'en' })
    expect(id).toMatchObject({ status: 400, body: { field: 'clientId', msg: 'please enter the client id' } })
    const dup = await t.post(`${C}/submit`, admin, { clientId: 'saber', clientSecret: 'other' })
    expect(dup).toMatchObject({ status: 409, body: { field: 'clientId' } })
  })

  it('is closed to tenant administrators and students', async () => {
    for (const [account, tenantId] of [
      ['admin', '100001'],
      ['student', '000000'],
    ]) {
      const token = await t.token(account, account, tenantId)
      expect((await t.get(`${C}/list`, token)).status, account).toBe(403)
      expect((await t.get(`${C}/detail`, token, { id: (await saber()).id })).status, account).toBe(403)
      expect(
        (await t.post(`${C}/submit`, token, { id: (await saber()).id, clientSecret: 'stolen' })).status,
        account,
      ).toBe(403)
      expect((await t.post(`${C}/remove`, token, undefined, { ids: (await saber()).id })).status, account).toBe(403)
    }
    expect(await saber()).toMatchObject({ clientSecret: 'saber_secret', isDeleted: 0 })
  })
})
