import { describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { menu, tenant, tenantPackage } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const P = '/api/blade-system/tenant-package'

describe('blade-system/tenant-package', async () => {
  const t = await testApp()
  const db = t.services.db
  const schoolPackage = async () =>
    (await first(
      db
        .select()
        .from(tenantPackage)
        .innerJoin(tenant, eq(tenant.packageId, tenantPackage.id))
        .where(eq(tenant.tenantId, '100001')),
    ))!.blade_tenant_package

  it('lists, shows, adds, edits and removes packages as the platform administrator', async () => {
    const admin = await t.token('admin')
    const list = await t.get(`${P}/list`, admin)
    expect(list.body.data.records.map((p: any) => p.packageName)).toEqual(['学校基础套餐'])
    const menus = (await db.select({ id: menu.id }).from(menu).limit(3)).map((m) => m.id).join(',')
    const added = await t.post(`${P}/submit`, admin, { packageName: '小套餐', menuId: menus, remark: 'r' })
    expect(added.status).toBe(200)
    expect(added.body.data).toMatchObject({ packageName: '小套餐', menuId: menus, tenantId: '000000' })
    const id = added.body.data.id
    expect((await t.get(`${P}/detail`, admin, { id })).body.data.menuId).toBe(menus)
    expect((await t.post(`${P}/submit`, admin, { id, packageName: '中套餐' })).body.data.packageName).toBe('中套餐')
    expect((await t.get(`${P}/list`, admin, { packageName: '中' })).body.data.records.map((p: any) => p.id)).toEqual([
      id,
    ])
    expect((await t.post(`${P}/remove`, admin, undefined, { ids: id })).status).toBe(200)
    expect((await t.get(`${P}/detail`, admin, { id })).status).toBe(404)
  })

  it('requires the package name and its menus with the spec messages', async () => {
    const admin = await t.token('admin')
    const name = await t.call('POST', `${P}/submit`, { token: admin, body: { menuId: '1' }, lang: 'en' })
    expect(name).toMatchObject({ status: 400, body: { field: 'packageName', msg: 'please enter the package name' } })
    const menus = await t.call('POST', `${P}/submit`, {
      token: admin,
      body: { packageName: 'p', menuId: '' },
      lang: 'en',
    })
    expect(menus).toMatchObject({ status: 400, body: { field: 'menuId', msg: 'please select menus' } })
    const zh = await t.call('POST', `${P}/submit`, { token: admin, body: { packageName: 'p' } })
    expect(zh.body.msg).toBe('请选择菜单')
  })

  it("applies a package change to the tenant's signed-in users at once", async () => {
    const admin = await t.token('admin')
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.get('/api/blade-system/post/list', tenantAdmin)).status).toBe(200)
    const pkg = await schoolPackage()
    const postMenus = new Set(
      (
        await db
          .select({ id: menu.id })
          .from(menu)
          .where(
            inArray(menu.code, [
              'system:post',
              'system:post:add',
              'system:post:edit',
              'system:post:delete',
              'system:post:view',
            ]),
          )
      ).map((m) => m.id),
    )
    const without = pkg.menuId
      .split(',')
      .filter((id) => !postMenus.has(id))
      .join(',')
    expect((await t.post(`${P}/submit`, admin, { id: pkg.id, menuId: without })).status).toBe(200)
    // Same token, no sign-in again: the package is read per request.
    expect((await t.get('/api/blade-system/post/list', tenantAdmin)).status).toBe(403)
    expect((await t.get('/api/blade-auth/oauth/user-info', tenantAdmin)).body.data.permissions).not.toContain(
      'system:post',
    )
    expect((await t.post(`${P}/submit`, admin, { id: pkg.id, menuId: pkg.menuId })).status).toBe(200)
    expect((await t.get('/api/blade-system/post/list', tenantAdmin)).status).toBe(200)
  })

  it('is closed to tenant administrators and students', async () => {
    const pkg = await schoolPackage()
    for (const [account, tenantId] of [
      ['admin', '100001'],
      ['student', '000000'],
    ]) {
      const token = await t.token(account, account, tenantId)
      expect((await t.get(`${P}/list`, token)).status, account).toBe(403)
      expect((await t.get(`${P}/detail`, token, { id: pkg.id })).status, account).toBe(403)
      expect((await t.post(`${P}/submit`, token, { id: pkg.id, menuId: '1' })).status, account).toBe(403)
      expect((await t.post(`${P}/submit`, token, { packageName: 'x', menuId: '1' })).status, account).toBe(403)
      expect((await t.post(`${P}/remove`, token, undefined, { ids: pkg.id })).status, account).toBe(403)
    }
    expect((await schoolPackage()).isDeleted).toBe(0)
  })
})
