import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { menu, role } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const flat = (ns: any[]): any[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])])

describe('blade-system/role', async () => {
  const t = await testApp()
  const db = t.services.db

  it('lists roles as a tree and serves tree, tree-by-id and select', async () => {
    const admin = await t.token('admin')
    const list = await t.get('/api/blade-system/role/list', admin)
    expect(list.body.data.map((r: any) => r.roleAlias)).toEqual([
      'administrator',
      'admin',
      'manager',
      'teacher',
      'platform',
      'student',
    ])
    const tree = await t.get('/api/blade-system/role/tree', admin)
    expect(tree.body.data[0]).toMatchObject({ title: '超级管理员', key: tree.body.data[0].id })
    const teacher = list.body.data.find((r: any) => r.roleAlias === 'teacher')
    const byId = await t.get('/api/blade-system/role/tree-by-id', admin, { roleId: teacher.id })
    expect(byId.body.data.some((r: any) => r.id === teacher.id)).toBe(false)
    expect((await t.get('/api/blade-system/role/select', admin)).body.data).toHaveLength(6)
  })

  it('adds and edits roles; refuses removing a role users hold; another tenant cannot touch them', async () => {
    const admin = await t.token('admin')
    const add = await t.call('POST', '/api/blade-system/role/submit', {
      token: admin,
      body: { roleName: '助教', roleAlias: 'assistant' },
      lang: 'en',
    })
    expect(add.status).toBe(200)
    expect(
      (await t.call('POST', '/api/blade-system/role/submit', { token: admin, body: { roleAlias: 'x' }, lang: 'en' }))
        .body,
    ).toMatchObject({ field: 'roleName', msg: 'please enter the role name' })
    expect((await t.post('/api/blade-system/role/remove', admin, undefined, { ids: add.body.data.id })).status).toBe(
      200,
    )
    const teacher = (await db.select().from(role).where(eq(role.roleAlias, 'teacher'))).find(
      (r) => r.tenantId === '000000',
    )!
    const inUse = await t.call('POST', '/api/blade-system/role/remove', {
      token: admin,
      query: { ids: teacher.id },
      lang: 'en',
    })
    expect(inUse.status).toBe(400)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.post('/api/blade-system/role/submit', other, { id: teacher.id, roleName: 'x' })).status).toBe(404)
  })

  it('grant replaces menus, data scopes and API scopes; role-tree-keys reads them back', async () => {
    const admin = await t.token('admin')
    const tree = (await t.get('/api/blade-system/menu/grant-tree', admin)).body.data
    expect(Object.keys(tree).sort()).toEqual(['apiScope', 'dataScope', 'menu'])
    const dataScope = flat(tree.dataScope).find((n) => !String(n.id).startsWith('menu-'))
    const menuIds = flat(tree.menu)
      .filter((m) => m.code.startsWith('desk'))
      .map((m) => m.id)
    const teacher = (await db.select().from(role).where(eq(role.roleAlias, 'teacher'))).find(
      (r) => r.tenantId === '000000',
    )!
    expect(
      (
        await t.post('/api/blade-system/role/grant', admin, {
          roleIds: teacher.id,
          menuIds,
          dataScopeIds: [dataScope.id],
        })
      ).status,
    ).toBe(200)
    const keys = (await t.get('/api/blade-system/menu/role-tree-keys', admin, { roleIds: teacher.id })).body.data
    expect(keys.menu.sort()).toEqual([...menuIds].sort())
    expect(keys.dataScope).toEqual([dataScope.id])
    expect(keys.apiScope).toEqual([])
    // The declared query keeps the handler's answer to a bad list, naming the field in the caller's language.
    for (const [lang, msg] of [
      ['zh', '参数 ids 必须是以逗号分隔的编号'],
      ['en', 'ids must be a comma-separated list of ids'],
    ] as const) {
      const r = await t.call('GET', '/api/blade-system/menu/role-tree-keys', {
        token: admin,
        query: { roleIds: 'x,1', _t: 1 },
        lang,
      })
      expect(r).toMatchObject({ status: 400, body: { msg, field: 'ids' } })
    }
    const bad = await t.post('/api/blade-system/role/grant', admin, { roleIds: teacher.id, dataScopeIds: ['123'] })
    expect(bad.body.field).toBe('dataScopeIds')
    expect(
      (await t.post('/api/blade-system/role/grant', await t.token('teacher'), { roleIds: teacher.id, menuIds })).status,
    ).toBe(403)
  })
})

describe('pickers for the user screen', async () => {
  const t = await testApp()
  it('whoever may manage users reads the role and department trees, but not the role list itself', async () => {
    const admin = await t.token('admin')
    const tree = flat((await t.get('/api/blade-system/menu/grant-tree', admin)).body.data.menu)
    const teacherRole = (await t.get('/api/blade-system/role/list', admin)).body.data.find(
      (r: any) => r.roleAlias === 'teacher',
    )
    const menuIds = tree.filter((m) => m.code === 'system' || m.code.startsWith('system:user')).map((m) => m.id)
    await t.post('/api/blade-system/role/grant', admin, { roleIds: teacherRole.id, menuIds })
    const teacher = await t.token('teacher')
    expect((await t.get('/api/blade-system/role/tree', teacher)).body.data.length).toBe(6)
    expect((await t.get('/api/blade-system/dept/tree', teacher)).status).toBe(200)
    expect((await t.get('/api/blade-system/role/list', teacher)).status).toBe(403)
    expect((await t.get('/api/blade-system/dept/list', teacher)).status).toBe(403)
  })
})

