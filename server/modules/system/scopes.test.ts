import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, menu, role, roleMenu, roleScope, scopeData } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const DS = '/api/blade-system/data-scope'
const AS = '/api/blade-system/api-scope'

describe('blade-system/data-scope and api-scope', async () => {
  const t = await testApp()
  const db = t.services.db
  const menuId = async (code: string) =>
    (await first(db.select({ id: menu.id }).from(menu).where(eq(menu.code, code))))!.id
  const deptId = async (deptName: string) =>
    (await first(db.select({ id: dept.id }).from(dept).where(eq(dept.deptName, deptName))))!.id
  const managerRole = async () =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'manager'))),
    ))!

  /** The manager's current grants plus or minus some scopes, through the role screen's grant call (it replaces all grants). */
  async function regrantManager(admin: string, change: { addApi?: string[]; data?: string[] }) {
    const id = (await managerRole()).id
    const menus = (await db.select({ id: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, id))).map(
      (r) => r.id,
    )
    const scopes = await db.select().from(roleScope).where(eq(roleScope.roleId, id))
    const apiScopeIds = [...scopes.filter((s) => s.scopeCategory === 2).map((s) => s.scopeId), ...(change.addApi ?? [])]
    const dataScopeIds = change.data ?? scopes.filter((s) => s.scopeCategory === 1).map((s) => s.scopeId)
    const r = await t.post('/api/blade-system/role/grant', admin, {
      roleIds: [id],
      menuIds: menus,
      dataScopeIds,
      apiScopeIds,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
  const accounts = async (token: string) =>
    (await t.get('/api/blade-system/user/list', token, { size: 50 })).body.data.records
      .map((u: any) => u.account)
      .sort()

  it('keeps data scopes: add, filter by menu and resource code, edit, remove', async () => {
    const admin = await t.token('admin')
    const r = await t.post(`${DS}/submit`, admin, {
      menuId: await menuId('system:post'),
      resourceCode: 'system:post',
      scopeName: '本人岗位',
      scopeColumn: 'create_user',
      scopeType: 2,
    })
    expect(r.status).toBe(200)
    const id = r.body.data.id
    const byMenu = await t.get(`${DS}/list`, admin, { menuId: await menuId('system:post') })
    expect(byMenu.body.data.records.map((s: any) => s.id)).toEqual([id])
    const byCode = await t.get(`${DS}/list`, admin, { resourceCode: 'system:user' })
    expect(byCode.body.data.records.map((s: any) => s.scopeType).sort()).toEqual([1, 2, 3, 4])
    expect((await t.post(`${DS}/submit`, admin, { id, scopeName: '本人创建' })).body.data.scopeName).toBe('本人创建')
    expect((await t.post(`${DS}/remove`, admin, undefined, { ids: id })).status).toBe(200)
    expect((await t.get(`${DS}/detail`, admin, { id })).status).toBe(404)
  })

  it('names missing fields with their messages and checks scope types', async () => {
    const admin = await t.token('admin')
    const call = (path: string, body: unknown) => t.call('POST', `${path}/submit`, { token: admin, body, lang: 'en' })
    const base = { menuId: await menuId('system:post'), resourceCode: 'system:post', scopeName: 'n' }
    expect(await call(DS, { ...base, scopeName: '' })).toMatchObject({
      status: 400,
      body: { field: 'scopeName', msg: 'please enter the scope name' },
    })
    expect(await call(DS, { ...base, menuId: undefined })).toMatchObject({
      status: 400,
      body: { field: 'menuId', msg: 'please select the menu' },
    })
    expect(await call(DS, { ...base, resourceCode: undefined })).toMatchObject({
      status: 400,
      body: { field: 'resourceCode', msg: 'please enter the resource code' },
    })
    expect(await call(DS, { ...base, scopeType: 9 })).toMatchObject({ status: 400, body: { field: 'scopeType' } })
    expect(await call(DS, { ...base, scopeType: 5 })).toMatchObject({ status: 400, body: { field: 'scopeValue' } })
    expect(await call(AS, base)).toMatchObject({
      status: 400,
      body: { field: 'scopePath', msg: 'please enter the API path' },
    })
    expect(await call(AS, { ...base, scopePath: 'no-slash' })).toMatchObject({
      status: 400,
      body: { field: 'scopePath' },
    })
  })

  it('an API scope over /api/blade-system/post/** shuts out roles not granted it, until they are', async () => {
    const admin = await t.token('admin')
    const manager = await t.token('manager')
    expect((await t.get('/api/blade-system/post/list', manager)).status).toBe(200)

    const created = await t.post(`${AS}/submit`, admin, {
      menuId: await menuId('system:post'),
      resourceCode: 'system:post',
      scopeName: '岗位接口',
      scopePath: '/api/blade-system/post/**',
      scopeType: 1,
    })
    expect(created.status).toBe(200)
    expect(
      (await t.get(`${AS}/list`, admin, { resourceCode: 'system:post' })).body.data.records.map((s: any) => s.id),
    ).toEqual([created.body.data.id])

    // The manager still holds the system:post code; the scope alone now refuses it.
    expect((await t.get('/api/blade-system/post/list', manager)).status).toBe(403)
    expect((await t.post('/api/blade-system/post/submit', manager, { postCode: 'x', postName: 'x' })).status).toBe(403)
    expect((await t.get('/api/blade-system/dept/list', manager)).status).toBe(200)
    // The platform administrator is never limited; another tenant is not touched by this tenant's scopes.
    expect((await t.get('/api/blade-system/post/list', admin)).status).toBe(200)
    expect((await t.get('/api/blade-system/post/list', await t.token('admin', 'admin', '100001'))).status).toBe(200)

    // Narrowed to the non-GET methods: reads are free again, writes stay shut.
    const id = created.body.data.id
    expect((await t.post(`${AS}/submit`, admin, { id, scopeType: 3 })).status).toBe(200)
    expect((await t.get('/api/blade-system/post/list', manager)).status).toBe(200)
    expect((await t.post('/api/blade-system/post/submit', manager, { postCode: 'x', postName: 'x' })).status).toBe(403)

    await regrantManager(admin, { addApi: [id] })
    expect((await t.post('/api/blade-system/post/submit', manager, { postCode: 'x', postName: 'x' })).status).toBe(200)
    expect((await t.get('/api/blade-system/post/list', manager)).status).toBe(200)
  })

  it('a custom data scope (type 5) limits the user list to the listed units', async () => {
    const admin = await t.token('admin')
    const manager = await t.token('manager')
    // Seeded: the manager sees its own unit and below (教务处: only itself).
    expect(await accounts(manager)).toEqual(['manager'])

    const custom = await t.post(`${DS}/submit`, admin, {
      menuId: await menuId('system:user'),
      resourceCode: 'system:user',
      scopeName: '计算机系用户',
      scopeColumn: 'dept_id',
      scopeType: 5,
      scopeValue: await deptId('计算机系'),
    })
    expect(custom.status).toBe(200)
    // Defined but not granted: nothing changes.
    expect(await accounts(manager)).toEqual(['manager'])

    await regrantManager(admin, { data: [custom.body.data.id] })
    // Exactly the listed unit: its teacher, not the student of a class below it, nor the manager itself.
    expect(await accounts(manager)).toEqual(['teacher'])

    const below = (await first(
      db
        .select()
        .from(scopeData)
        .where(
          and(eq(scopeData.tenantId, '000000'), eq(scopeData.resourceCode, 'system:user'), eq(scopeData.scopeType, 4)),
        ),
    ))!
    await regrantManager(admin, { data: [custom.body.data.id, below.id] })
    // Several scopes widen each other.
    expect(await accounts(manager)).toEqual(['manager', 'teacher'])
    // The administrator is never limited.
    expect(await accounts(admin)).toEqual(['admin', 'manager', 'student', 'teacher'])
  })

  it('keeps tenants apart and students out', async () => {
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    const own = await t.get(`${DS}/list`, tenantAdmin, { size: 50 })
    expect(own.body.data.records.length).toBeGreaterThan(0)
    expect(own.body.data.records.every((s: any) => s.tenantId === '100001')).toBe(true)
    const platformScope = (await first(db.select().from(scopeData).where(eq(scopeData.tenantId, '000000'))))!
    expect((await t.get(`${DS}/detail`, tenantAdmin, { id: platformScope.id })).status).toBe(404)
    expect((await t.post(`${DS}/remove`, tenantAdmin, undefined, { ids: platformScope.id })).status).toBe(404)
    expect((await t.get(`${AS}/list`, tenantAdmin)).body.data.total).toBe(0)

    const student = await t.token('student')
    for (const path of [DS, AS]) {
      expect((await t.get(`${path}/list`, student)).status).toBe(403)
      expect((await t.post(`${path}/submit`, student, { scopeName: 'x' })).status).toBe(403)
    }
  })
})
