import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { user } from '../../../db/schema/index.ts'
import { first } from '../../lib/rows.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { uploadFile } from '../../../tests/support/upload.ts'

const C = '/api/hm-course/course'
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

describe('hm-course: courses, camps, sections and their links', async () => {
  const t = await testApp()
  const teacherId = async () => (await t.signIn('teacher')).user_id

  it("adds a course with a teacher chosen by role, sanitises its rich text and lists it with counts and the teacher's name", async () => {
    const admin = await t.token('admin')
    const cover = await uploadFile(t, new File([PNG], 'c.png'), admin)
    const r = await t.post(`${C}/submit`, admin, {
      type: 1,
      title: '测试课程甲',
      cover: cover.link,
      teacherId: await teacherId(),
      specialId: 1,
      cateId: 2,
      levelId: 3,
      isAuth: 1,
      content: '<p onclick="x()">好课<script>alert(1)</script></p>',
    })
    expect(r.status).toBe(200)
    expect(r.body.data.content).toBe('<p>好课</p>')
    const list = await t.get(`${C}/list`, admin, { type: 1, title: '测试课程甲' })
    expect(list.body.data.records).toEqual([
      expect.objectContaining({ id: r.body.data.id, teacherName: expect.any(String), aditedNum: 0, unauditedNum: 0 }),
    ])
    expect(list.body.data.records[0].teacherName).not.toBe('')
    // Camps are type 2 and list apart.
    await t.post(`${C}/submit`, admin, { type: 2, title: '暑期实训营' })
    expect(
      (await t.get(`${C}/list`, admin, { type: 2, title: '暑期实训营' })).body.data.records.map((x: any) => x.title),
    ).toEqual(['暑期实训营'])
  })

  it('refuses a teacher who is not a teacher, more than three covers and a missing title, naming the field', async () => {
    const admin = await t.token('admin')
    const student = (await t.signIn('student')).user_id
    expect(
      (await t.call('POST', `${C}/submit`, { token: admin, body: { title: 'x', teacherId: student }, lang: 'en' }))
        .body,
    ).toMatchObject({ field: 'teacherId', msg: 'please choose a user with the teacher role' })
    const four = Array.from({ length: 4 }, (_, i) => `/upload/public/a${i}.png`).join(',')
    expect(
      (await t.call('POST', `${C}/submit`, { token: admin, body: { title: 'x', cover: four }, lang: 'en' })).body,
    ).toMatchObject({ field: 'cover', msg: 'at most 3 images' })
    expect((await t.call('POST', `${C}/submit`, { token: admin, body: { type: 1 }, lang: 'en' })).body).toMatchObject({
      field: 'title',
      msg: 'please enter the course name',
    })
  })

  it('keeps sections in order with their courseware, download and question links', async () => {
    const admin = await t.token('admin')
    const course = (await t.post(`${C}/submit`, admin, { title: '网络基础' })).body.data
    const s2 = (
      await t.post('/api/hm-courseSection/courseSection/submit', admin, {
        courseId: course.id,
        title: '第二章',
        sort: 2,
      })
    ).body.data
    const s1 = (
      await t.post('/api/hm-courseSection/courseSection/submit', admin, {
        courseId: course.id,
        title: '第一章',
        sort: 1,
      })
    ).body.data
    expect(
      (await t.get('/api/hm-courseSection/courseSection/getCourseSection', admin, { id: course.id })).body.data.map(
        (x: any) => x.title,
      ),
    ).toEqual(['第一章', '第二章'])
    const ware = (
      await t.post('/api/hm-courseWare/courseWare/submit', admin, {
        title: '讲义',
        screen: 1,
        type: 3,
        content: '# 讲义',
      })
    ).body.data
    const link = await t.post('/api/hm-courseSectionWare/courseSectionWare/submit', admin, {
      sectionId: s1.id,
      wareId: ware.id,
    })
    expect(link.status).toBe(200)
    expect((await t.get('/api/hm-courseWare/courseWare/getCourseWareId', admin, { id: s1.id })).body.data).toEqual([
      expect.objectContaining({ id: ware.id, title: '讲义', linkId: link.body.data.id }),
    ])
    const file = await uploadFile(
      t,
      new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n' + 'x'.repeat(500))], 'manual.pdf'),
      admin,
      'download',
    )
    const dl = (await t.post('/api/hm-download/download/submit', admin, { title: '手册', fileAddress: file.link })).body
      .data
    await t.post('/api/hm-courseSectionDownload/courseSectionDownload/submit', admin, {
      sectionId: s2.id,
      downloadId: dl.id,
    })
    expect(
      (await t.get('/api/hm-download/download/getDownLoadBySectionId', admin, { id: s2.id })).body.data.map(
        (x: any) => x.title,
      ),
    ).toEqual(['手册'])
    await t.post('/api/hm-courseSectionQuestion/courseSectionQuestion/submit', admin, {
      sectionId: s2.id,
      questionId: '123',
    })
    expect((await t.get('/api/hm-question/question/getQuestionId', admin, { id: s2.id })).body.data).toEqual([
      { questionId: '123', linkId: expect.any(String) },
    ])
    // Unlinking removes the link, not the courseware.
    await t.post('/api/hm-courseSectionWare/courseSectionWare/remove', admin, undefined, { ids: link.body.data.id })
    expect((await t.get('/api/hm-courseWare/courseWare/getCourseWareId', admin, { id: s1.id })).body.data).toEqual([])
    expect((await t.get('/api/hm-courseWare/courseWare/detail', admin, { id: ware.id })).status).toBe(200)
    // A section of another tenant's course cannot be made.
    const other = await t.token('admin', 'admin', '100001')
    expect(
      (await t.post('/api/hm-courseSection/courseSection/submit', other, { courseId: course.id, title: 'x' })).status,
    ).toBe(404)
  })

  it('sets, orders, moves and removes hot courses', async () => {
    const admin = await t.token('admin')
    // Start from no hot courses (the demo catalogue has some).
    for (const x of (await t.get(`${C}/hot-list`, admin)).body.data)
      await t.get(`${C}/remove-hot-course`, admin, { id: x.id })
    const ids: string[] = []
    for (const title of ['热门A', '热门B', '热门C']) {
      const id = (await t.post(`${C}/submit`, admin, { title })).body.data.id
      ids.push(id)
      expect((await t.get(`${C}/set-hot-course`, admin, { id })).status).toBe(200)
    }
    const order = async () => (await t.get(`${C}/hot-list`, admin)).body.data.map((x: any) => x.title)
    expect(await order()).toEqual(['热门A', '热门B', '热门C'])
    await t.get(`${C}/set-top-or-bottom-hot-course`, admin, { id: ids[2], type: 'top' })
    expect(await order()).toEqual(['热门C', '热门A', '热门B'])
    await t.get(`${C}/move-hot-course`, admin, { id: ids[0], direction: 'up' })
    expect(await order()).toEqual(['热门A', '热门C', '热门B'])
    await t.get(`${C}/move-hot-course`, admin, { ids: [ids[1], ids[0], ids[2]].join(',') })
    expect(await order()).toEqual(['热门B', '热门A', '热门C'])
    expect((await t.get(`${C}/move-hot-course`, admin, { ids: ids[0] })).status).toBe(400)
    // The declared verbs name what is wrong: a direction that is neither, a missing course, another school's course.
    const sideways = await t.get(`${C}/move-hot-course`, admin, { id: ids[0], direction: 'sideways' })
    expect([sideways.status, sideways.body.field]).toEqual([400, 'direction'])
    const nameless = await t.get(`${C}/set-top-or-bottom-hot-course`, admin, { type: 'top' })
    expect([nameless.status, nameless.body.field]).toEqual([400, 'id'])
    // A place that is neither end is refused, and the order stays as it was.
    const middle = await t.get(`${C}/set-top-or-bottom-hot-course`, admin, { id: ids[1], type: 'middle' })
    expect([middle.status, middle.body.field]).toEqual([400, 'type'])
    expect(await order()).toEqual(['热门B', '热门A', '热门C'])
    await t.get(`${C}/set-top-or-bottom-hot-course`, admin, { id: ids[1], type: 'bottom' })
    expect(await order()).toEqual(['热门A', '热门C', '热门B'])
    expect(
      (await t.get(`${C}/set-top-or-bottom-hot-course`, await t.token('admin', 'admin', '100001'), { id: ids[0] }))
        .status,
    ).toBe(404)
    await t.get(`${C}/remove-hot-course`, admin, { id: ids[0] })
    expect(await order()).toEqual(['热门C', '热门B'])
    expect((await t.get(`${C}/set-hot-course`, await t.token('student'), { id: ids[0] })).status).toBe(403)
  })

  it('reviews enrolments: pending counts, approve and reject, staff adding learners', async () => {
    const admin = await t.token('admin')
    const course = (await t.post(`${C}/submit`, admin, { title: '需审核课程', isAuth: 1 })).body.data
    const student = await t.token('student')
    expect((await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: course.id })).body.data.status).toBe(0)
    const courses = (await t.get(`${C}/getExaminePage`, admin)).body.data.records
    expect(courses.find((c: any) => c.id === course.id)).toMatchObject({ unauditedNum: 1, aditedNum: 0 })
    const rows = (await t.get(`${C}/getExamineCoursePage`, admin, { courseId: course.id })).body.data.records
    expect(rows).toEqual([expect.objectContaining({ status: 0, account: 'student', courseName: '需审核课程' })])
    expect(
      (await t.post('/api/hm-courseUser/courseUser/verify', admin, undefined, { ids: rows[0].id, status: 5 })).status,
    ).toBe(400)
    expect(
      (await t.post('/api/hm-courseUser/courseUser/verify', admin, undefined, { ids: rows[0].id, status: 1 })).status,
    ).toBe(200)
    expect((await t.get(`${C}/list`, admin, { title: '需审核课程' })).body.data.records[0]).toMatchObject({
      aditedNum: 1,
      unauditedNum: 0,
    })
    const teacher = (await t.signIn('teacher')).user_id
    expect(
      (await t.post('/api/hm-courseUser/courseUser/addCourseUser', admin, { courseId: course.id, userIds: teacher }))
        .body.data,
    ).toEqual({ added: 1 })
    expect(
      (await t.post('/api/hm-courseUser/courseUser/addCourseUser', admin, { courseId: course.id, userIds: teacher }))
        .body.data,
    ).toEqual({ added: 0 })
    expect((await t.get(`${C}/list`, admin, { title: '需审核课程' })).body.data.records[0].aditedNum).toBe(2)
    // A learner of another tenant cannot be added.
    const other = (await first(t.services.db.select({ id: user.id }).from(user).where(eq(user.tenantId, '100001'))))!
    expect(
      (await t.post('/api/hm-courseUser/courseUser/addCourseUser', admin, { courseId: course.id, userIds: other.id }))
        .body.field,
    ).toBe('userId')
    expect((await t.get(`${C}/getExaminePage`, student)).status).toBe(403)
  })

  it('lists student applications across courses and camps, searchable by name and account, review only', async () => {
    const admin = await t.token('admin')
    const camp = (await t.post(`${C}/submit`, admin, { title: '申请实训营', type: 2, isAuth: 1 })).body.data
    const student = await t.token('student')
    await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: camp.id })
    const APPS = '/api/blade-system/user/getCourseExamineUserPage'
    const page = (await t.get(APPS, admin, { type: 2, status: 0, account: 'stud' })).body.data
    const row = page.records.find((r: any) => r.courseId === camp.id)
    expect(row).toMatchObject({ account: 'student', courseName: '申请实训营', courseType: 2, status: 0 })
    expect(row).toHaveProperty('deptName')
    expect(row).toHaveProperty('avatar')
    // Courses (type 1) do not list the camp's applicants; a name that matches nobody lists nothing.
    const courses = (await t.get(APPS, admin, { type: 1, size: 100 })).body.data.records
    expect(courses.some((r: any) => r.courseId === camp.id)).toBe(false)
    expect((await t.get(APPS, admin, { realName: '没有这个人' })).body.data.total).toBe(0)
    // % in a search is taken literally.
    expect((await t.get(APPS, admin, { account: '%' })).body.data.total).toBe(0)
    await t.post('/api/hm-courseUser/courseUser/verify', admin, undefined, { ids: row.id, status: 1 })
    expect((await t.get(APPS, admin, { courseId: camp.id })).body.data.records[0].status).toBe(1)
    expect((await t.get(APPS, student)).status).toBe(403)
  })
})
