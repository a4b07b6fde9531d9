import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { dept, role, user } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { md5Hex } from '../auth/password.ts'
import { first } from '../../lib/rows.ts'

const U = '/api/blade-system/user'

describe('blade-system/user', async () => {
  const t = await testApp()
  const db = t.services.db
  const roleId = async (alias: string, tenantId = '000000') =>
    (await db.select().from(role).where(eq(role.roleAlias, alias))).find((r) => r.tenantId === tenantId)!.id
  const deptId = async (name: string) => (await first(db.select().from(dept).where(eq(dept.deptName, name))))!.id

  it('pages users with role and department names, never the password hash', async () => {
    const admin = await t.token('admin')
    const r = await t.get(`${U}/page`, admin, { size: 50 })
    expect(r.status).toBe(200)
    const teacher = r.body.data.records.find((u: any) => u.account === 'teacher')
    expect(teacher).toMatchObject({ roleName: '教师', deptName: '计算机系' })
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|"password"/)
  })

  it('filters by department (and below) and by role', async () => {
    const admin = await t.token('admin')
    const cs = await t.get(`${U}/page`, admin, { deptId: await deptId('计算机系') })
    expect(cs.body.data.records.map((u: any) => u.account).sort()).toEqual(['student', 'teacher'])
    const students = await t.get(`${U}/page`, admin, { roleName: 'student' })
    expect(students.body.data.records.map((u: any) => u.account)).toEqual(['student'])
    const teachers = await t.get(`${U}/teacher-page`, admin)
    expect(teachers.body.data.records.map((u: any) => u.account)).toEqual(['teacher'])
  })

  it('adds a user (initial password when none is given), who can then sign in; edits never touch the password', async () => {
    const admin = await t.token('admin')
    const add = await t.post(`${U}/submit`, admin, {
      account: 'lin',
      realName: '林老师',
      roleId: await roleId('teacher'),
      deptId: await deptId('计算机系'),
      phone: '13800138000',
      email: 'lin@school.cn',
    })
    expect(add.status).toBe(200)
    expect(add.body.data.password).toBeUndefined()
    const s = await t.signIn('lin', '123456')
    expect(s.role_name).toBe('teacher')
    const edit = await t.post(`${U}/submit`, admin, {
      id: add.body.data.id,
      realName: '林晓',
      password: md5Hex('hacked'),
    })
    expect(edit.body.data.realName).toBe('林晓')
    await t.signIn('lin', '123456')
  })

  it('names the field for bad input: missing account, duplicate account, foreign role, bad phone and e-mail', async () => {
    const admin = await t.token('admin')
    const cases: [Record<string, unknown>, number, string][] = [
      [{ realName: 'x' }, 400, 'account'],
      [{ account: 'n0', realName: 'x' }, 400, 'roleId'],
      [{ account: 'teacher', roleId: await roleId('teacher', '000000') }, 409, 'account'],
      [{ account: 'n1', roleId: await roleId('teacher', '100001') }, 400, 'roleId'],
      [{ account: 'n2', roleId: await roleId('teacher', '000000'), phone: '1380013800' }, 400, 'phone'],
      [{ account: 'n3', roleId: await roleId('teacher', '000000'), email: 'nope' }, 400, 'email'],
    ]
    for (const [body, status, field] of cases) {
      const r = await t.call('POST', `${U}/submit`, { token: admin, body, lang: 'en' })
      expect(r.status, JSON.stringify(body)).toBe(status)
      expect(r.body.field).toBe(field)
    }
    expect(
      (
        await t.call('POST', `${U}/submit`, {
          token: admin,
          body: { account: 'n4', roleId: await roleId('teacher', '000000'), phone: '123' },
          lang: 'en',
        })
      ).body.msg,
    ).toBe('phone number must be 11 digits')
    expect((await t.call('POST', `${U}/submit`, { token: admin, body: { account: 'n5' }, lang: 'en' })).body.msg).toBe(
      'please select the roles',
    )
    expect((await t.call('POST', `${U}/submit`, { token: admin, body: { realName: 'x' } })).body.msg).toBe(
      '请输入登录账号',
    )
    const long = await t.call('POST', `${U}/submit`, {
      token: admin,
      body: { account: 'a'.repeat(46), roleId: await roleId('teacher', '000000') },
      lang: 'en',
    })
    expect([long.status, long.body.field, long.body.msg]).toEqual([
      400,
      'account',
      'field account is too long (at most 45 characters)',
    ])
  })

  it('resets passwords, unlocks accounts and approves pending registrations', async () => {
    const admin = await t.token('admin')
    const student = (await first(db.select().from(user).where(eq(user.account, 'student'))))!
    await db.update(user).set({ locked: 1, failCount: 5 }).where(eq(user.id, student.id))
    expect((await t.post(`${U}/unlock`, admin, undefined, { userIds: student.id })).status).toBe(200)
    expect((await first(db.select().from(user).where(eq(user.id, student.id))))!.locked).toBe(0)
    expect((await t.post(`${U}/reset-password`, admin, { userIds: student.id })).status).toBe(200)
    await t.signIn('student', '123456')
    await db.update(user).set({ status: 0 }).where(eq(user.id, student.id))
    expect((await t.post(`${U}/audit-pass`, admin, undefined, { ids: student.id })).status).toBe(200)
    await t.signIn('student', '123456')
  })

  it('changes the caller password only with the right old one; updates the caller profile with the spec rules', async () => {
    const token = await t.token('teacher')
    const wrong = await t.call('POST', `${U}/update-password`, {
      token,
      body: { oldPassword: md5Hex('x'), newPassword: md5Hex('n'), newPassword1: md5Hex('n') },
      lang: 'en',
    })
    expect(wrong.body).toMatchObject({ code: 400, field: 'oldPassword', msg: 'the old password is wrong' })
    const mismatch = await t.call('POST', `${U}/update-password`, {
      token,
      body: { oldPassword: md5Hex('teacher'), newPassword: md5Hex('a'), newPassword1: md5Hex('b') },
      lang: 'en',
    })
    expect(mismatch.body.field).toBe('newPassword1')
    expect(
      (
        await t.post(`${U}/update-password`, token, {
          oldPassword: md5Hex('teacher'),
          newPassword: md5Hex('fresh'),
          newPassword1: md5Hex('fresh'),
        })
      ).status,
    ).toBe(200)
    const fresh = await t.token('teacher', 'fresh')
    expect((await t.call('POST', `${U}/update-info`, { token: fresh, body: { phone: '' }, lang: 'en' })).body.msg).toBe(
      'phone number cannot be empty',
    )
    expect(
      (
        await t.post(`${U}/update-info`, fresh, {
          realName: '李明',
          phone: '13912345678',
          roleId: 'x',
          tenantId: '100001',
        })
      ).status,
    ).toBe(200)
    const me = (await first(db.select().from(user).where(eq(user.account, 'teacher'))))!
    expect(me).toMatchObject({ realName: '李明', phone: '13912345678', tenantId: '000000' })
    expect(me.roleId).not.toBe('x')
  })

  it('own-account bodies declare their fields: a value that is no text answers the 400 naming it, zh and en', async () => {
    const token = await t.token('admin')
    for (const [path, body, field] of [
      ['update-password', { oldPassword: 5, newPassword: md5Hex('n'), newPassword1: md5Hex('n') }, 'oldPassword'],
      ['update-info', { realName: 'x', name: { a: 1 } }, 'name'],
    ] as const) {
      const en = await t.call('POST', `${U}/${path}`, { token, body, lang: 'en' })
      expect(en.body).toMatchObject({ code: 400, field })
      expect(en.body.msg).toContain(field)
      const zh = await t.call('POST', `${U}/${path}`, { token, body, lang: 'zh' })
      expect(zh.body).toMatchObject({ code: 400, field })
      expect(zh.body.msg).not.toBe(en.body.msg)
    }
    // update insists on an id before submit looks at the fields.
    const admin = await t.token('admin')
    expect(
      (await t.call('POST', `${U}/update`, { token: admin, body: { realName: 'x' }, lang: 'en' })).body,
    ).toMatchObject({
      code: 400,
      field: 'id',
    })
  })

  it('grants roles, and never removes the caller itself', async () => {
    const admin = await t.signIn('admin')
    const teacher = (await first(db.select().from(user).where(eq(user.account, 'manager'))))!
    expect(
      (
        await t.post(`${U}/grant`, admin.access_token, {
          userIds: teacher.id,
          roleIds: `${await roleId('manager')},${await roleId('teacher')}`,
        })
      ).status,
    ).toBe(200)
    expect((await first(db.select().from(user).where(eq(user.id, teacher.id))))!.roleId.split(',')).toHaveLength(2)
    expect((await t.post(`${U}/remove`, admin.access_token, undefined, { ids: admin.user_id })).status).toBe(400)
  })

  it('data scope: the manager sees only users of its own department and below', async () => {
    const manager = await t.token('manager')
    const r = await t.get(`${U}/page`, manager, { size: 50 })
    expect(r.status).toBe(200)
    expect(r.body.data.records.map((u: any) => u.account)).toEqual(['manager'])
    const teacher = (await first(db.select().from(user).where(eq(user.account, 'student'))))!
    expect((await t.get(`${U}/detail`, manager, { id: teacher.id })).status).toBe(404)
  })

  it('keeps tenants apart and students out', async () => {
    const other = await t.token('admin', 'admin', '100001')
    const mine = (await first(db.select().from(user).where(eq(user.account, 'teacher'))))!
    expect((await t.get(`${U}/detail`, other, { id: mine.id })).status).toBe(404)
    expect((await t.post(`${U}/submit`, other, { id: mine.id, realName: 'x' })).status).toBe(404)
    expect((await t.post(`${U}/reset-password`, other, undefined, { userIds: mine.id })).status).toBe(404)
    expect((await t.get(`${U}/page`, other)).body.data.records.every((u: any) => u.tenantId === '100001')).toBe(true)
    const student = await t.token('student', '123456').catch(() => t.token('student'))
    expect((await t.get(`${U}/page`, student)).status).toBe(403)
  })

  it('answers totals and statistics', async () => {
    const admin = await t.token('admin')
    const total = await t.get(`${U}/getUserTotal`, admin)
    expect(total.body.data.total).toBeGreaterThanOrEqual(4)
    const stats = await t.get(`${U}/getUserStatistics`, admin)
    expect(stats.body.data.byMonth).toHaveLength(12)
    expect(stats.body.data.byRole.find((r: any) => r.roleAlias === 'teacher').count).toBeGreaterThanOrEqual(1)
  })
})

