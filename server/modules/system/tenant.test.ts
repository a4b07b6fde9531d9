import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, dictBiz, menu, param, role, scopeData, tenant, tenantPackage } from '../../../db/schema/index.ts'
import { createTenant } from './tenant.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

describe('blade-system/tenant', async () => {
  const t = await testApp()
  const db = t.services.db
  const rowOf = async (tenantId: string) =>
    (await first(db.select().from(tenant).where(eq(tenant.tenantId, tenantId))))!

  it('creates a tenant that can sign in at once: roles, root unit, admin, dictionaries, params and data scopes', async () => {
    const admin = await t.token('admin')
    const r = await t.post('/api/blade-system/tenant/submit', admin, {
      tenantName: '第二中学',
      domain: 'two.atrium.local',
      accountNumber: 20,
    })
    expect(r.status).toBe(200)
    const tid = r.body.data.tenantId
    expect(tid).toMatch(/^\d{6}$/)
    expect(r.body.data).toMatchObject({
      tenantName: '第二中学',
      domain: 'two.atrium.local',
      accountNumber: 20,
      adminAccount: 'admin',
    })

    const aliases = (await db.select({ a: role.roleAlias }).from(role).where(eq(role.tenantId, tid)))
      .map((x) => x.a)
      .sort()
    expect(aliases).toEqual(['admin', 'manager', 'platform', 'student', 'teacher'])
    expect(await db.select().from(dept).where(eq(dept.tenantId, tid))).toMatchObject([
      { parentId: '0', deptName: '第二中学' },
    ])
    const platformDicts = await db
      .select()
      .from(dictBiz)
      .where(and(eq(dictBiz.tenantId, '000000'), eq(dictBiz.isDeleted, 0)))
    const copied = await db.select().from(dictBiz).where(eq(dictBiz.tenantId, tid))
    expect(copied.map((d) => `${d.code}:${d.dictKey}`).sort()).toEqual(
      platformDicts.map((d) => `${d.code}:${d.dictKey}`).sort(),
    )
    // Copies hang under the copies of their parents, not under the platform's rows.
    const copiedIds = new Set(copied.map((d) => d.id))
    expect(copied.every((d) => d.parentId === '0' || copiedIds.has(d.parentId))).toBe(true)
    expect(
      (await db.select({ k: param.paramKey }).from(param).where(eq(param.tenantId, tid))).map((p) => p.k).sort(),
    ).toEqual([
      'account.captchaMode',
      'account.initPassword',
      'account.lockMinutes',
      'account.registerUser',
      'mail.syncMinutes',
    ])
    expect((await db.select().from(scopeData).where(eq(scopeData.tenantId, tid))).length).toBeGreaterThan(0)

    const session = await t.signIn('admin', 'admin', tid)
    expect(session.tenant_id).toBe(tid)
  })

  it('copies the platform business dictionary as it stands when the tenant is created', async () => {
    const admin = await t.token('admin')
    const parent = await t.post('/api/blade-system/dict-biz/submit', admin, {
      code: 'school_house',
      dictKey: '-1',
      dictValue: '学院',
      sort: 1,
      isSealed: 0,
    })
    await t.post('/api/blade-system/dict-biz/submit', admin, {
      parentId: parent.body.data.id,
      code: 'school_house',
      dictKey: 'red',
      dictValue: '红院',
      sort: 1,
      isSealed: 0,
    })
    const created = await createTenant(t.system(), { tenantId: '300003', tenantName: '第三中学' })
    expect(created.tenantId).toBe('300003')
    const r = await t.call('GET', '/api/blade-system/dict-biz/dictionary', {
      query: { code: 'school_house' },
      headers: { 'tenant-id': '300003' },
    })
    expect(r.body.data.map((d: any) => d.dictKey)).toEqual(['red'])
  })

  it('takes the admin account and tenant id given, and refuses a taken id or domain', async () => {
    const admin = await t.token('admin')
    const r = await t.post('/api/blade-system/tenant/submit', admin, {
      tenantId: '200002',
      tenantName: '第四中学',
      adminAccount: 'boss',
      adminPassword: 'secret1',
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ tenantId: '200002', adminAccount: 'boss' })
    expect((await t.signIn('boss', 'secret1', '200002')).tenant_id).toBe('200002')

    const again = await t.post('/api/blade-system/tenant/submit', admin, { tenantId: '200002', tenantName: 'x' })
    expect(again.status).toBe(409)
    const domain = await t.post('/api/blade-system/tenant/submit', admin, {
      tenantName: 'x',
      domain: 'demo.atrium.local',
    })
    expect(domain).toMatchObject({ status: 409, body: { field: 'domain' } })
    const badId = await t.call('POST', '/api/blade-system/tenant/submit', {
      token: admin,
      body: { tenantId: '12ab', tenantName: 'x' },
      lang: 'en',
    })
    expect(badId.body).toMatchObject({ code: 400, field: 'tenantId', msg: 'the tenant id must be 6 digits' })
    expect(await db.select().from(tenant).where(eq(tenant.tenantName, 'x'))).toEqual([])
  })

  it('names the missing tenant name with the spec message', async () => {
    const admin = await t.token('admin')
    const r = await t.call('POST', '/api/blade-system/tenant/submit', {
      token: admin,
      body: { domain: 'n.local' },
      lang: 'en',
    })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ msg: 'please enter the tenant name', field: 'tenantName' })
  })

  it('updates plain fields only: the tenant id never changes', async () => {
    const admin = await t.token('admin')
    const row = await rowOf('100001')
    const r = await t.post('/api/blade-system/tenant/submit', admin, {
      id: row.id,
      tenantId: '999999',
      tenantName: '示例中学（新）',
      linkman: '王校长',
    })
    expect(r.status).toBe(200)
    expect(await rowOf('100001')).toMatchObject({ tenantName: '示例中学（新）', linkman: '王校长' })
    expect(await first(db.select().from(tenant).where(eq(tenant.tenantId, '999999')))).toBeUndefined()
  })

  it('lists and shows tenants to the platform administrator', async () => {
    const admin = await t.token('admin')
    const list = await t.get('/api/blade-system/tenant/list', admin, { tenantName: '示例' })
    expect(list.status).toBe(200)
    expect(list.body.data.records.map((r: any) => r.tenantId)).toEqual(['100001'])
    const detail = await t.get('/api/blade-system/tenant/detail', admin, { id: (await rowOf('100001')).id })
    expect(detail.body.data.tenantId).toBe('100001')
  })

  it('never removes the default tenant', async () => {
    const admin = await t.token('admin')
    const r = await t.call('POST', '/api/blade-system/tenant/remove', {
      token: admin,
      query: { ids: (await rowOf('000000')).id },
      lang: 'en',
    })
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe('the default tenant cannot be removed')
    expect((await rowOf('000000')).isDeleted).toBe(0)
    await createTenant(t.system(), { tenantId: '400004', tenantName: 'gone' })
    expect(
      (await t.post('/api/blade-system/tenant/remove', admin, undefined, { ids: (await rowOf('400004')).id })).status,
    ).toBe(200)
    expect((await rowOf('400004')).isDeleted).toBe(1)
  })

  it('sets account limit and expiry, data source and package', async () => {
    const admin = await t.token('admin')
    const row = await rowOf('100001')
    const s = await t.post('/api/blade-system/tenant/setting', admin, {
      ids: row.id,
      accountNumber: 50,
      expireTime: '2030-01-01 00:00:00',
    })
    expect(s.status).toBe(200)
    expect(await rowOf('100001')).toMatchObject({ accountNumber: 50, expireTime: '2030-01-01 00:00:00' })
    expect(
      (await t.post('/api/blade-system/tenant/datasource', admin, { tenantId: '100001', datasourceId: '42' })).status,
    ).toBe(200)
    expect((await rowOf('100001')).datasourceId).toBe('42')

    const pkg = await t.get('/api/blade-system/tenant/package-detail', admin, { tenantId: '100001' })
    expect(pkg.body.data.packageName).toBe('学校基础套餐')
    const other = (await first(
      db.insert(tenantPackage).values({ id: '7', packageName: 'small', menuId: '1' }).returning(),
    ))!
    expect(
      (await t.post('/api/blade-system/tenant/package-setting', admin, { tenantId: '100001', packageId: other.id }))
        .status,
    ).toBe(200)
    expect(
      (await t.get('/api/blade-system/tenant/package-detail', admin, { tenantId: '100001' })).body.data.packageName,
    ).toBe('small')
    const unknown = await t.post('/api/blade-system/tenant/package-setting', admin, {
      tenantId: '100001',
      packageId: '123',
    })
    expect(unknown).toMatchObject({ status: 400, body: { field: 'packageId' } })
    expect(
      (
        await t.post('/api/blade-system/tenant/package-setting', admin, {
          tenantId: '100001',
          packageId: row.packageId,
        })
      ).status,
    ).toBe(200)
    expect((await t.post('/api/blade-system/tenant/datasource', admin, { tenantId: '555555' })).status).toBe(404)
  })

  it('tells the login page which tenant a host belongs to, without a token', async () => {
    const r = await t.get('/api/blade-system/tenant/info', undefined, { domain: 'demo.atrium.local' })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({
      tenantId: '100001',
      tenantName: expect.any(String),
      domain: 'demo.atrium.local',
      backgroundUrl: null,
    })
    const none = await t.get('/api/blade-system/tenant/info', undefined, { domain: 'nowhere.example' })
    expect(none).toMatchObject({ status: 200, body: { code: 200, data: null } })
  })

  it("is the platform administrator's alone: a tenant admin holding the codes still gets 403", async () => {
    // Put the tenant screens into 100001's package, so its admin holds the codes.
    const row = await rowOf('100001')
    const pkg = (await first(db.select().from(tenantPackage).where(eq(tenantPackage.id, row.packageId!))))!
    const tenantMenus = (await db.select({ id: menu.id, code: menu.code }).from(menu)).filter((m) =>
      m.code.startsWith('system:tenant'),
    )
    await db
      .update(tenantPackage)
      .set({ menuId: [pkg.menuId, ...tenantMenus.map((m) => m.id)].join(',') })
      .where(eq(tenantPackage.id, pkg.id))
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.get('/api/blade-auth/oauth/user-info', tenantAdmin)).body.data.permissions).toContain(
      'system:tenant:add',
    )
    expect((await t.get('/api/blade-system/tenant/list', tenantAdmin)).status).toBe(403)
    expect((await t.get('/api/blade-system/tenant/detail', tenantAdmin, { id: row.id })).status).toBe(403)
    expect((await t.post('/api/blade-system/tenant/submit', tenantAdmin, { tenantName: 'mine' })).status).toBe(403)
    expect(
      (await t.post('/api/blade-system/tenant/submit', tenantAdmin, { id: row.id, tenantName: 'mine' })).status,
    ).toBe(403)
    expect(
      (await t.post('/api/blade-system/tenant/setting', tenantAdmin, { ids: row.id, accountNumber: -1 })).status,
    ).toBe(403)
    expect((await t.post('/api/blade-system/tenant/package-setting', tenantAdmin, { tenantId: '100001' })).status).toBe(
      403,
    )
    expect((await t.post('/api/blade-system/tenant/remove', tenantAdmin, undefined, { ids: row.id })).status).toBe(403)
    expect((await rowOf('100001')).isDeleted).toBe(0)
    await db.update(tenantPackage).set({ menuId: pkg.menuId }).where(eq(tenantPackage.id, pkg.id))
  })

  it('refuses students', async () => {
    const student = await t.token('student')
    expect((await t.get('/api/blade-system/tenant/list', student)).status).toBe(403)
    expect((await t.post('/api/blade-system/tenant/submit', student, { tenantName: 'x' })).status).toBe(403)
  })
})
