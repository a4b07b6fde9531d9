import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { post } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const P = '/api/blade-system/post'

describe('blade-system/post', async () => {
  const t = await testApp()
  const byCode = async (postCode: string, tenantId = '000000') =>
    (await first(
      t.services.db
        .select()
        .from(post)
        .where(and(eq(post.postCode, postCode), eq(post.tenantId, tenantId))),
    ))!

  it('pages, adds, edits and removes posts of the caller tenant', async () => {
    const admin = await t.token('admin')
    const list = await t.get(`${P}/list`, admin)
    expect(list.body.data).toMatchObject({ total: 4, current: 1 })
    expect(list.body.data.records.every((p: any) => p.tenantId === '000000')).toBe(true)
    const added = await t.post(`${P}/submit`, admin, {
      postCode: 'librarian',
      postName: '图书管理员',
      category: 3,
      sort: 5,
    })
    expect(added.body.data).toMatchObject({ postCode: 'librarian', tenantId: '000000' })
    const id = added.body.data.id
    expect((await t.get(`${P}/detail`, admin, { id })).body.data.postName).toBe('图书管理员')
    expect((await t.post(`${P}/submit`, admin, { id, postName: '馆长' })).body.data.postName).toBe('馆长')
    expect((await t.get(`${P}/list`, admin, { postName: '馆' })).body.data.records.map((p: any) => p.id)).toEqual([id])
    expect((await t.post(`${P}/remove`, admin, undefined, { ids: id })).status).toBe(200)
    expect((await t.get(`${P}/detail`, admin, { id })).status).toBe(404)
  })

  it('names missing fields and refuses a post code taken in the tenant', async () => {
    const admin = await t.token('admin')
    const name = await t.call('POST', `${P}/submit`, { token: admin, body: { postCode: 'x' }, lang: 'en' })
    expect(name).toMatchObject({ status: 400, body: { field: 'postName', msg: 'please enter the post name' } })
    const dup = await t.post(`${P}/submit`, admin, { postCode: 'dean', postName: 'another dean' })
    expect(dup).toMatchObject({ status: 409, body: { field: 'postCode' } })
    // The same code in another tenant is no clash.
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.post(`${P}/submit`, tenantAdmin, { postCode: 'librarian', postName: 'x' })).status).toBe(200)
    expect((await t.post(`${P}/submit`, admin, { postCode: 'librarian', postName: 'y' })).status).toBe(200)
  })

  it("selects the tenant's posts; another tenant's only for the platform administrator", async () => {
    const admin = await t.token('admin')
    const own = await t.get(`${P}/select`, admin)
    expect(own.body.data.map((p: any) => p.postCode)).toContain('headmaster')
    expect(own.body.data[0]).toEqual({
      id: expect.any(String),
      postName: expect.any(String),
      postCode: expect.any(String),
      category: expect.any(Number),
    })
    const other = await t.get(`${P}/select`, admin, { tenantId: '100001' })
    expect(other.body.data.map((p: any) => p.id)).toContain((await byCode('headmaster', '100001')).id)
    expect(other.body.data.map((p: any) => p.id)).not.toContain((await byCode('headmaster')).id)
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${P}/select`, tenantAdmin, { tenantId: '000000' })).status).toBe(403)
  })

  it('keeps tenants apart and students out', async () => {
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    const dean = await byCode('dean')
    expect((await t.get(`${P}/detail`, tenantAdmin, { id: dean.id })).status).toBe(404)
    expect((await t.post(`${P}/submit`, tenantAdmin, { id: dean.id, postName: 'x' })).status).toBe(404)
    expect((await t.post(`${P}/remove`, tenantAdmin, undefined, { ids: dean.id })).status).toBe(404)
    expect(await byCode('dean')).toMatchObject({ postName: '教务主任', isDeleted: 0 })
    const student = await t.token('student')
    expect((await t.get(`${P}/list`, student)).status).toBe(403)
    expect((await t.get(`${P}/select`, student)).status).toBe(403)
    expect((await t.post(`${P}/submit`, student, { postCode: 'x', postName: 'x' })).status).toBe(403)
  })
})
