import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { region } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const R = '/api/blade-system/region'

describe('blade-system/region', async () => {
  const t = await testApp()
  const row = async (code: string) => await first(t.services.db.select().from(region).where(eq(region.code, code)))

  it('answers one level at a time to any signed-in user, provinces first', async () => {
    const student = await t.token('student')
    const top = await t.get(`${R}/lazy-tree`, student)
    expect(top.status).toBe(200)
    expect(top.body.data.map((n: any) => n.title)).toEqual(['北京市', '上海市', '广东省'])
    expect(top.body.data[0]).toEqual({
      id: '110000',
      parentId: '00',
      title: '北京市',
      key: '110000',
      value: '110000',
      hasChildren: true,
      regionLevel: 1,
    })
    const cities = await t.get(`${R}/lazy-tree`, student, { parentCode: '440000' })
    expect(cities.body.data.map((n: any) => [n.title, n.hasChildren])).toEqual([
      ['广州市', true],
      ['深圳市', true],
    ])
    const list = await t.get(`${R}/lazy-list`, student, { parentCode: '110100' })
    expect(list.body.data.map((n: any) => [n.code, n.name, n.hasChildren])).toEqual([
      ['110101', '东城区', false],
      ['110108', '海淀区', false],
    ])
    expect((await t.get(`${R}/lazy-list`, student, { name: '海淀' })).body.data.map((n: any) => n.code)).toEqual([
      '110108',
    ])
    expect((await t.get(`${R}/detail`, student, { code: '440305' })).body.data).toMatchObject({
      name: '南山区',
      parentCode: '440300',
      ancestors: '00,440000,440300',
    })
    expect((await t.get(`${R}/detail`, student, { code: '999999' })).status).toBe(404)
    expect((await t.get(`${R}/lazy-tree`)).status).toBe(401)
  })

  it('inserts a new code with ancestors from its parent, and updates a known one', async () => {
    const admin = await t.token('admin')
    const added = await t.post(`${R}/submit`, admin, {
      code: '440305001',
      parentCode: '440305',
      name: '粤海街道',
      sort: 1,
    })
    expect(added.status).toBe(200)
    expect(added.body.data).toMatchObject({ code: '440305001', ancestors: '00,440000,440300,440305', regionLevel: 4 })
    const updated = await t.post(`${R}/submit`, admin, { code: '440305001', name: '粤海街道办' })
    expect(updated.body.data).toMatchObject({ name: '粤海街道办', parentCode: '440305', regionLevel: 4 })
    expect((await row('440305001'))!.name).toBe('粤海街道办')
  })

  it('moves a region with its subtree and refuses a cycle', async () => {
    const admin = await t.token('admin')
    expect((await t.post(`${R}/submit`, admin, { code: '440300', parentCode: '310000', name: '深圳市' })).status).toBe(
      200,
    )
    expect((await row('440300'))!.ancestors).toBe('00,310000')
    expect((await row('440305'))!.ancestors).toBe('00,310000,440300')
    const cycle = await t.call('POST', `${R}/submit`, {
      token: admin,
      body: { code: '440300', parentCode: '440305', name: '深圳市' },
      lang: 'en',
    })
    expect(cycle).toMatchObject({
      status: 400,
      body: { field: 'parentCode', msg: 'the parent cannot be the node itself or one of its descendants' },
    })
    expect((await t.post(`${R}/submit`, admin, { code: '440300', parentCode: '440000', name: '深圳市' })).status).toBe(
      200,
    )
    expect((await row('440305'))!.ancestors).toBe('00,440000,440300')
  })

  it('names a missing code or name, a bad code and an unknown parent', async () => {
    const admin = await t.token('admin')
    const call = (body: unknown) => t.call('POST', `${R}/submit`, { token: admin, body, lang: 'en' })
    expect(await call({ name: 'x' })).toMatchObject({
      status: 400,
      body: { field: 'code', msg: 'please enter the region code' },
    })
    expect(await call({ code: '120000' })).toMatchObject({
      status: 400,
      body: { field: 'name', msg: 'please enter the region name' },
    })
    expect(await call({ code: 'abc', name: 'x' })).toMatchObject({ status: 400, body: { field: 'code' } })
    expect(await call({ code: '120100', parentCode: '120000', name: 'x' })).toMatchObject({
      status: 400,
      body: { field: 'parentCode', msg: 'the parent region does not exist' },
    })
    expect(await row('120100')).toBeUndefined()
  })

  it('removes leaves only, by code', async () => {
    const admin = await t.token('admin')
    const parent = await t.call('POST', `${R}/remove`, { token: admin, query: { id: '110100' }, lang: 'en' })
    expect(parent).toMatchObject({ status: 400, body: { msg: 'remove the child nodes first' } })
    expect((await t.post(`${R}/remove`, admin, undefined, { id: '110108' })).status).toBe(200)
    expect(await row('110108')).toBeUndefined()
    expect((await t.post(`${R}/remove`, admin, undefined, { id: '110108' })).status).toBe(404)
  })

  it('is written by the platform administrator only', async () => {
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${R}/lazy-tree`, tenantAdmin)).status).toBe(200)
    expect((await t.post(`${R}/submit`, tenantAdmin, { code: '110101', name: 'hacked' })).status).toBe(403)
    expect((await t.post(`${R}/remove`, tenantAdmin, undefined, { id: '110101' })).status).toBe(403)
    const student = await t.token('student')
    expect((await t.post(`${R}/submit`, student, { code: '110101', name: 'hacked' })).status).toBe(403)
    expect((await t.post(`${R}/remove`, student, undefined, { id: '110101' })).status).toBe(403)
    expect((await row('110101'))!.name).toBe('东城区')
  })
})