describe('sign-in follows grants', async () => {
  const t = await testApp()
  it('a menu granted to a role appears in routes after re-login, and its button codes in buttons', async () => {
    const admin = await t.token('admin')
    const teacher = await t.token('teacher')
    const before = await t.get('/api/blade-system/menu/routes', teacher)
    const flat = (ns: any[]): any[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])])
    expect(flat(before.body.data).some((m) => m.code === 'system:param')).toBe(false)
    const tree = await t.get('/api/blade-system/menu/grant-tree', admin)
    const ids = flat(tree.body.data.menu)
      .filter((m) => ['desk', 'desk:dashboard', 'system', 'system:param', 'system:param:add'].includes(m.code))
      .map((m) => m.id)
    const teacherRole = (await t.get('/api/blade-system/role/list', admin)).body.data.find(
      (r: any) => r.roleAlias === 'teacher',
    )
    expect(
      (await t.post('/api/blade-system/role/grant', admin, { roleIds: [teacherRole.id], menuIds: ids })).status,
    ).toBe(200)
    const again = await t.token('teacher')
    expect(
      flat((await t.get('/api/blade-system/menu/routes', again)).body.data).some((m) => m.code === 'system:param'),
    ).toBe(true)
    expect(flat((await t.get('/api/blade-system/menu/buttons', again)).body.data).map((b) => b.code)).toContain(
      'system:param:add',
    )
    expect((await t.get('/api/blade-system/param/list', again)).status).toBe(200)
    expect((await t.post('/api/blade-system/param/remove', again, undefined, { ids: '1' })).status).toBe(403)
  })

  it('a tenant cannot grant menus outside its package', async () => {
    const admin = await t.token('admin', 'admin', '100001')
    const roles = (await t.get('/api/blade-system/role/list', admin)).body.data
    const platformMenus = await t.get('/api/blade-system/menu/grant-tree', await t.token('admin'))
    const flat = (ns: any[]): any[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])])
    const tenantMenu = flat(platformMenus.body.data.menu).find((m) => m.code === 'system:tenant')
    const r = await t.call('POST', '/api/blade-system/role/grant', {
      token: admin,
      body: { roleIds: [roles[0].id], menuIds: [tenantMenu.id] },
      lang: 'en',
    })
    expect(r.status).toBe(400)
    expect(r.body.field).toBe('menuIds')
  })
})
