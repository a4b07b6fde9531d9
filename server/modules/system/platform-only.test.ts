import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { client, dict, menu, tenant, tenantPackage } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

/**
 * Platform matters stay with the platform administrator even when a tenant's
 * package hands its administrator every code: the resources' access rules
 * refuse, not merely the missing codes.
 */
describe('platform matters', async () => {
  const t = await testApp()
  const db = t.services.db

  it('refuses a tenant administrator holding every code: tenants, packages, clients, menus, system dictionary, regions', async () => {
    const school = (await first(db.select().from(tenant).where(eq(tenant.tenantId, '100001'))))!
    const allMenus = (await db.select({ id: menu.id }).from(menu)).map((m) => m.id).join(',')
    await db.update(tenantPackage).set({ menuId: allMenus }).where(eq(tenantPackage.id, school.packageId!))
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    const codes: string[] = (await t.get('/api/blade-auth/oauth/user-info', tenantAdmin)).body.data.permissions
    for (const c of [
      'system:tenant:edit',
      'system:tenantpackage:edit',
      'system:client:edit',
      'system:menu:edit',
      'system:dict:edit',
      'system:region:edit',
    ])
      expect(codes).toContain(c)

    const pkg = (await first(db.select().from(tenantPackage).where(eq(tenantPackage.id, school.packageId!))))!
    const saber = (await first(db.select().from(client).where(eq(client.clientId, 'saber'))))!
    const aMenu = (await first(db.select().from(menu).where(eq(menu.code, 'system:user'))))!
    const aDict = (await first(db.select().from(dict).where(eq(dict.code, 'sex'))))!
    const writes: [string, unknown, Record<string, string>?][] = [
      ['/api/blade-system/tenant/submit', { tenantName: 'mine' }],
      ['/api/blade-system/tenant/submit', { id: school.id, accountNumber: -1 }],
      ['/api/blade-system/tenant/setting', { ids: school.id, accountNumber: -1 }],
      ['/api/blade-system/tenant/package-setting', { tenantId: '100001', packageId: pkg.id }],
      ['/api/blade-system/tenant/remove', undefined, { ids: school.id }],
      ['/api/blade-system/tenant-package/submit', { packageName: 'x', menuId: allMenus }],
      ['/api/blade-system/tenant-package/submit', { id: pkg.id, packageName: 'everything' }],
      ['/api/blade-system/tenant-package/remove', undefined, { ids: pkg.id }],
      ['/api/blade-system/client/submit', { clientId: 'mine', clientSecret: 'mine' }],
      ['/api/blade-system/client/submit', { id: saber.id, clientSecret: 'stolen' }],
      ['/api/blade-system/client/remove', undefined, { ids: saber.id }],
      ['/api/blade-system/menu/submit', { id: aMenu.id, name: 'renamed' }],
      ['/api/blade-system/menu/remove', undefined, { ids: aMenu.id }],
      ['/api/blade-system/dict/submit', { id: aDict.id, dictValue: 'renamed' }],
      ['/api/blade-system/dict/remove', undefined, { ids: aDict.id }],
      ['/api/blade-system/region/submit', { code: '110000', name: 'renamed' }],
      ['/api/blade-system/region/remove', undefined, { id: '110101' }],
    ]
    for (const [path, body, query] of writes)
      expect((await t.post(path, tenantAdmin, body, query)).status, `${path} ${JSON.stringify(body ?? query)}`).toBe(
        403,
      )
    for (const path of [
      '/api/blade-system/tenant/list',
      '/api/blade-system/tenant-package/list',
      '/api/blade-system/client/list',
    ])
      expect((await t.get(path, tenantAdmin)).status, path).toBe(403)
    // Shared reference data stays readable.
    expect((await t.get('/api/blade-system/dict/parent-list', tenantAdmin)).status).toBe(200)
    expect((await t.get('/api/blade-system/region/lazy-tree', tenantAdmin)).status).toBe(200)

    expect((await first(db.select().from(tenantPackage).where(eq(tenantPackage.id, pkg.id))))!.packageName).toBe(
      pkg.packageName,
    )
    expect(await first(db.select().from(client).where(eq(client.id, saber.id)))).toMatchObject({
      clientSecret: 'saber_secret',
      isDeleted: 0,
    })
    expect(await first(db.select().from(menu).where(eq(menu.id, aMenu.id)))).toMatchObject({
      name: aMenu.name,
      isDeleted: 0,
    })
    expect((await first(db.select().from(dict).where(eq(dict.id, aDict.id))))!.dictValue).toBe(aDict.dictValue)
    expect(await first(db.select().from(tenant).where(eq(tenant.id, school.id)))).toMatchObject({
      accountNumber: school.accountNumber,
      isDeleted: 0,
    })
  })
})
