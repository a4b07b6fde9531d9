/**
 * The dashboard's statistics (issue #31): courses, exercises and users, counted over seeded rows, within the school
 * and the caller's data scope, and the same figures as a workbook (the blob export).
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import {
  courseEvaluate,
  courseSection,
  courseStatistics,
  courseUser,
  dept,
  paperAnswer,
  paperTimeUser,
  role,
  sectionWare,
} from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { formatDateTime } from '../../lib/time.ts'

const S = '/api/blade-report/statistics'
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))
const T = '000000'

describe('statistics: courses, exercises and users per school and data scope, with the workbook export', async () => {
  const t = await testApp()
  const db = t.services.db
  const [admin, other0, student] = [await t.token('admin'), await t.token('teacher'), await t.token('student')]
  const klass = (await first(db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
  const roleId = async (alias: string) =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, T), eq(role.roleAlias, alias))),
    ))!.id
  const account = async (name: string, realName: string, alias: string) => {
    const r = await t.post('/api/blade-system/user/submit', admin, {
      account: name,
      password: name,
      realName,
      roleId: await roleId(alias),
      deptId: klass.id,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.id as string
  }
  // The seeded rows are a new teacher's, who has none of the demo school's: the figures are exactly these.
  await account('teacher2', '李老师', 'teacher')
  const teacher = await t.token('teacher2')
  const colleague = other0
  const learners = [await account('s1', '学员一', 'student'), await account('s2', '学员二', 'student')]

  // The teacher's course: two courseware; s1 finished both, s2 one; one pending sign-up is no enrolment.
  const courseId = (await t.post('/api/hm-course/course/submit', teacher, { title: '统计课程' })).body.data.id as string
  const section = newId()
  await db.insert(courseSection).values({ id: section, tenantId: T, courseId, title: '一' })
  const wares = [newId(), newId()]
  for (const w of wares)
    await db.insert(sectionWare).values({ id: newId(), tenantId: T, sectionId: section, wareId: w })
  const today = at(0).slice(0, 10)
  const yesterday = at(-24 * 60).slice(0, 10)
  await db.insert(courseUser).values([
    { id: newId(), tenantId: T, courseId, userId: learners[0], status: 1, createTime: at(-24 * 60) },
    { id: newId(), tenantId: T, courseId, userId: learners[1], status: 1, createTime: at(0) },
    { id: newId(), tenantId: T, courseId, userId: newId(), status: 0, createTime: at(0) },
  ])
  const seen = (userId: string, wareId: string, progress: number, time: string) =>
    db
      .insert(courseStatistics)
      .values({ id: newId(), tenantId: T, courseId, wareId, userId, progress, updateTime: time })
  await seen(learners[0], wares[0], 100, at(-24 * 60))
  await seen(learners[0], wares[1], 95, at(0))
  await seen(learners[1], wares[0], 100, at(0))
  await seen(learners[1], wares[1], 40, at(0))
  const stars = { targetEvaluate: 4, contentEvaluate: 5, methodEvaluate: 4, effectEvaluate: 5 }
  await db.insert(courseEvaluate).values([
    { id: newId(), tenantId: T, courseId, userId: learners[0], ...stars },
    { id: newId(), tenantId: T, courseId, userId: learners[1], ...stars, effectEvaluate: 3 },
  ])

  // The teacher's exam: question A (knowledge point 协议) right 1 of 2, question B (路由) right 2 of 2.
  const q = async (content: string, examCenter: string) =>
    (await t.post('/api/hm-question/question/submit', teacher, { type: 5, content, answer: '略', examCenter })).body
      .data.id as string
  const [qa, qb] = [await q('题目甲', '协议'), await q('题目乙', '路由')]
  const paperId = (
    await t.post('/api/hm-paper/paper/submit', teacher, {
      name: '统计试卷',
      type: 2,
      questions: [
        { questionId: qa, score: 50 },
        { questionId: qb, score: 50 },
      ],
    })
  ).body.data.id as string
  const examId = (
    await t.post('/api/hm-paperTime/paperTime/submit', teacher, {
      title: '统计考试',
      startTime: at(-60),
      endTime: at(60),
      duration: 30,
      paperIds: paperId,
    })
  ).body.data.id as string
  for (const [i, userId] of learners.entries()) {
    const sitting = newId()
    await db.insert(paperTimeUser).values({
      id: sitting,
      tenantId: T,
      paperTimeId: examId,
      userId,
      userName: `学员${i}`,
      paperId,
      state: 3,
      startTime: at(-30),
      deadline: Date.now(),
      score: 50,
    })
    for (const [questionId, correct] of [
      [qa, i === 0 ? 1 : 0],
      [qb, 1],
    ] as const)
      await db.insert(paperAnswer).values({
        id: newId(),
        tenantId: T,
        paperTimeUserId: sitting,
        questionId,
        answer: '"x"',
        version: 1,
        saveTime: at(-20),
        correct,
      })
  }

  it('counts enrolments, completion, ratings and enrolments per day of the courses the caller may see', async () => {
    const r = await t.get(`${S}/course`, teacher)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.courses).toContainEqual({
      courseId,
      title: '统计课程',
      enrolments: 2,
      completed: 1,
      completionRate: 50,
      ratings: 2,
      rating: 4.3,
    })
    expect(r.body.data.enrolmentsByDay).toEqual(
      expect.arrayContaining([
        { day: yesterday, count: 1 },
        { day: today, count: 1 },
      ]),
    )
    // The hot courses' own lines: this teacher's only course, one enrolment each day.
    expect(r.body.data.hotByDay).toEqual([
      { day: yesterday, courseId, title: '统计课程', count: 1 },
      { day: today, courseId, title: '统计课程', count: 1 },
    ])
  })

  it('counts attempts and accuracy per question and knowledge point, hardest first', async () => {
    const r = (await t.get(`${S}/exercise`, teacher)).body.data
    expect(r.attempts).toBe(4)
    expect(r.correctRate).toBe(75)
    expect(r.points).toEqual(
      expect.arrayContaining([
        { point: '协议', answered: 2, correctRate: 50 },
        { point: '路由', answered: 2, correctRate: 100 },
      ]),
    )
    expect(r.hardest[0]).toMatchObject({ questionId: qa, content: '题目甲', answered: 2, correctRate: 50 })
  })

  it('counts learners active per day and by department', async () => {
    const r = (await t.get(`${S}/user`, teacher)).body.data
    expect(r.activeLearners).toBe(2)
    expect(r.activeByDay).toEqual(
      expect.arrayContaining([
        { day: yesterday, count: 1 },
        { day: today, count: 2 },
      ]),
    )
    expect(r.byDept).toEqual([{ deptId: klass.id, deptName: '2024级计算机1班', count: 2 }])
  })

  it('exports the figures as a workbook in the caller’s language', async () => {
    const res = await t.app.handle(
      new Request(`http://localhost${S}/export?type=exercise`, {
        headers: { 'blade-auth': `bearer ${teacher}`, 'accept-language': 'en' },
      }),
    )
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Questions', 'Knowledge points', 'Hardest questions'])
    const rows = (wb.getWorksheet('Knowledge points')!.getSheetValues() as unknown[][])
      .filter(Boolean)
      .map((r) => r.slice(1))
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Knowledge point', 'Answers', 'Correct (%)'],
        ['协议', 2, 50],
        ['路由', 2, 100],
      ]),
    )
    const bad = await t.call('GET', `${S}/export`, { token: teacher, query: { type: 'money' } })
    expect(bad).toMatchObject({ status: 400, body: { field: 'type' } })
    expect((await t.call('GET', `${S}/course`, { token: teacher, query: { days: '0' } })).body).toMatchObject({
      code: 400,
      field: 'days',
    })
  })

  it("counts nothing of a colleague's or another school's rows, and refuses a student", async () => {
    // The demo teacher sees the demo school's rows, none of the new teacher's.
    const theirs = (await t.get(`${S}/exercise`, colleague)).body.data
    expect(theirs.questions.map((x: { questionId: string }) => x.questionId)).not.toContain(qa)
    expect(
      (await t.get(`${S}/course`, colleague)).body.data.courses.map((c: { courseId: string }) => c.courseId),
    ).not.toContain(courseId)
    const all = (await t.get(`${S}/user`, admin)).body.data.activeLearners
    expect((await t.get(`${S}/user`, colleague)).body.data.activeLearners).toBe(all - 2)
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${S}/exercise`, other)).body.data.attempts).toBe(0)
    expect((await t.get(`${S}/user`, other)).body.data.activeLearners).toBe(0)
    expect((await t.get(`${S}/course`, student)).status).toBe(403)
    // The school's administrator sees the teacher's figures too.
    expect((await t.get(`${S}/exercise`, admin)).body.data.attempts).toBeGreaterThanOrEqual(4)
  })

  it('keeps the summaries current as answers are graded, marked again and removed, whoever writes them', async () => {
    const exercise = async () => (await t.get(`${S}/exercise`, teacher)).body.data
    const of = (r: { questions: { questionId: string; answered: number; correctRate: number }[] }, id: string) =>
      r.questions.find((x) => x.questionId === id)
    const sitting = (await first(db.select().from(paperTimeUser).where(eq(paperTimeUser.userId, learners[1]))))!
    const where = and(eq(paperAnswer.paperTimeUserId, sitting.id), eq(paperAnswer.questionId, qa))
    // Marked again right: question A is now right for both learners.
    await db.update(paperAnswer).set({ correct: 1 }).where(where)
    expect(of(await exercise(), qa)).toMatchObject({ answered: 2, correctRate: 100 })
    // Ungraded again (null), then removed: it no longer counts at all.
    await db.update(paperAnswer).set({ correct: null }).where(where)
    expect(of(await exercise(), qa)).toMatchObject({ answered: 1, correctRate: 100 })
    await db.update(paperAnswer).set({ correct: 0 }).where(where)
    await db.delete(paperAnswer).where(where)
    expect(of(await exercise(), qa)).toMatchObject({ answered: 1, correctRate: 100 })
    // A save while answering (correct null) is not an attempt yet.
    const third = newId()
    await db.insert(paperTimeUser).values({
      id: third,
      tenantId: T,
      paperTimeId: sitting.paperTimeId,
      userId: newId(),
      paperId: sitting.paperId,
      state: 1,
      startTime: at(0),
      deadline: Date.now() + 60_000,
    })
    await db.insert(paperAnswer).values({
      id: newId(),
      tenantId: T,
      paperTimeUserId: third,
      questionId: qb,
      answer: '"y"',
      version: 1,
      saveTime: at(0),
    })
    expect((await exercise()).attempts).toBe(3)
    // Opening the exam made that learner active today. Learner 1's progress moving on today counts them once today,
    // and the day they studied before stays theirs: activity is history.
    await db
      .update(courseStatistics)
      .set({ updateTime: at(1) })
      .where(eq(courseStatistics.userId, learners[0]))
    const users = (await t.get(`${S}/user`, teacher)).body.data
    expect(users.activeByDay).toEqual(
      expect.arrayContaining([
        { day: yesterday, count: 1 },
        { day: today, count: 3 },
      ]),
    )
  })
})
