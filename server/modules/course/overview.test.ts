/**
 * The teacher's course overview (hm-course/course/overview, /wel/CourseDetails) and chapter progress
 * (hm-courseSection/courseSection/progress, /wel/viewChapter) over the demo school's Python course: the numbers
 * follow what the learner does, and a colleague, a student and another school reach neither.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, role } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const OVERVIEW = '/api/hm-course/course/overview'
const CHAPTER = '/api/hm-courseSection/courseSection/progress'

describe('course overview and chapter progress for the teacher', async () => {
  const t = await testApp()
  const db = t.services.db
  const [admin, teacher, student] = [await t.token('admin'), await t.token('teacher'), await t.token('student')]
  const python = (await t.get('/api/hm-course/course/list', teacher, { title: 'Python' })).body.data.records[0]
  const chapters = (await t.get('/api/hm-courseSection/courseSection/getCourseSection', teacher, { id: python.id }))
    .body.data as { id: string; title: string }[]
  const wares = async (sectionId: string) =>
    (await t.get('/api/hm-courseWare/courseWare/getCourseWareId', teacher, { id: sectionId })).body.data as {
      id: string
      title: string
    }[]

  it("shows the demo course's chapters, enrolments, progress and ratings, and follows the learner", async () => {
    const before = (await t.get(OVERVIEW, teacher, { id: python.id })).body.data
    expect(before).toMatchObject({
      title: 'Python 程序设计基础',
      wares: 4,
      enrolled: { approved: 1, pending: 0, rejected: 0 },
      average: 0,
      completed: 0,
      ratings: { count: 1, target: 5, content: 5, method: 4, effect: 4, overall: 4.5 },
    })
    expect(before.chapters).toEqual([
      expect.objectContaining({ title: '第一章 课程导学', wares: 2, downloads: 1, average: 0, completed: 0 }),
      expect.objectContaining({ title: '第二章 动手实践', wares: 2, average: 0, completed: 0 }),
    ])
    expect(before.learners).toEqual([expect.objectContaining({ account: 'student', done: 0, progress: 0 })])

    // The learner finishes the first chapter's two courseware: a quarter each of the course.
    for (const w of await wares(chapters[0].id)) {
      const saved = await t.post('/api/nep-wbp/courseStatistics/save', student, {
        courseId: python.id,
        wareId: w.id,
        position: 1,
        progress: 100,
      })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    }
    const after = (await t.get(OVERVIEW, teacher, { id: python.id })).body.data
    expect(after).toMatchObject({ average: 50, completed: 0 })
    expect(after.chapters.map((c: { average: number; completed: number }) => [c.average, c.completed])).toEqual([
      [100, 1],
      [0, 0],
    ])
    expect(after.learners[0]).toMatchObject({ done: 2, progress: 50, lastLearnTime: expect.any(String) })
  })

  it("shows a chapter's courseware, questions and downloads with each learner's progress", async () => {
    const q = await t.post('/api/hm-question/question/submit', teacher, {
      type: 5,
      title: '循环练习',
      content: '<p>用 for 打印 1 到 10</p>',
      answer: '略',
    })
    expect(q.status, JSON.stringify(q.body)).toBe(200)
    const linked = await t.post('/api/hm-courseSectionQuestion/courseSectionQuestion/submit', teacher, {
      sectionId: chapters[1].id,
      questionId: q.body.data.id,
      sort: 2,
    })
    expect(linked.status, JSON.stringify(linked.body)).toBe(200)
    const first2 = await wares(chapters[1].id)
    await t.post('/api/nep-wbp/courseStatistics/save', student, {
      courseId: python.id,
      wareId: first2[0].id,
      position: 1,
      progress: 40,
    })
    const one = (await t.get(CHAPTER, teacher, { id: chapters[0].id })).body.data
    expect(one).toMatchObject({ title: '第一章 课程导学', course: { id: python.id, title: python.title } })
    expect(one.wares.map((w: { title: string; finished: number }) => [w.title, w.finished])).toEqual([
      ['课程导学视频', 1],
      ['课程讲义（PDF）', 1],
    ])
    expect(one.downloads.map((d: { title: string }) => d.title)).toEqual(['课程安装指南'])
    const two = (await t.get(CHAPTER, teacher, { id: chapters[1].id })).body.data
    // The demo links a question that is not in the bank: only real questions are listed.
    expect(two.questions).toEqual([expect.objectContaining({ title: '循环练习', type: 5 })])
    expect(two.wares.map((w: { average: number; finished: number }) => [w.average, w.finished])).toEqual([
      [40, 0],
      [0, 0],
    ])
    expect(two.learners).toEqual([
      expect.objectContaining({
        account: 'student',
        done: 0,
        progress: 0,
        wares: { [first2[0].id]: 40, [first2[1].id]: 0 },
      }),
    ])
  })

  it('answers 400 naming the id when it is missing', async () => {
    for (const path of [OVERVIEW, CHAPTER])
      expect((await t.call('GET', path, { token: teacher, lang: 'en' })).body).toMatchObject({ code: 400, field: 'id' })
  })

  it("keeps the overview to the teacher's own courses, staff and the school", async () => {
    const klass = (await first(db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
    const teacherRole = (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'teacher'))),
    ))!
    const made = await t.post('/api/blade-system/user/submit', admin, {
      account: 'teacher3',
      password: 'teacher3',
      realName: '周老师',
      roleId: teacherRole.id,
      deptId: klass.id,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const colleague = await t.token('teacher3')
    const other = await t.token('admin', 'admin', '100001')
    for (const [path, id] of [
      [OVERVIEW, python.id],
      [CHAPTER, chapters[0].id],
    ]) {
      // A colleague's course and another school's are not there; a learner may not ask; the school's administrator may.
      expect((await t.get(path, colleague, { id })).status).toBe(404)
      expect((await t.get(path, other, { id })).status).toBe(404)
      expect((await t.get(path, student, { id })).status).toBe(403)
      expect((await t.get(path, admin, { id })).status).toBe(200)
    }
  })
})
