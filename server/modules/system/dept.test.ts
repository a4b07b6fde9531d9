import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const D = '/api/blade-system/dept'

describe('blade-system/dept', async () => {
  const t = await testApp()
  const db = t.services.db
  const byName = async (deptName: string, tenantId = '000000') =>
    (await first(
      db
        .select()
        .from(dept)
        .where(and(eq(dept.deptName, deptName), eq(dept.tenantId, tenantId))),
    ))!
  const root = async () =>
    (await first(
      db
        .select()
        .from(dept)
        .where(and(eq(dept.tenantId, '000000'), eq(dept.parentId, '0'))),
    ))!

  it('lists the whole tree unpaged, and filters by name and category', async () => {
    const admin = await t.token('admin')
    const r = await t.get(`${D}/list`, admin)
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(1)
    const [top] = r.body.data
    expect(top).toMatchObject({ id: (await root()).id, hasChildren: true })
    expect(top.children.map((c: any) => c.deptName)).toEqual(['教务处', '计算机系'])
    expect(top.children[1].children.map((c: any) => c.deptName)).toEqual(['2024级计算机1班', '2024级计算机2班'])

    const classes = await t.get(`${D}/list`, admin, { deptCategory: 2 })
    expect(classes.body.data.map((c: any) => c.deptName)).toEqual(['2024级计算机1班', '2024级计算机2班'])
    const named = await t.get(`${D}/list`, admin, { deptName: '教务' })
    expect(named.body.data.map((c: any) => c.deptName)).toEqual(['教务处'])
  })

  it('lists and trees one level at a time, flagging nodes with children', async () => {
    const admin = await t.token('admin')
    const top = await t.get(`${D}/lazy-list`, admin, { parentId: '0' })
    expect(top.body.data).toMatchObject([{ id: (await root()).id, hasChildren: true }])
    const level = await t.get(`${D}/lazy-list`, admin, { parentId: (await root()).id })
    expect(level.body.data.map((d: any) => [d.deptName, d.hasChildren])).toEqual([
      ['教务处', false],
      ['计算机系', true],
    ])

    const cs = await byName('计算机系')
    const lazyTree = await t.get(`${D}/lazy-tree`, admin, { parentId: cs.id })
    expect(lazyTree.body.data[0]).toEqual({
      id: expect.any(String),
      parentId: cs.id,
      title: '2024级计算机1班',
      key: expect.any(String),
      value: expect.any(String),
      deptCategory: 2,
      sort: 1,
      hasChildren: false,
    })
    const onlyDepartments = await t.get(`${D}/lazy-tree`, admin, { parentId: (await root()).id, type: 1 })
    // Typed 1, 计算机系 has no department below it: only its classes.
    expect(onlyDepartments.body.data.map((d: any) => [d.title, d.hasChildren])).toEqual([
      ['教务处', false],
      ['计算机系', false],
    ])
  })

  it('answers tree nodes in the SpringBlade shape, typed 1 (departments) or 2 (classes)', async () => {
    const admin = await t.token('admin')
    const tree = await t.get(`${D}/tree`, admin)
    const [top] = tree.body.data
    expect(top).toMatchObject({
      id: (await root()).id,
      parentId: '0',
      title: (await root()).deptName,
      key: (await root()).id,
      value: (await root()).id,
      hasChildren: true,
    })
    const classes = await t.get(`${D}/tree`, admin, { type: 2 })
    expect(classes.body.data.map((n: any) => n.title)).toEqual(['2024级计算机1班', '2024级计算机2班'])
    const departments = await t.get(`${D}/tree`, admin, { type: 1 })
    expect(departments.body.data[0].children.map((n: any) => n.title)).toEqual(['教务处', '计算机系'])
    expect(departments.body.data[0].children[1].children).toBeUndefined()
  })

  it("shows another tenant's tree to the platform administrator only", async () => {
    const admin = await t.token('admin')
    const other = await t.get(`${D}/tree`, admin, { tenantId: '100001' })
    expect(other.status).toBe(200)
    expect(other.body.data.map((n: any) => n.title)).toEqual(['示例中学'])
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${D}/tree`, tenantAdmin, { tenantId: '000000' })).status).toBe(403)
    expect((await t.get(`${D}/tree`, tenantAdmin, { tenantId: '100001' })).body.data.map((n: any) => n.title)).toEqual([
      '示例中学',
    ])
    const manager = await t.token('manager')
    expect((await t.get(`${D}/tree`, manager, { tenantId: '100001' })).status).toBe(403)
  })

  it('gives class pickers departments with their classes, to teachers too', async () => {
    const teacher = await t.token('teacher')
    const r = await t.get(`${D}/getClassTree`, teacher)
    expect(r.status).toBe(200)
    const [top] = r.body.data
    expect(top.disabled).toBe(true)
    expect(top.children.map((c: any) => c.title)).toEqual(['计算机系'])
    expect(top.children[0].children.map((c: any) => [c.title, c.disabled])).toEqual([
      ['2024级计算机1班', false],
      ['2024级计算机2班', false],
    ])
  })

  it('selects units of the tenant', async () => {
    const admin = await t.token('admin')
    const r = await t.get(`${D}/select`, admin)
    expect(r.body.data.map((d: any) => d.deptName)).toContain('计算机系')
    expect(r.body.data[0]).toEqual({
      id: expect.any(String),
      parentId: expect.any(String),
      deptName: expect.any(String),
      fullName: expect.any(String),
      deptCategory: expect.any(Number),
    })
  })

  it('computes ancestors from the parent and names the missing name with the spec message', async () => {
    const admin = await t.token('admin')
    const cs = await byName('计算机系')
    const r = await t.post(`${D}/submit`, admin, {
      parentId: cs.id,
      deptName: '2025级计算机1班',
      deptCategory: 2,
      sort: 3,
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ ancestors: `0,${(await root()).id},${cs.id}`, tenantId: '000000' })
    const missing = await t.call('POST', `${D}/submit`, { token: admin, body: { parentId: cs.id }, lang: 'en' })
    expect(missing).toMatchObject({ status: 400, body: { field: 'deptName', msg: 'please enter the unit name' } })
    const foreign = await t.post(`${D}/submit`, admin, {
      parentId: (await byName('示例中学', '100001')).id,
      deptName: 'x',
    })
    expect(foreign).toMatchObject({ status: 400, body: { field: 'parentId' } })
  })

  it('refuses to move a unit under itself or a descendant, and moves a subtree with its unit', async () => {
    const admin = await t.token('admin')
    const cs = await byName('计算机系'),
      class1 = await byName('2024级计算机1班'),
      academic = await byName('教务处')
    const self = await t.call('POST', `${D}/submit`, { token: admin, body: { id: cs.id, parentId: cs.id }, lang: 'en' })
    expect(self).toMatchObject({
      status: 400,
      body: { field: 'parentId', msg: 'the parent cannot be the node itself or one of its descendants' },
    })
    expect((await t.post(`${D}/submit`, admin, { id: cs.id, parentId: class1.id })).status).toBe(400)

    expect((await t.post(`${D}/submit`, admin, { id: cs.id, parentId: academic.id })).status).toBe(200)
    expect((await byName('计算机系')).ancestors).toBe(`0,${(await root()).id},${academic.id}`)
    expect((await byName('2024级计算机1班')).ancestors).toBe(`0,${(await root()).id},${academic.id},${cs.id}`)
    expect((await t.post(`${D}/submit`, admin, { id: cs.id, parentId: (await root()).id })).status).toBe(200)
    expect((await byName('2024级计算机2班')).ancestors).toBe(`0,${(await root()).id},${cs.id}`)
  })

  it('removes empty leaves only: not with children, not with users', async () => {
    const admin = await t.token('admin')
    const children = await t.call('POST', `${D}/remove`, {
      token: admin,
      query: { ids: (await byName('计算机系')).id },
      lang: 'en',
    })
    expect(children).toMatchObject({ status: 400, body: { msg: 'remove the child nodes first' } })
    const users = await t.call('POST', `${D}/remove`, {
      token: admin,
      query: { ids: (await byName('2024级计算机1班')).id },
      lang: 'en',
    })
    expect(users).toMatchObject({ status: 400, body: { msg: 'the unit still has users and cannot be removed' } })
    const empty = await byName('2024级计算机2班')
    expect((await t.post(`${D}/remove`, admin, undefined, { ids: empty.id })).status).toBe(200)
    expect((await byName('2024级计算机2班')).isDeleted).toBe(1)
  })

  it('keeps tenants apart and students out', async () => {
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    const mine = await t.get(`${D}/list`, tenantAdmin)
    expect(mine.body.data.map((d: any) => d.deptName)).toEqual(['示例中学'])
    const cs = await byName('计算机系')
    expect((await t.get(`${D}/detail`, tenantAdmin, { id: cs.id })).status).toBe(404)
    expect((await t.post(`${D}/submit`, tenantAdmin, { id: cs.id, deptName: 'taken' })).status).toBe(404)
    expect((await t.post(`${D}/remove`, tenantAdmin, undefined, { ids: cs.id })).status).toBe(404)
    expect((await byName('计算机系')).isDeleted).toBe(0)

    const student = await t.token('student')
    for (const p of ['list', 'lazy-list', 'tree', 'lazy-tree', 'select', 'getClassTree', 'detail'])
      expect((await t.get(`${D}/${p}`, student, { id: cs.id })).status, p).toBe(403)
    expect((await t.post(`${D}/submit`, student, { deptName: 'x' })).status).toBe(403)
  })
})
