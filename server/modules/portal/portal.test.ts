import { describe, expect, it } from 'vitest'
import { and, count, desc, eq } from 'drizzle-orm'
import { logUsual, tenant, user } from '../../../db/schema/index.ts'
import { md5Hex } from '../auth/password.ts'
import { first } from '../../lib/rows.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { uploadFile } from '../../../tests/support/upload.ts'

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n' + 'x'.repeat(800))

describe('portal calls (nop-wbp / nep-wbp)', async () => {
  const t = await testApp()

  /** A listed course with one section holding a Markdown courseware and a step courseware. */
  async function makeCourse(admin: string, extra: Record<string, unknown> = {}) {
    const course = (
      await t.post('/api/hm-course/course/submit', admin, {
        title: `课程${Math.random().toString(36).slice(2, 7)}`,
        intro: '简介',
        ...extra,
      })
    ).body.data
    const sec = (
      await t.post('/api/hm-courseSection/courseSection/submit', admin, { courseId: course.id, title: '第一章' })
    ).body.data
    const md = (
      await t.post('/api/hm-courseWare/courseWare/submit', admin, {
        title: 'Markdown 讲义',
        screen: 1,
        type: 3,
        content: '# 标题',
      })
    ).body.data
    const steps = (
      await t.post('/api/hm-courseWare/courseWare/submit', admin, { title: '实验步骤', screen: 2, type: 4 })
    ).body.data
    await t.post('/api/hm-wareStep/wareStep/submit', admin, {
      wareId: steps.id,
      title: '第二步',
      sort: 2,
      content: '<p>b</p>',
    })
    await t.post('/api/hm-wareStep/wareStep/submit', admin, {
      wareId: steps.id,
      title: '第一步',
      sort: 1,
      content: '<p>a<img src=x onerror=alert(1)></p>',
    })
    for (const w of [md, steps])
      await t.post('/api/hm-courseSectionWare/courseSectionWare/submit', admin, { sectionId: sec.id, wareId: w.id })
    return { course, sec, md, steps }
  }

  it('lists courses for guests with search, filters and paging, and shows hot courses in order', async () => {
    const admin = await t.token('admin')
    const a = await makeCourse(admin, { title: '物联网导论', specialId: 3, isPractice: 1 })
    await makeCourse(admin, { title: '数据结构', specialId: 1 })
    const hidden = await makeCourse(admin, { title: '下架课程', status: 0 })
    const all = await t.get('/api/nep-wbp/course/list', undefined, { size: 50 })
    expect(all.status).toBe(200)
    const titles = all.body.data.records.map((c: any) => c.title)
    expect(titles).toEqual(expect.arrayContaining(['物联网导论', '数据结构']))
    expect(titles).not.toContain('下架课程')
    expect(all.body.data.records[0]).not.toHaveProperty('tenantId')
    const iot = (await t.get('/api/nep-wbp/course/list', undefined, { specialId: 3, size: 50 })).body.data.records.map(
      (c: any) => c.title,
    )
    expect(iot).toContain('物联网导论')
    expect(iot).not.toContain('数据结构')
    expect(
      (await t.get('/api/nep-wbp/course/list', undefined, { isPractice: 1, title: '物联网导' })).body.data.total,
    ).toBe(1)
    expect((await t.get('/api/nep-wbp/course/list', undefined, { size: 1, current: 2 })).body.data).toMatchObject({
      size: 1,
      current: 2,
    })
    expect((await t.get('/api/nep-wbp/course/list', undefined, { specialId: 'x' })).body.field).toBe('specialId')
    expect((await t.get('/api/nop-wbp/course/detail', undefined, { id: hidden.course.id })).status).toBe(404)
    await t.get('/api/hm-course/course/set-hot-course', admin, { id: a.course.id })
    expect(
      (await t.get('/api/nep-wbp/course/hotCourse', undefined, { number: 4 })).body.data.map((c: any) => c.title),
    ).toContain('物联网导论')
    // The outline is public; the materials are not.
    const outline = (await t.get('/api/nep-wbp/course/getCourseSection', undefined, { id: a.course.id })).body.data
    expect(outline.enrolled).toBe(false)
    expect(outline.sections[0].wares.map((w: any) => w.title)).toEqual(['Markdown 讲义', '实验步骤'])
    expect(outline.sections[0].wares[0]).not.toHaveProperty('content')
  })

  it('enrols, reviews when isAuth, opens the materials and keeps progress', async () => {
    const admin = await t.token('admin')
    const { course, md, steps } = await makeCourse(admin, { isAuth: 1 })
    const student = await t.token('student')
    expect((await t.post('/api/nep-wbp/courseUser/signUp', undefined, { courseId: course.id })).status).toBe(401)
    const signed = await t.call('POST', '/api/nep-wbp/courseUser/signUp', {
      token: student,
      body: { courseId: course.id },
      lang: 'en',
    })
    expect(signed.body).toMatchObject({ data: { status: 0 }, msg: "enrolled: waiting for the teacher's approval" })
    expect((await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: course.id })).status).toBe(400)
    expect((await t.get('/api/nop-wbp/course/detail', student, { id: course.id })).body.data.enrolStatus).toBe(0)
    expect((await t.get('/api/nep-wbp/course/getCourseSection', student, { id: course.id })).body.data.enrolled).toBe(
      false,
    )
    expect(
      (
        await t.post('/api/nep-wbp/courseStatistics/save', student, {
          courseId: course.id,
          wareId: md.id,
          progress: 10,
        })
      ).status,
    ).toBe(400)
    const row = (await t.get('/api/hm-course/course/getExamineCoursePage', admin, { courseId: course.id })).body.data
      .records[0]
    await t.post('/api/hm-courseUser/courseUser/verify', admin, undefined, { ids: row.id, status: 1 })
    const open = (await t.get('/api/nep-wbp/course/getCourseSection', student, { id: course.id })).body.data
    expect(open.enrolled).toBe(true)
    const [mdW, stepW] = open.sections[0].wares
    expect(mdW.content).toBe('# 标题')
    expect(stepW.steps.map((x: any) => x.title)).toEqual(['第一步', '第二步'])
    expect(stepW.steps[0].content).toBe('<p>a<img src="x" /></p>')
    expect(
      (
        await t.post('/api/nep-wbp/courseStatistics/save', student, {
          courseId: course.id,
          wareId: steps.id,
          position: 1,
          progress: 50,
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await t.post('/api/nep-wbp/courseStatistics/save', student, {
          courseId: course.id,
          wareId: md.id,
          position: 0,
          progress: 100,
        })
      ).status,
    ).toBe(200)
    // Going back to the start keeps "finished".
    expect(
      (
        await t.post('/api/nep-wbp/courseStatistics/save', student, {
          courseId: course.id,
          wareId: md.id,
          position: 0,
          progress: 5,
        })
      ).body.data.progress,
    ).toBe(100)
    expect(
      (await t.post('/api/nep-wbp/courseStatistics/save', student, { courseId: course.id, wareId: '999', progress: 5 }))
        .body.field,
    ).toBe('wareId')
    expect(
      (
        await t.post('/api/nep-wbp/courseStatistics/save', student, {
          courseId: course.id,
          wareId: md.id,
          progress: 500,
        })
      ).body.field,
    ).toBe('progress')
    const again = (await t.get('/api/nep-wbp/course/getCourseSection', student, { id: course.id })).body.data
      .sections[0].wares
    expect(again.map((w: any) => [w.position, w.progress])).toEqual([
      [0, 100],
      [1, 50],
    ])
    const mine = (await t.get('/api/nep-wbp/courseUser/showMyCourse', student)).body.data.records.find(
      (c: any) => c.id === course.id,
    )
    expect(mine).toMatchObject({ enrolStatus: 1, progress: 50 })
  })

  it('rates a course only when enrolled, four stars of 1–5, one rating per learner that a resubmit edits', async () => {
    const admin = await t.token('admin')
    const { course } = await makeCourse(admin)
    const student = await t.token('student')
    const teacher = await t.token('teacher')
    const stars = { targetEvaluate: 5, contentEvaluate: 4, methodEvaluate: 4, effectEvaluate: 3, evaluate: '讲得清楚' }
    expect(
      (
        await t.call('POST', '/api/nep-wbp/courseEvaluate/submit', {
          token: teacher,
          body: { courseId: course.id, ...stars },
          lang: 'en',
        })
      ).body,
    ).toMatchObject({ field: 'courseId', msg: 'only learners enrolled in this course can rate it' })
    await t.post('/api/nep-wbp/courseUser/signUp', student, { courseId: course.id })
    expect(
      (await t.get('/api/nep-wbp/courseEvaluate/detail', student, { courseId: course.id })).body.data,
    ).toMatchObject({ canRate: true, mine: null, total: 0 })
    expect(
      (
        await t.post('/api/nep-wbp/courseEvaluate/submit', student, {
          courseId: course.id,
          ...stars,
          methodEvaluate: 6,
        })
      ).body.field,
    ).toBe('methodEvaluate')
    expect(
      (await t.post('/api/nep-wbp/courseEvaluate/submit', student, { courseId: course.id, ...stars })).status,
    ).toBe(200)
    // One rating per learner and course: submitting again edits it (still one row).
    const edited = await t.call('POST', '/api/nep-wbp/courseEvaluate/submit', {
      token: student,
      body: { courseId: course.id, ...stars, effectEvaluate: 5, evaluate: '讲得清楚，练习也好' },
      lang: 'en',
    })
    expect(edited.body).toMatchObject({ code: 200, msg: 'updated successfully' })
    const d = (await t.get('/api/nep-wbp/courseEvaluate/detail', undefined, { courseId: course.id })).body.data
    expect(d).toMatchObject({ total: 1, canRate: false })
    expect(d.records[0]).toMatchObject({
      evaluate: '讲得清楚，练习也好',
      targetEvaluate: 5,
      effectEvaluate: 5,
      userName: expect.any(String),
    })
    const mine = (await t.get('/api/nep-wbp/courseEvaluate/detail', student, { courseId: course.id })).body.data
    expect(mine).toMatchObject({ canRate: true, mine: { id: d.records[0].id, effectEvaluate: 5 } })
    expect(d.records[0]).not.toHaveProperty('userId')
    expect((await t.get('/api/nop-wbp/course/detail', undefined, { id: course.id })).body.data.rating).toMatchObject({
      count: 1,
      target: 5,
      effect: 5,
    })
    // Staff see and moderate ratings.
    const page = (await t.get('/api/hm-courseEvaluate/courseEvaluate/page', admin, { courseId: course.id })).body.data
    expect(page.records[0]).toMatchObject({ courseName: course.title, evaluate: '讲得清楚，练习也好' })
    await t.post('/api/hm-courseEvaluate/courseEvaluate/submit', admin, { id: page.records[0].id, status: 0 })
    expect(
      (await t.get('/api/nep-wbp/courseEvaluate/detail', undefined, { courseId: course.id })).body.data.total,
    ).toBe(0)
  })

  it('generates unguessable cards, exports them, redeems one and refuses it the second time', async () => {
    const admin = await t.token('admin')
    const { course } = await makeCourse(admin, { isAuth: 1 })
    const gen = await t.post('/api/hm-courseCard/courseCard/generate', admin, { courseId: course.id, count: 5 })
    expect(gen.body.data.count).toBe(5)
    expect(
      (await t.post('/api/hm-courseCard/courseCard/generate', admin, { courseId: course.id, count: 0 })).body.field,
    ).toBe('count')
    const cards = (await t.get('/api/hm-courseCard/courseCard/page', admin, { batchNo: gen.body.data.batchNo })).body
      .data.records
    expect(cards).toHaveLength(5)
    expect(new Set(cards.map((c: any) => c.cardNumber)).size).toBe(5)
    expect(cards[0]).toMatchObject({
      status: 0,
      courseName: course.title,
      cardNumber: expect.stringMatching(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/),
    })
    const csv = await t.app.handle(
      new Request(`http://localhost/api/hm-courseCard/courseCard/export?batchNo=${gen.body.data.batchNo}`, {
        headers: { 'blade-auth': `bearer ${admin}` },
      }),
    )
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines).toHaveLength(6)
    expect(lines[0]).toContain('卡号')
    const student = await t.token('student')
    const number = cards[0].cardNumber as string
    // Typed in lower case without dashes is the same card.
    const check = await t.call('GET', '/api/nep-wbp/courseCard/checkCard', {
      token: student,
      query: { cardNumber: number.replace(/-/g, '').toLowerCase() },
      lang: 'en',
    })
    expect(check.body).toMatchObject({ data: { courseId: course.id }, msg: `the card is valid for ${course.title}` })
    const used = await t.get('/api/nep-wbp/courseCard/useCard', student, { cardNumber: number })
    expect(used.body.data.courseId).toBe(course.id)
    // A card enrols at once, even in a course that needs review.
    expect((await t.get('/api/nop-wbp/course/detail', student, { id: course.id })).body.data.enrolStatus).toBe(1)
    const teacher = await t.token('teacher')
    expect(
      (
        await t.call('GET', '/api/nep-wbp/courseCard/useCard', {
          token: teacher,
          query: { cardNumber: number },
          lang: 'en',
        })
      ).body,
    ).toMatchObject({ field: 'cardNumber', msg: 'this card has already been used' })
    expect(
      (
        await t.call('GET', '/api/nep-wbp/courseCard/checkCard', {
          token: teacher,
          query: { cardNumber: 'AAAA-BBBB-CCCC-DDDD' },
          lang: 'en',
        })
      ).body.msg,
    ).toBe('no such card number')
    expect((await t.get('/api/nep-wbp/courseCard/getUseList', student)).body.data.records).toEqual([
      expect.objectContaining({ cardNumber: number, courseName: course.title }),
    ])
    expect(
      (await t.get('/api/hm-courseCard/courseCard/page', admin, { batchNo: gen.body.data.batchNo, status: 1 })).body
        .data.records[0].usrName,
    ).not.toBe('')
    // Another tenant's learner cannot use this tenant's card.
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get('/api/nep-wbp/courseCard/checkCard', other, { cardNumber: cards[1].cardNumber })).status).toBe(
      400,
    )
  })

  it('serves banners by position, published news, series and cloud documents to guests', async () => {
    const admin = await t.token('admin')
    const img = await uploadFile(t, new File([PNG], 'b.png'), admin, 'banner')
    await t.post('/api/wp-banner/banner/submit', admin, {
      title: '首页横幅',
      cover: img.link,
      position: 1,
      href: 'https://example.com',
      sort: 1,
    })
    expect(
      (
        await t.post('/api/wp-banner/banner/submit', admin, {
          title: 'x',
          cover: img.link,
          href: 'javascript:alert(1)',
        })
      ).body.field,
    ).toBe('href')
    expect(
      (await t.get('/api/nop-wbp/banner/getBannerByType', undefined, { position: 1 })).body.data.map(
        (b: any) => b.title,
      ),
    ).toContain('首页横幅')
    expect(
      (await t.get('/api/nop-wbp/banner/getBannerByType', undefined, { position: 2 })).body.data.map(
        (b: any) => b.title,
      ),
    ).not.toContain('首页横幅')
    const news = (
      await t.post('/api/blade-blog/blog/submit', admin, {
        title: '开学通知',
        category: 2,
        releaseTime: '2024-09-01 08:00:00',
        status: 1,
      })
    ).body.data
    await t.post('/api/blade-blog/blog/submit', admin, {
      title: '草稿',
      category: 2,
      releaseTime: '2024-09-01 08:00:00',
    })
    expect((await t.post('/api/blade-blog/blog/submit', admin, { title: 'x', category: 1 })).body.field).toBe(
      'releaseTime',
    )
    const saved = await t.post('/api/blade-blog/blogDetail/save', admin, {
      blogId: news.id,
      content: '<h2>通知</h2><img src="/upload/public/x.png" onerror="alert(1)"><iframe src="https://evil"></iframe>',
    })
    expect(saved.body.data.content).toBe('<h2>通知</h2><img src="/upload/public/x.png" />')
    const list = (await t.get('/api/nop-wbp/blog/list', undefined, { category: 2 })).body.data.records.map(
      (b: any) => b.title,
    )
    expect(list).toContain('开学通知')
    expect(list).not.toContain('草稿')
    expect((await t.get('/api/nop-wbp/blog/detail', undefined, { id: news.id })).body.data.content).toContain(
      '<h2>通知</h2>',
    )
    // Notices are the news of category 2.
    expect((await t.get('/api/nop-wbp/notice/list')).body.data.records.every((b: any) => b.category === 2)).toBe(true)
    expect((await t.get('/api/nop-wbp/notice/detail', undefined, { id: news.id })).body.data.title).toBe('开学通知')
    const sr = (await t.post('/api/blade-series/series/submit', admin, { title: '物联网系列' })).body.data
    const { course } = await makeCourse(admin)
    await t.post('/api/blade-courseSeries/courseSeries/submit', admin, { seriesId: sr.id, courseId: course.id })
    expect(
      (await t.get('/api/nep-wbp/courseSeries/getCourseSeriesList')).body.data.records.map((x: any) => x.title),
    ).toContain('物联网系列')
    expect(
      (await t.get('/api/nep-wbp/courseSeries/getCourseSeries', undefined, { id: sr.id })).body.data.courses.map(
        (c: any) => c.title,
      ),
    ).toEqual([course.title])
    // Cloud documents: folder tree, Markdown text and a signed PDF link for signed-in users only.
    const root = (await t.post('/api/cloud-document/folder/submit', admin, { name: '教学资料' })).body.data
    const sub = (await t.post('/api/cloud-document/folder/submit', admin, { name: '实验手册', parentId: root.id })).body
      .data
    expect(
      (await t.post('/api/cloud-document/folder/submit', admin, { id: root.id, parentId: sub.id })).body.field,
    ).toBe('parentId')
    expect(
      (await t.get('/api/cloud-document/folder/tree', admin)).body.data
        .find((f: any) => f.id === root.id)
        .children.map((f: any) => f.name),
    ).toEqual(['实验手册'])
    const md = await uploadFile(
      t,
      new File([new TextEncoder().encode('# 实验一\n\n步骤')], 'lab.md'),
      admin,
      'document',
    )
    const pdf = await uploadFile(t, new File([PDF], 'lab.pdf'), admin, 'document')
    const mdDoc = (
      await t.post('/api/cloud-document/document/submit', admin, {
        folderId: sub.id,
        title: '实验一',
        fileAddress: md.link,
      })
    ).body.data
    const pdfDoc = (
      await t.post('/api/cloud-document/document/submit', admin, {
        folderId: sub.id,
        title: '手册',
        fileAddress: pdf.link,
      })
    ).body.data
    expect(pdfDoc).toMatchObject({ fileType: 'pdf', fileSize: PDF.length })
    expect((await t.post('/api/cloud-document/folder/remove', admin, undefined, { ids: sub.id })).status).toBe(409)
    expect((await t.get('/api/nop-wbp/folder/lazy-tree', undefined, { parentId: root.id })).body.data).toEqual([
      { id: sub.id, parentId: root.id, name: '实验手册', hasChildren: false },
    ])
    expect(
      (await t.get('/api/nop-wbp/folder/getDocument', undefined, { folderId: sub.id })).body.data.map(
        (d: any) => d.title,
      ),
    ).toEqual(['实验一', '手册'])
    expect((await t.get('/api/nop-wbp/document/detail', undefined, { id: mdDoc.id })).body.data).toMatchObject({
      needLogin: true,
      link: null,
      text: null,
    })
    const student = await t.token('student')
    expect((await t.get('/api/nop-wbp/document/detail', student, { id: mdDoc.id })).body.data.text).toBe(
      '# 实验一\n\n步骤',
    )
    const link = (await t.get('/api/nop-wbp/document/detail', student, { id: pdfDoc.id })).body.data.link
    expect((await t.app.handle(new Request(`http://localhost${link}`))).status).toBe(200)
    expect((await t.app.handle(new Request(`http://localhost${pdf.link}`))).status).not.toBe(200)
    await t.post('/api/cloud-document/document/update-info', admin, {
      id: pdfDoc.id,
      title: '实验手册 v2',
      fileAddress: md.link,
    })
    expect((await t.get('/api/cloud-document/document/detail', admin, { id: pdfDoc.id })).body.data).toMatchObject({
      title: '实验手册 v2',
      fileType: 'pdf',
    })
  })

  it('releases a download only through the lead form, counting it', async () => {
    const admin = await t.token('admin')
    const file = await uploadFile(t, new File([PDF], 'guide.pdf'), admin, 'download')
    const dl = (
      await t.post('/api/hm-download/download/submit', admin, { title: '安装指南', fileAddress: file.link, tag: 1 })
    ).body.data
    expect(dl.fileSize).toBeCloseTo(PDF.length / 1024 / 1024, 2)
    const png = await uploadFile(t, new File([PNG], 'p.png'), admin, 'image')
    expect(
      (await t.post('/api/hm-download/download/submit', admin, { title: 'x', fileAddress: png.link })).body.field,
    ).toBe('fileAddress')
    const listed = (await t.get('/api/nop-wbp/download/list')).body.data.records.find((d: any) => d.id === dl.id)
    expect(listed).toMatchObject({ title: '安装指南', count: 0 })
    expect(listed).not.toHaveProperty('fileAddress')
    // A section's downloads show on the course page by title and size, never with the file.
    const { course, sec } = await makeCourse(admin)
    await t.post('/api/hm-courseSectionDownload/courseSectionDownload/submit', admin, {
      sectionId: sec.id,
      downloadId: dl.id,
    })
    const outline = (await t.get('/api/nep-wbp/course/getCourseSection', undefined, { id: course.id })).body.data
    expect(outline.sections[0].downloads).toEqual([
      { id: dl.id, title: '安装指南', intro: null, fileSize: dl.fileSize, count: 0, tag: 1 },
    ])
    const lead = { name: '王老师', phone: '13800138000', email: 'w@school.cn', unit: '一中', downloadFileId: dl.id }
    expect(
      (await t.call('POST', '/api/nop-wbp/downloadMessage/save', { body: { ...lead, phone: '' }, lang: 'en' })).body,
    ).toMatchObject({ field: 'phone', msg: 'phone number cannot be empty' })
    expect(
      (
        await t.call('POST', '/api/nop-wbp/downloadMessage/save', {
          body: { ...lead, phone: '1380013800' },
          lang: 'en',
        })
      ).body,
    ).toMatchObject({ field: 'phone', msg: 'phone number must be 11 digits' })
    expect((await t.post('/api/nop-wbp/downloadMessage/save', undefined, { ...lead, email: 'nope' })).body.field).toBe(
      'email',
    )
    const ok = await t.post('/api/nop-wbp/downloadMessage/save', undefined, lead)
    expect(ok.status).toBe(200)
    const got = await t.app.handle(new Request(`http://localhost${ok.body.data.link}`))
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF)
    expect((await t.get('/api/hm-download/download/detail', admin, { id: dl.id })).body.data.count).toBe(1)
    const leads = (await t.get('/api/blade-downloadMessage/downloadMessage/page', admin, { phone: '13800138000' })).body
      .data.records
    expect(leads[0]).toMatchObject({ name: '王老师', fileTitle: '安装指南' })
  })

  it('signs a learner up by phone with a code sent through the SMS provider (the log by default)', async () => {
    const phone = '13912345678'
    expect((await t.call('GET', '/api/nop-wbp/send/msg', { query: { phone: '' }, lang: 'en' })).body).toMatchObject({
      field: 'phone',
      msg: 'phone number cannot be empty',
    })
    expect(
      (await t.call('GET', '/api/nop-wbp/send/msg', { query: { phone: '139123456789' }, lang: 'en' })).body,
    ).toMatchObject({ field: 'phone', msg: 'phone number must be 11 digits' })
    expect((await t.get('/api/nop-wbp/send/msg', undefined, { phone })).status).toBe(200)
    expect((await t.get('/api/nop-wbp/send/msg', undefined, { phone })).status).toBe(429)
    const logged = (await first(
      t.services.db
        .select()
        .from(logUsual)
        .where(and(eq(logUsual.title, 'sms code')))
        .orderBy(desc(logUsual.id)),
    ))!
    const { code } = JSON.parse(logged.logData!)
    expect(code).toMatch(/^\d{6}$/)
    const form = { phone, name: '新同学', password: md5Hex('secret1'), password2: md5Hex('secret1') }
    expect(
      (await t.post('/api/nop-wbp/user/addUser', undefined, { ...form, code: code === '000000' ? '111111' : '000000' }))
        .body.field,
    ).toBe('code')
    expect(
      (await t.post('/api/nop-wbp/user/addUser', undefined, { ...form, password2: md5Hex('x'), code })).body.field,
    ).toBe('password2')
    expect((await t.post('/api/nop-wbp/user/addUser', undefined, { ...form, code })).status).toBe(200)
    const me = await t.signIn(phone, 'secret1')
    expect(me.role_name).toBe('student')
    // The code is spent.
    expect((await t.post('/api/nop-wbp/user/addUser', undefined, { ...form, code })).body.field).toBe('code')
  })
})

