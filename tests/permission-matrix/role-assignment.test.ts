/**
 * Role assignment across every route that writes role ids (or defines what a
 * role is): a caller lower than a role can never hand it out, through any path.
 */
import { describe, expect, it } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import { dept, logUsual, menu, role, roleMenu, user } from '../../db/schema/index.ts'
import { newId } from '../../server/lib/ids.ts'
import { first } from '../../server/lib/rows.ts'
import { testApp } from '../support/harness.ts'

const U = '/api/blade-system/user'

describe('role assignment (permission matrix)', async () => {
  const t = await testApp()
  const db = t.services.db
  const roleOf = async (alias: string, tenantId = '000000') =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.roleAlias, alias), eq(role.tenantId, tenantId))),
    ))!.id
  const deptOf = async (name: string) => (await first(db.select().from(dept).where(eq(dept.deptName, name))))!.id
  const userOf = async (account: string) =>
    (await first(
      db
        .select()
        .from(user)
        .where(and(eq(user.account, account), eq(user.tenantId, '000000'))),
    ))!

  // A deputy: holds the user, role and tenant screens with every button and whatever a teacher holds (areas grant
  // teachers their screens), but is no administrator.
  const deputyRole = newId()
  await db.insert(role).values({
    id: deputyRole,
    tenantId: '000000',
    roleName: '副管理员',
    roleAlias: 'deputy',
    createTime: '2026-01-01 00:00:00',
    updateTime: '2026-01-01 00:00:00',
  })
  const menus = await db.select().from(menu)
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
  for (const r of await db
    .select()
    .from(roleMenu)
    .where(eq(roleMenu.roleId, await roleOf('teacher'))))
    wanted.add(r.menuId)
  for (const menuId of wanted) await db.insert(roleMenu).values({ id: newId(), roleId: deputyRole, menuId })
  await db
    .update(user)
    .set({ roleId: deputyRole })
    .where(and(eq(user.account, 'manager'), eq(user.tenantId, '000000')))

  /** Roles above the deputy: the platform administrator, the tenant administrator, and `platform` (holds system:param). */
  const higher = async () => ({
    administrator: await roleOf('administrator'),
    admin: await roleOf('admin'),
    platform: await roleOf('platform'),
  })

  /** Every route that writes role ids or what a role grants, each trying to hand out `target`. */
  const writers: Record<string, (token: string, target: string) => Promise<{ status: number }>> = {
    'POST /api/blade-system/user/grant': async (tk, target) =>
      t.post(`${U}/grant`, tk, undefined, { userIds: (await userOf('manager')).id, roleIds: target }),
    'POST /api/blade-system/user/submit (new user)': async (tk, target) =>
      t.post(`${U}/submit`, tk, {
        account: `x${newId()}`,
        realName: 'x',
        roleId: target,
        deptId: await deptOf('教务处'),
      }),
    'POST /api/blade-system/user/submit (own row)': async (tk, target) =>
      t.post(`${U}/submit`, tk, { id: (await userOf('manager')).id, roleId: `${deputyRole},${target}` }),
    'POST /api/blade-system/user/update': async (tk, target) =>
      t.post(`${U}/update`, tk, { id: (await userOf('teacher')).id, roleId: target }),
    'POST /api/blade-system/user/audit-pass': async (tk, target) => {
      const id = newId()
      await db.insert(user).values({
        id,
        tenantId: '000000',
        account: `p${id}`,
        password: 'x',
        roleId: target,
        deptId: await deptOf('教务处'),
        status: 0,
        createUser: (await userOf('manager')).id,
      })
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
      for (const [alias, target] of Object.entries(await higher())) {
        const r = await attempt(tk, target)
        if (r.status !== 403) wrong.push(`${name} → ${alias}: ${r.status}`)
      }
    }
    expect(wrong).toEqual([])
    const me = await t.signIn('manager')
    expect(me.role_name).toBe('deputy')
    expect((await userOf('teacher')).roleId).toBe(await roleOf('teacher'))
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
    const r = await t.post(`${U}/grant`, tk, undefined, {
      userIds: (await userOf('student')).id,
      roleIds: await roleOf('teacher'),
    })
    expect(r.status).toBe(200)
    expect((await userOf('student')).roleId).toBe(await roleOf('teacher'))
    const log = (await first(
      db
        .select()
        .from(logUsual)
        .where(and(eq(logUsual.title, 'roles changed'), like(logUsual.logData, '%"account":"student"%'))),
    ))!
    expect(JSON.parse(log.logData!)).toMatchObject({ by: 'manager', account: 'student', to: [await roleOf('teacher')] })
    await t.post(`${U}/grant`, tk, undefined, {
      userIds: (await userOf('student')).id,
      roleIds: await roleOf('student'),
    })
  })

  it('register-guest never takes a role from the body', async () => {
    const r = await t.post(`${U}/register-guest`, undefined, {
      tenantId: '000000',
      account: 'sneaky',
      password: 'abc12345',
      password2: 'abc12345',
      roleId: (await higher()).administrator,
    })
    expect(r.status).toBe(200)
    expect((await userOf('sneaky')).roleId).toBe(await roleOf('student'))
  })

  it('a tenant administrator may hand out its own tenant roles but not the platform administrator role', async () => {
    const tk = await t.token('admin', 'admin', '100001')
    const teacher100001 = await roleOf('teacher', '100001')
    const add = await t.post(`${U}/submit`, tk, {
      account: 'helper',
      realName: 'h',
      roleId: await roleOf('admin', '100001'),
    })
    expect(add.status).toBe(200)
    const foreign = await t.post(`${U}/submit`, tk, {
      account: 'helper2',
      realName: 'h',
      roleId: (await higher()).administrator,
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.field).toBe('roleId')
    expect((await t.post(`${U}/submit`, tk, { account: 'helper3', realName: 'h', roleId: teacher100001 })).status).toBe(
      200,
    )
  })
})

describe('data scope bounds writes', async () => {
  const t = await testApp()
  const db = t.services.db
  const deptOf = async (name: string) => (await first(db.select().from(dept).where(eq(dept.deptName, name))))!.id
  const roleOf = async (alias: string) =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.roleAlias, alias), eq(role.tenantId, '000000'))),
    ))!.id

  it('a manager scoped to its branch cannot create or move a user outside it', async () => {
    const tk = await t.token('manager')
    const inside = await t.post(`${U}/submit`, tk, {
      account: 'clerk',
      realName: '职员',
      roleId: await roleOf('student'),
      deptId: await deptOf('教务处'),
    })
    expect(inside.status).toBe(200)
    const outside = await t.post(`${U}/submit`, tk, {
      account: 'clerk2',
      realName: '职员',
      roleId: await roleOf('student'),
      deptId: await deptOf('计算机系'),
    })
    expect(outside.status).toBe(403)
    expect(await first(db.select().from(user).where(eq(user.account, 'clerk2')))).toBeUndefined()
    const move = await t.post(`${U}/submit`, tk, { id: inside.body.data.id, deptId: await deptOf('计算机系') })
    expect(move.status).toBe(403)
    expect((await first(db.select().from(user).where(eq(user.id, inside.body.data.id))))!.deptId).toBe(
      await deptOf('教务处'),
    )
  })
})