describe('blade-system/menu and topmenu', async () => {
  const t = await testApp()
  const db = t.services.db

  it('lists the whole menu tree, lazily by parent, menus only, and the tree for pickers (with buttons on request)', async () => {
    const admin = await t.token('admin')
    const list = (await t.get('/api/blade-system/menu/list', admin)).body.data
    // Round-1 roots first, in their sort order; areas added later (resources, content, exams...) follow them.
    expect(list.map((m: any) => m.code).slice(0, 4)).toEqual(['desk', 'system', 'authority', 'monitor'])
    const lazy = (await t.get('/api/blade-system/menu/lazy-list', admin, { parentId: list[1].id })).body.data
    expect(lazy.find((m: any) => m.code === 'system:user').hasChildren).toBe(true)
    const menus = flat((await t.get('/api/blade-system/menu/menu-list', admin)).body.data)
    expect(menus.every((m) => m.category === 1)).toBe(true)
    expect(flat((await t.get('/api/blade-system/menu/tree', admin)).body.data).some((m) => m.category === 2)).toBe(
      false,
    )
    expect(
      flat((await t.get('/api/blade-system/menu/tree', admin, { withButtons: '1' })).body.data).some(
        (m) => m.code === 'system:user:add',
      ),
    ).toBe(true)
  })

  it("routes and buttons answer the signed-in user's own menu; top menus narrow the routes", async () => {
    const manager = await t.token('manager')
    const routes = flat((await t.get('/api/blade-system/menu/routes', manager)).body.data)
    expect(routes.some((m) => m.code === 'system:user')).toBe(true)
    expect(routes.some((m) => m.code === 'system:tenant')).toBe(false)
    expect(routes.every((m) => m.category === 1)).toBe(true)
    const buttons = flat((await t.get('/api/blade-system/menu/buttons', manager)).body.data).map((b) => b.code)
    expect(buttons).toContain('system:user:add')
    const admin = await t.token('admin')
    const tops = (await t.get('/api/blade-system/menu/top-menu', admin)).body.data
    // Round-1 top menus lead; areas may add their own after them.
    expect(tops.map((x: any) => x.code).slice(0, 2)).toEqual(['desk', 'system'])
    const desk = flat((await t.get('/api/blade-system/menu/routes', admin, { topMenuId: tops[0].id })).body.data)
    // Only the workbench's tree: its own menus and those other areas place under it (reports).
    expect(desk.map((m) => m.code).filter((c) => !c.startsWith('desk') && c !== 'report:report')).toEqual([])
    expect(desk.some((m) => m.code === 'report:report')).toBe(true)
    expect((await t.get('/api/blade-system/menu/top-menu', await t.token('student'))).body.data).toEqual([])
  })

  it('only the platform administrator writes menus; a menu with children is not removed', async () => {
    const admin = await t.token('admin')
    const add = await t.post('/api/blade-system/menu/submit', admin, {
      name: '课程管理',
      alias: 'Courses',
      code: 'course',
      path: '/course',
      category: 1,
      parentId: '0',
    })
    expect(add.status).toBe(200)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.post('/api/blade-system/menu/submit', other, { name: 'x', code: 'x' })).status).toBe(403)
    const system = (await first(db.select().from(menu).where(eq(menu.code, 'system'))))!
    expect((await t.post('/api/blade-system/menu/remove', admin, undefined, { ids: system.id })).status).toBe(400)
    expect((await t.post('/api/blade-system/menu/remove', admin, undefined, { ids: add.body.data.id })).status).toBe(
      200,
    )
  })

  it('top menu grant sets the menus a top menu shows', async () => {
    const admin = await t.token('admin')
    const top = (await t.post('/api/blade-system/topmenu/submit', admin, { name: '监控', code: 'monitor', sort: 3 }))
      .body.data
    const monitor = (await first(db.select().from(menu).where(eq(menu.code, 'monitor'))))!
    expect(
      (await t.post('/api/blade-system/topmenu/grant', admin, { topMenuIds: top.id, menuIds: monitor.id })).status,
    ).toBe(200)
    expect(
      (await t.get('/api/blade-system/topmenu/grant-tree-keys', admin, { topMenuIds: top.id })).body.data.menu,
    ).toEqual([monitor.id])
    const routes = flat((await t.get('/api/blade-system/menu/routes', admin, { topMenuId: top.id })).body.data)
    expect(routes.map((m) => m.code).sort()).toEqual([
      'monitor',
      'monitor:health',
      'monitor:log:api',
      'monitor:log:error',
      'monitor:log:usual',
    ])
    const manager = await t.token('manager')
    expect(
      (await t.post('/api/blade-system/topmenu/grant', manager, { topMenuIds: top.id, menuIds: monitor.id })).status,
    ).toBe(403)
  })
})