describe('the account limit under parallel sign-ups', async () => {
  const t = await testApp({ ATRIUM_REGISTER_IP_LIMIT: '1000' })

  it('8 sign-ups at once with 3 places left in the school create exactly 3 accounts', async () => {
    const accounts = async () =>
      (
        await t.services.db
          .select({ n: count() })
          .from(user)
          .where(and(eq(user.tenantId, '000000'), eq(user.isDeleted, 0)))
      )[0]!.n
    const phones = [...Array(8)].map((_, i) => `1390000100${i}`)
    for (const phone of phones) expect((await t.get('/api/nop-wbp/send/msg', undefined, { phone })).status).toBe(200)
    const sent = await t.services.db
      .select({ data: logUsual.logData })
      .from(logUsual)
      .where(eq(logUsual.title, 'sms code'))
    const codes = new Map(
      sent.map((r) => JSON.parse(r.data!) as { phone: string; code: string }).map((d) => [d.phone, d.code]),
    )
    const before = await accounts()
    await t.services.db
      .update(tenant)
      .set({ accountNumber: before + 3 })
      .where(eq(tenant.tenantId, '000000'))
    const password = md5Hex('secret1')
    const answers = await Promise.all(
      phones.map((phone) =>
        t.call('POST', '/api/nop-wbp/user/addUser', {
          body: { phone, name: '新同学', password, password2: password, code: codes.get(phone) },
          lang: 'en',
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body).toMatchObject({ code: 400, field: 'phone' })
    expect(await accounts()).toBe(before + 3)
  })
})
