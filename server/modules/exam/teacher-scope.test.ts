/**
 * Issue #24: teachers edited and re-graded each other's exams and courses. The teacher role now holds "rows they
 * created" on the exam and content menus by default (db/reference/areas/exam.ts, content.ts; synced into every
 * tenant by server/lib/reference/data-scopes.ts), and an administrator widens it with the "all rows" scope.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, role, roleMenu, roleScope, scopeData } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { formatDateTime } from '../../lib/time.ts'
import { first } from '../../lib/rows.ts'

const E = '/api/hm-paperTime/paperTime'
const U = '/api/hm-paperTime/paperTimeUser'
const C = '/api/hm-course/course'
const W = '/api/nep-wbp'
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))

describe("teachers' default data scope: own rows on the exam and content menus (issue #24)", async () => {
  const t = await testApp()
  const db = t.services.db
  const roleOf = async (tenantId: string, alias: string) =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias))),
    ))!
  const scopesOf = (roleId: string) =>
    db
      .select({ code: scopeData.resourceCode, type: scopeData.scopeType, id: scopeData.id })
      .from(roleScope)
      .innerJoin(scopeData, eq(scopeData.id, roleScope.scopeId))
      .where(and(eq(roleScope.roleId, roleId), eq(roleScope.scopeCategory, 1)))

  /** The role's grants as they stand plus `widen` data scopes, through the role screen's grant call (it replaces all). */
  async function grantRole(token: string, roleId: string, widen: string[]) {
    const menuIds = (await db.select({ id: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, roleId))).map(
      (m) => m.id,
    )
    const held = await db.select().from(roleScope).where(eq(roleScope.roleId, roleId))
    return t.post('/api/blade-system/role/grant', token, {
      roleIds: [roleId],
      menuIds,
      dataScopeIds: [...held.filter((s) => s.scopeCategory === 1).map((s) => s.scopeId), ...widen],
      apiScopeIds: held.filter((s) => s.scopeCategory === 2).map((s) => s.scopeId),
    })
  }

  const allRowsScope = async (tenantId: string, code: string) =>
    (await first(
      db
        .select({ id: scopeData.id })
        .from(scopeData)
        .where(and(eq(scopeData.tenantId, tenantId), eq(scopeData.resourceCode, code), eq(scopeData.scopeType, 1))),
    ))!.id

  it("a teacher can neither edit nor correct a colleague's exam, nor edit their course, until an administrator widens the role", async () => {
    const admin = await t.token('admin')
    const teacherRole = await roleOf('000000', 'teacher')
    const klass = (await first(db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
    const made = await t.post('/api/blade-system/user/submit', admin, {
      account: 'teacher2',
      password: 'teacher2',
      realName: '李老师',
      roleId: teacherRole.id,
      deptId: klass.id,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const [a, b, student] = [await t.token('teacher'), await t.token('teacher2'), await t.token('student')]

    const q = await t.post('/api/hm-question/question/submit', a, { type: 5, content: 'explain', answer: 'ref' })
    const paper = await t.post('/api/hm-paper/paper/submit', a, {
      name: 'A',
      type: 2,
      questions: [{ questionId: q.body.data.id, score: 10 }],
    })
    const exam = await t.post(`${E}/submit`, a, {
      title: 'A 的考试',
      startTime: at(-5),
      endTime: at(60),
      duration: 30,
      paperIds: paper.body.data.id,
    })
    expect(exam.status, JSON.stringify(exam.body)).toBe(200)
    const examId = exam.body.data.id as string
    const course = await t.post(`${C}/submit`, a, { title: 'A 的课程' })
    expect(course.status, JSON.stringify(course.body)).toBe(200)
    const courseId = course.body.data.id as string
    const sitting = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: examId })).body.data
    await t.post(`${W}/paperTimeUser/submitPaper`, student, {
      sittingId: sitting.sittingId,
      answers: [{ questionId: q.body.data.id, answer: 'mine', version: 1 }],
    })
    const correction = { id: sitting.sittingId, items: [{ questionId: q.body.data.id, score: 7 }] }

    // The colleague reaches none of it: another teacher's rows answer as if they were not there.
    const refused = {
      examDetail: (await t.get(`${E}/detail`, b, { id: examId })).status,
      examEdit: (await t.post(`${E}/submit`, b, { id: examId, title: '改了' })).status,
      sittings: (await t.get(`${U}/list`, b, { paperTimeId: examId })).status,
      viewScore: (await t.get(`${U}/viewScore`, b, { id: sitting.sittingId })).status,
      correct: (await t.post(`${U}/correctingPapers`, b, correction)).status,
      distribute: (await t.post(`${E}/distributeResults`, b, undefined, { id: examId })).status,
      question: (await t.get('/api/hm-question/question/detail', b, { id: q.body.data.id })).status,
      courseDetail: (await t.get(`${C}/detail`, b, { id: courseId })).status,
      courseEdit: (await t.post(`${C}/submit`, b, { id: courseId, title: '改了' })).status,
    }
    expect(refused).toEqual({
      examDetail: 404,
      examEdit: 404,
      sittings: 404,
      viewScore: 404,
      correct: 404,
      distribute: 404,
      question: 404,
      courseDetail: 404,
      courseEdit: 404,
    })
    expect((await t.get(`${E}/list`, b, { size: 100 })).body.data.records.map((r: any) => r.id)).not.toContain(examId)
    // The owner still does all of it.
    expect((await t.post(`${U}/correctingPapers`, a, correction)).body.data).toMatchObject({ state: 3, score: 7 })
    expect((await t.post(`${C}/submit`, a, { id: courseId, title: 'A 的课程（修订）' })).status).toBe(200)

    // The administrator widens the teacher role to all rows of exams and courses: the colleague may now.
    const widened = await grantRole(admin, teacherRole.id, [
      await allRowsScope('000000', 'exam:paperTime'),
      await allRowsScope('000000', 'content:course'),
    ])
    expect(widened.status, JSON.stringify(widened.body)).toBe(200)
    expect((await t.get(`${E}/detail`, b, { id: examId })).status).toBe(200)
    expect(
      (await t.post(`${U}/correctingPapers`, b, { ...correction, items: [{ ...correction.items[0], score: 8 }] }))
        .status,
    ).toBe(200)
    expect((await t.post(`${C}/submit`, b, { id: courseId, title: '李老师改的' })).status).toBe(200)
  })

  it("every tenant's teacher role starts with own rows; the school's administrator (tenant 100001) widens it within its own scopes", async () => {
    const codes = [
      'content:cloud',
      'content:course',
      'content:download',
      'content:series',
      'content:ware',
      'exam:group',
      'exam:paper',
      'exam:paperTime',
      'exam:question',
      'exam:team',
    ]
    // Beside these, the workflow area's own-rows scope for all staff (the leave requests they made,
    // db/reference/areas/workflow.ts) and the reports a teacher asked for (db/reference/areas/report.ts).
    const teacherCodes = [...codes, 'report:report', 'work:start']
    for (const tenantId of ['000000', '100001']) {
      const held = await scopesOf((await roleOf(tenantId, 'teacher')).id)
      expect(
        held
          .filter((s) => s.type === 2)
          .map((s) => s.code)
          .sort(),
        tenantId,
      ).toEqual(teacherCodes)
    }
    // (The first test widened tenant 000000's teacher; the school's is as the sync left it.)
    expect((await scopesOf((await roleOf('100001', 'teacher')).id)).filter((s) => s.type !== 2)).toEqual([])
    // Other roles keep every row.
    expect((await scopesOf((await roleOf('100001', 'manager')).id)).filter((s) => codes.includes(s.code))).toEqual([])

    const schoolAdmin = await t.token('admin', 'admin', '100001')
    const teacher = await roleOf('100001', 'teacher')
    const theirs = await allRowsScope('000000', 'exam:paperTime')
    const foreign = await grantRole(schoolAdmin, teacher.id, [theirs])
    expect(foreign.body).toMatchObject({ code: 400, field: 'dataScopeIds' })
    const own = await grantRole(schoolAdmin, teacher.id, [await allRowsScope('100001', 'exam:paperTime')])
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect((await scopesOf(teacher.id)).find((s) => s.code === 'exam:paperTime' && s.type === 1)).toBeTruthy()
  })
})
