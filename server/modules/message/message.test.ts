import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { dept, role, user } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'

const M = '/api/blade-message/message'

describe('blade-message/message', async () => {
  const t = await testApp()

  it('shows the seeded unread messages; opening one marks it read; read-all clears the rest', async () => {
    const token = await t.token('teacher')
    const top = await t.get(`${M}/my/topList`, token)
    expect(top.body.data.total).toBe(3)
    const first = top.body.data.records[0]
    const detail = await t.get(`${M}/detail`, token, { id: first.id })
    expect(detail.body.data).toMatchObject({ id: first.id, isRead: 0 })
    expect((await t.get(`${M}/my/topList`, token)).body.data.total).toBe(2)
    expect((await t.get(`${M}/my/list`, token, { isRead: 0 })).body.data.total).toBe(1)
    await t.post(`${M}/readAll`, token)
    expect((await t.get(`${M}/my/topList`, token)).body.data.total).toBe(0)
    await t.post(`${M}/remove`, token, undefined, { ids: first.id })
    expect((await t.get(`${M}/my/list`, token)).body.data.total).toBe(2)
  })

  it('matches receiver ids exactly: a digit or a part of an id reaches nobody', async () => {
    const admin = await t.token('admin')
    const studentRole = (await t.services.db.select().from(role).where(eq(role.roleAlias, 'student'))).find(
      (r) => r.tenantId === '000000',
    )!
    const cs = (await t.services.db.select().from(dept).where(eq(dept.deptName, '计算机系')))[0]!
    for (const [type, receivers] of [
      [4, '9'],
      [4, studentRole.id.slice(0, -1)],
      [4, studentRole.id.slice(1)],
      [2, '1'],
      [2, cs.id.slice(0, -2)],
    ] as const) {
      const r = await t.call('POST', `${M}/save`, {
        token: admin,
        body: { type, title: 'probe', receivers },
        lang: 'en',
      })
      expect(r.body).toMatchObject({ code: 400, field: 'receivers', msg: 'no recipients were found' })
    }
  })

  it('sends to users, departments and roles of the tenant; the sender sees it in sendList', async () => {
    const admin = await t.token('admin')
    const cs = (await t.services.db.select().from(dept).where(eq(dept.deptName, '计算机系')))[0]!
    const sent = await t.post(`${M}/save`, admin, { type: 2, title: '系会通知', content: '周五开会', receivers: cs.id })
    expect(sent.status).toBe(200)
    expect(sent.body.data.recipients).toBe(1)
    const studentRole = (await t.services.db.select().from(role).where(eq(role.roleAlias, 'student'))).find(
      (r) => r.tenantId === '000000',
    )!
    expect(
      (await t.post(`${M}/save`, admin, { type: 4, title: '致全体学生', receivers: studentRole.id })).body.data
        .recipients,
    ).toBe(1)
    const student = await t.token('student')
    expect((await t.get(`${M}/my/list`, student)).body.data.records.map((m: any) => m.title)).toContain('致全体学生')
    const mine = await t.get(`${M}/my/sendList`, admin)
    expect(mine.body.data.records.map((m: any) => m.title)).toEqual(expect.arrayContaining(['系会通知', '致全体学生']))
    expect((await t.get(`${M}/sendDetail`, admin, { id: sent.body.data.id })).body.data).toMatchObject({
      recipients: 1,
      unread: 1,
    })
  })

  it('names the field for bad input and keeps others out', async () => {
    const admin = await t.token('admin')
    expect(
      (await t.call('POST', `${M}/save`, { token: admin, body: { title: '', receivers: '1' }, lang: 'en' })).body,
    ).toMatchObject({ field: 'title', msg: 'please enter the message title' })
    expect((await t.post(`${M}/save`, admin, { title: 'x' })).body.field).toBe('receivers')
    expect((await t.post(`${M}/save`, admin, { title: 'x', type: 9, receivers: '1' })).body.field).toBe('type')
    const student = await t.token('student')
    expect((await t.post(`${M}/save`, student, { title: 'x', receivers: '1' })).status).toBe(403)
    // Sent to admin and teacher only: the student has no copy to open.
    const adminInbox = (await t.get(`${M}/my/list`, admin)).body.data.records.find(
      (m: any) => m.title === '账号安全提示',
    )
    expect((await t.get(`${M}/detail`, student, { id: adminInbox.id })).status).toBe(404)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${M}/my/list`, other)).body.data.total).toBe(0)
    expect((await t.get(`${M}/sendDetail`, other, { id: adminInbox.id })).status).toBe(404)
  })
  it('broadcasts only for those who may read the departments or roles: a teacher is refused, a manager and the administrator are not', async () => {
    const cs = (await t.services.db.select().from(dept).where(eq(dept.deptName, '计算机系')))[0]!
    const teacherRole = (await t.services.db.select().from(role).where(eq(role.roleAlias, 'teacher'))).find(
      (r) => r.tenantId === '000000',
    )!
    const teacher = await t.token('teacher')
    const sentBefore = (await t.get(`${M}/my/sendList`, teacher)).body.data.total
    for (const [type, receivers] of [
      [2, cs.id],
      [4, teacherRole.id],
    ] as const) {
      const r = await t.call('POST', `${M}/save`, {
        token: teacher,
        body: { type, title: '广播', receivers },
        lang: 'en',
      })
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ field: 'type', msg: 'you may not broadcast to departments or roles' })
    }
    expect((await t.get(`${M}/my/sendList`, teacher)).body.data.total).toBe(sentBefore)
    // People, and approval messages, stay open to the teacher.
    const student = await t.services.db.select().from(user).where(eq(user.account, 'student'))
    const direct = await t.post(`${M}/save`, teacher, { type: 3, title: '请假审批', receivers: student[0].id })
    expect(direct.status).toBe(200)
    // The manager reads departments (system:dept) and users; the administrator holds everything.
    const manager = await t.token('manager')
    expect((await t.post(`${M}/save`, manager, { type: 2, title: '系务通知', receivers: cs.id })).status).toBe(200)
    expect((await t.post(`${M}/save`, manager, { type: 4, title: '教师例会', receivers: teacherRole.id })).status).toBe(
      200,
    )
    const admin = await t.token('admin')
    expect((await t.post(`${M}/save`, admin, { type: 4, title: '教师培训', receivers: teacherRole.id })).status).toBe(
      200,
    )
  })
})

describe('blade-user/user-list (the recipient picker)', async () => {
  const t = await testApp()
  it("pages the tenant's active users for whoever may send messages, names only", async () => {
    const teacher = await t.token('teacher')
    const r = await t.get('/api/blade-user/user-list', teacher, { realName: '王', size: 5 })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ total: 1, size: 5, current: 1 })
    expect(r.body.data.records[0]).toEqual(
      expect.objectContaining({ account: 'student', realName: '王同学', deptName: '2024级计算机1班' }),
    )
    expect(Object.keys(r.body.data.records[0]).sort()).toEqual([
      'account',
      'avatar',
      'deptName',
      'id',
      'realName',
      'roleName',
    ])
    expect((await t.get('/api/blade-user/user-list', await t.token('student'))).status).toBe(403)
    const other = await t.get('/api/blade-user/user-list', await t.token('admin', 'admin', '100001'))
    expect(other.body.data.records.map((u: any) => u.account)).toEqual(['admin'])
  })
})
