/**
 * Role assignment across every route that writes role ids (or defines what a
 * role is): a caller lower than a role can never hand it out, through any path.
 */
import { describe, expect, it } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import { dept, logUsual, menu, role, roleMenu, user } from '../../db/schema/index.ts'
import { newId } from '../../server/lib/ids.ts'
import { testApp } from '../support/harness.ts'

const U = '/api/blade-system/user'

describe('role assignment (permission matrix)', () => {
  const t = testApp()
  const db = t.services.db
  const roleOf = (alias: string, tenantId = '000000') =>
    db
      .select()
      .from(role)
      .where(and(eq(role.roleAlias, alias), eq(role.tenantId, tenantId)))
      .get()!.id
  const deptOf = (name: string) => db.select().from(dept).where(eq(dept.deptName, name)).get()!.id
  const userOf = (account: string) =>
    db
      .select()
      .from(user)
      .where(and(eq(user.account, account), eq(user.tenantId, '000000')))
      .get()!

  // A deputy: holds the user, role and tenant screens with every button and whatever a teacher holds (areas grant
  // teachers their screens), but is no administrator.
  const deputyRole = newId()
  db.insert(role)
    .values({
      id: deputyRole,
      tenantId: '000000',
      roleName: '副管理员',
      roleAlias: 'deputy',
      createTime: '2026-01-01 00:00:00',
      updateTime: '2026-01-01 00:00:00',
    })
    .run()
  const menus = db.select().from(menu).all()
  // The exam screens too: the deputy hands out the teacher role below, which holds them.
  const wanted = new Set(
    menus
      .filter(
        (m) =>
          [
            'desk',
            'desk:dashboard',
            'desk:message',
            'system',
            'system:user',
            'system:role',
            'system:tenant',
            'authority',
          ].includes(m.code) ||
          m.code === 'exam' ||
          (m.category === 1 && m.code.startsWith('exam:')),
      )
      .map((m) => m.id),
  )
  for (const m of menus) if (m.category === 2 && wanted.has(m.parentId)) wanted.add(m.id)
  for (const r of db
    .select()
    .from(roleMenu)
    .where(eq(roleMenu.roleId, roleOf('teacher')))
    .all())
    wanted.add(r.menuId)
  for (const menuId of wanted) db.insert(roleMenu).values({ id: newId(), roleId: deputyRole, menuId }).run()
  db.update(user)
    .set({ roleId: deputyRole })
    .where(and(eq(user.account, 'manager'), eq(user.tenantId, '000000')))
    .run()

  /** Roles above the deputy: the platform administrator, the tenant administrator, and `platform` (holds system:param). */
  const higher = () => ({
    administrator: roleOf('administrator'),
    admin: roleOf('admin'),
    platform: roleOf('platform'),
  })

  /** Every route that writes role ids or what a role grants, each trying to hand out `target`. */
  const writers: Record<string, (token: string, target: string) => Promise<{ status: number }>> = {
    'POST /api/blade-system/user/grant': (tk, target) =>
      t.post(`${U}/grant`, tk, undefined, { userIds: userOf('manager').id, roleIds: target }),
    'POST /api/blade-system/user/submit (new user)': (tk, target) =>
      t.post(`${U}/submit`, tk, { account: `x${newId()}`, realName: 'x', roleId: target, deptId: deptOf('教务处') }),
    'POST /api/blade-system/user/submit (own row)': (tk, target) =>
      t.post(`${U}/submit`, tk, { id: userOf('manager').id, roleId: `${deputyRole},${target}` }),
    'POST /api/blade-system/user/update': (tk, target) =>
      t.post(`${U}/update`, tk, { id: userOf('teacher').id, roleId: target }),
    'POST /api/blade-system/user/audit-pass': async (tk, target) => {
      const id = newId()
      db.insert(user)
        .values({
          id,
          tenantId: '000000',
          account: `p${id}`,
          password: 'x',
          roleId: target,
          deptId: deptOf('教务处'),
          status: 0,
          createUser: userOf('manager').id,
        })
        .run()
      return t.post(`${U}/audit-pass`, tk, undefined, { ids: id })
    },
    'POST /api/blade-system/role/submit (edit a higher role)': (tk, target) =>
      t.post('/api/blade-system/role/submit', tk, { id: target, roleName: 'renamed' }),
    'POST /api/blade-system/role/grant (menus onto own role)': (tk) =>
      t.post('/api/blade-system/role/grant', tk, { roleIds: deputyRole, menuIds: menus.map((m) => m.id).join(',') }),
    'POST /api/blade-system/tenant/submit (provisions a tenant admin)': (tk) =>
      t.post('/api/blade-system/tenant/submit', tk, { tenantName: '越权学校' }),
  }

  it('every role-writing route refuses a lower role handing out a higher one', async () => {
    const tk = await t.token('manager')
    const wrong: string[] = []
    for (const [name, attempt] of Object.entries(writers)) {
      for (const [alias, target] of Object.entries(higher())) {
        const r = await attempt(tk, target)
        if (r.status !== 403) wrong.push(`${name} → ${alias}: ${r.status}`)
      }
    }
    expect(wrong).toEqual([])
    const me = await t.signIn('manager')
    expect(me.role_name).toBe('deputy')
    expect(userOf('teacher').roleId).toBe(roleOf('teacher'))
  })

  it('every POST route of users, roles and tenants is classified as role-writing (tested above) or not', () => {
    const notWriting = new Set([
      'remove',
      'reset-password',
      'unlock',
      'update-password',
      'update-info',
      'update-platform',
      'register-guest',
      'setting',
      'datasource',
      'package-setting',
    ])
    const tested = new Set(Object.keys(writers).map((k) => k.split(' ')[1]))
    const routes = t.app.routes
      .filter((r) => r.method === 'POST' && /^\/api\/blade-system\/(user|role|tenant)\//.test(r.path))
      .map((r) => r.path)
    expect(routes.filter((p) => !tested.has(p) && !notWriting.has(p.split('/').pop()!))).toEqual([])
  })

  it('the same caller may hand out roles within its own permissions, and the change is logged', async () => {
    const tk = await t.token('manager')
    const r = await t.post(`${U}/grant`, tk, undefined, { userIds: userOf('student').id, roleIds: roleOf('teacher') })
    expect(r.status).toBe(200)
    expect(userOf('student').roleId).toBe(roleOf('teacher'))
    const log = db
      .select()
      .from(logUsual)
      .where(and(eq(logUsual.title, 'roles changed'), like(logUsual.logData, '%"account":"student"%')))
      .get()!
    expect(JSON.parse(log.logData!)).toMatchObject({ by: 'manager', account: 'student', to: [roleOf('teacher')] })
    await t.post(`${U}/grant`, tk, undefined, { userIds: userOf('student').id, roleIds: roleOf('student') })
  })

  it('register-guest never takes a role from the body', async () => {
    const r = await t.post(`${U}/register-guest`, undefined, {
      tenantId: '000000',
      account: 'sneaky',
      password: 'abc12345',
      password2: 'abc12345',
      roleId: higher().administrator,
    })
    expect(r.status).toBe(200)
    expect(userOf('sneaky').roleId).toBe(roleOf('student'))
  })

  it('a tenant administrator may hand out its own tenant roles but not the platform administrator role', async () => {
    const tk = await t.token('admin', 'admin', '100001')
    const teacher100001 = roleOf('teacher', '100001')
    const add = await t.post(`${U}/submit`, tk, { account: 'helper', realName: 'h', roleId: roleOf('admin', '100001') })
    expect(add.status).toBe(200)
    const foreign = await t.post(`${U}/submit`, tk, {
      account: 'helper2',
      realName: 'h',
      roleId: higher().administrator,
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.field).toBe('roleId')
    expect((await t.post(`${U}/submit`, tk, { account: 'helper3', realName: 'h', roleId: teacher100001 })).status).toBe(
      200,
    )
  })
})

describe('data scope bounds writes', () => {
  const t = testApp()
  const db = t.services.db
  const deptOf = (name: string) => db.select().from(dept).where(eq(dept.deptName, name)).get()!.id
  const roleOf = (alias: string) =>
    db
      .select()
      .from(role)
      .where(and(eq(role.roleAlias, alias), eq(role.tenantId, '000000')))
      .get()!.id

  it('a manager scoped to its branch cannot create or move a user outside it', async () => {
    const tk = await t.token('manager')
    const inside = await t.post(`${U}/submit`, tk, {
      account: 'clerk',
      realName: '职员',
      roleId: roleOf('student'),
      deptId: deptOf('教务处'),
    })
    expect(inside.status).toBe(200)
    const outside = await t.post(`${U}/submit`, tk, {
      account: 'clerk2',
      realName: '职员',
      roleId: roleOf('student'),
      deptId: deptOf('计算机系'),
    })
    expect(outside.status).toBe(403)
    expect(db.select().from(user).where(eq(user.account, 'clerk2')).get()).toBeUndefined()
    const move = await t.post(`${U}/submit`, tk, { id: inside.body.data.id, deptId: deptOf('计算机系') })
    expect(move.status).toBe(403)
    expect(db.select().from(user).where(eq(user.id, inside.body.data.id)).get()!.deptId).toBe(deptOf('教务处'))
  })
})
