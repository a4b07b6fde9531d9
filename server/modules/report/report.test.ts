/**
 * Printable reports (issue #31): a teacher asks for an exam's results and a course's progress as PDF and XLSX; a job
 * renders them into the file store; the list links the file, and removing the report removes the file. The PDF is
 * checked with poppler (page 1 as a PNG, the text layer holding the Chinese names and the scores), the workbook read
 * back with exceljs. A colleague, a student and another school reach none of it.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import {
  attach,
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
import { startJobRunner } from '../../lib/jobs.ts'
import { first } from '../../lib/rows.ts'
import { formatDateTime } from '../../lib/time.ts'
import { REPORT_JOB } from './report-job.ts'

const R = '/api/blade-report/report/rest'
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))

describe('printable reports: exam results and course progress as PDF and XLSX (blade-report/report/rest)', async () => {
  const t = await testApp()
  const db = t.services.db
  const runner = startJobRunner(t.services, { kinds: [REPORT_JOB], pollMs: 50 })
  const scratch = mkdtempSync(join(tmpdir(), 'atrium-report-'))
  afterAll(async () => {
    await runner.stop()
    rmSync(scratch, { recursive: true, force: true })
  })
  const [admin, teacher, student] = [await t.token('admin'), await t.token('teacher'), await t.token('student')]
  const teacherId = (await t.signIn('teacher')).user_id
  const klass = (await first(db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
  const roleId = async (alias: string) =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, alias))),
    ))!.id
  const made = await t.post('/api/blade-system/user/submit', admin, {
    account: 'teacher2',
    password: 'teacher2',
    realName: '李老师',
    roleId: await roleId('teacher'),
    deptId: klass.id,
  })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  const colleague = await t.token('teacher2')

  // An exam of the teacher's with two questions (60 + 40 points) and three corrected sittings.
  const q1 = (
    await t.post('/api/hm-question/question/submit', teacher, { type: 5, content: '简述 TCP 三次握手', answer: '略' })
  ).body.data.id as string
  const q2 = (
    await t.post('/api/hm-question/question/submit', teacher, { type: 5, content: '解释进程与线程', answer: '略' })
  ).body.data.id as string
  const paper = await t.post('/api/hm-paper/paper/submit', teacher, {
    name: '网络基础',
    type: 2,
    questions: [
      { questionId: q1, score: 60 },
      { questionId: q2, score: 40 },
    ],
  })
  expect(paper.status, JSON.stringify(paper.body)).toBe(200)
  const exam = await t.post('/api/hm-paperTime/paperTime/submit', teacher, {
    title: '期中考试',
    startTime: at(-120),
    endTime: at(-60),
    duration: 30,
    paperIds: paper.body.data.id,
  })
  expect(exam.status, JSON.stringify(exam.body)).toBe(200)
  const examId = exam.body.data.id as string
  const learners = [
    { name: '张三', score: 92.5, right: [1, 1] },
    { name: '李四', score: 45, right: [0, 1] },
    { name: '王五', score: 60, right: [1, 0] },
  ]
  for (const l of learners) {
    const sitting = newId()
    await db.insert(paperTimeUser).values({
      id: sitting,
      tenantId: '000000',
      paperTimeId: examId,
      userId: newId(),
      userName: l.name,
      classId: klass.id,
      paperId: paper.body.data.id,
      state: 3,
      startTime: at(-110),
      deadline: Date.now() - 80 * 60_000,
      submitTime: at(-90),
      score: l.score,
    })
    for (const [i, q] of [q1, q2].entries())
      await db.insert(paperAnswer).values({
        id: newId(),
        tenantId: '000000',
        paperTimeUserId: sitting,
        questionId: q,
        answer: '"答"',
        version: 1,
        saveTime: at(-95),
        correct: l.right[i],
      })
  }

  // A course of the teacher's with four courseware and two enrolled learners.
  const course = await t.post('/api/hm-course/course/submit', teacher, { title: '计算机网络' })
  expect(course.status, JSON.stringify(course.body)).toBe(200)
  const courseId = course.body.data.id as string
  const section = newId()
  await db.insert(courseSection).values({ id: section, tenantId: '000000', courseId, title: '第一章' })
  const wares = [newId(), newId(), newId(), newId()]
  for (const w of wares)
    await db.insert(sectionWare).values({ id: newId(), tenantId: '000000', sectionId: section, wareId: w })
  const studentRole = await roleId('student')
  for (const [account, realName, seen] of [
    ['learner1', '赵六', [100, 95, 90, 100]],
    ['learner2', '钱七', [100, 50]],
  ] as const) {
    const u = await t.post('/api/blade-system/user/submit', admin, {
      account,
      password: account,
      realName,
      roleId: studentRole,
      deptId: klass.id,
    })
    expect(u.status, JSON.stringify(u.body)).toBe(200)
    const userId = u.body.data.id as string
    await db.insert(courseUser).values({ id: newId(), tenantId: '000000', courseId, userId, status: 1, source: 2 })
    for (const [i, progress] of seen.entries())
      await db.insert(courseStatistics).values({
        id: newId(),
        tenantId: '000000',
        courseId,
        wareId: wares[i],
        userId,
        progress,
        updateTime: at(-i),
      })
  }

  /** Asks for a report and waits until its job settled; answers the list row. */
  async function generated(token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') {
    const r = await t.call('POST', `${R}/generate`, { token, body, lang })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const id = r.body.data.id as string
    for (let i = 0; i < 400; i++) {
      const row = (await t.get(`${R}/list`, token, { size: 200 })).body.data.records.find(
        (x: { id: string }) => x.id === id,
      )
      if (row.state !== 0) return row
      await Bun.sleep(50)
    }
    throw new Error(`report ${id} still generating`)
  }

  const download = async (url: string) => {
    const res = await t.app.handle(new Request(`http://localhost${url}`))
    expect(res.status).toBe(200)
    return new Uint8Array(await res.arrayBuffer())
  }

  const poppler = (args: string[]) => {
    const p = Bun.spawnSync(args, { stderr: 'pipe' })
    expect(p.exitCode, p.stderr.toString()).toBe(0)
    return p.stdout.toString()
  }

  it("renders an exam's results as a PDF with Chinese text: page 1 as PNG, names, scores and pass in the text layer", async () => {
    const row = await generated(teacher, { kind: 'examResults', format: 'pdf', subjectId: examId })
    expect(row).toMatchObject({ state: 1, format: 'pdf', name: '考试成绩报告：期中考试', lang: 'zh' })
    expect(row.downloadUrl).toMatch(/^\/upload\/private\/.+\.pdf\?expires=\d+&sign=/)
    const pdf = await download(row.downloadUrl)
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-')
    const file = join(scratch, 'exam.pdf')
    await Bun.write(file, pdf)
    poppler(['pdftoppm', '-png', '-f', '1', '-l', '1', '-r', '50', file, join(scratch, 'exam')])
    const png = readFileSync(join(scratch, 'exam-1.png'))
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
    const text = poppler(['pdftotext', '-layout', file, '-'])
    for (const s of ['考试成绩报告', '期中考试', '张三', '92.5', '李四', '45', '王五', '60', '不及格', '分数分布'])
      expect(text).toContain(s)
    // 张三 and 王五 pass (60 % of 100 points), 李四 does not; question 1 right for 2 of 3, question 2 for 2 of 3.
    expect(text).toMatch(/参考人数 3，及格 2 人/)
    expect(text).toMatch(/简述 TCP 三次握手\s+3\s+66\.7/)
    expect(text).toMatch(/90-100%\s+1/)
  })

  it("writes the workbook in the requester's language, rows read back with exceljs", async () => {
    const row = await generated(teacher, { kind: 'examResults', format: 'xlsx', subjectId: examId }, 'en')
    expect(row).toMatchObject({ state: 1, name: 'Exam results：期中考试', lang: 'en' })
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await download(row.downloadUrl)).buffer as ArrayBuffer)
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Learners', 'Questions', 'Score distribution'])
    const rows = (wb.getWorksheet('Learners')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1))
    expect(rows).toContainEqual(['No.', 'Name', 'Class', 'Score', 'Points', 'Passed'])
    expect(rows).toContainEqual([1, '张三', '2024级计算机1班', 92.5, 100, 'yes'])
    expect(rows).toContainEqual([2, '李四', '2024级计算机1班', 45, 100, 'no'])
    expect(rows).toContainEqual([3, '王五', '2024级计算机1班', 60, 100, 'yes'])
  })

  it("renders a course's progress per learner as PDF and XLSX", async () => {
    const pdfRow = await generated(teacher, { kind: 'courseProgress', format: 'pdf', subjectId: courseId })
    const file = join(scratch, 'course.pdf')
    await Bun.write(file, await download(pdfRow.downloadUrl))
    const text = poppler(['pdftotext', '-layout', file, '-'])
    expect(text).toContain('课程学习进度报告：计算机网络')
    // 赵六 finished all four (90 % counts); 钱七 one of four.
    expect(text).toMatch(/赵六\s+learner1\s+4\/4\s+100/)
    expect(text).toMatch(/钱七\s+learner2\s+1\/4\s+25/)
    expect(text).toMatch(/全部完成 1 人，平均完成度 63%/)
    const xlsxRow = await generated(teacher, { kind: 'courseProgress', format: 'xlsx', subjectId: courseId })
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await download(xlsxRow.downloadUrl)).buffer as ArrayBuffer)
    const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1, 6))
    expect(rows).toContainEqual([1, '赵六', 'learner1', '4/4', 100])
    expect(rows).toContainEqual([2, '钱七', 'learner2', '1/4', 25])
  })

  it('refuses bad input naming the field, in both languages', async () => {
    const missing = await t.call('POST', `${R}/generate`, {
      token: teacher,
      body: { format: 'pdf', subjectId: examId },
    })
    expect(missing).toMatchObject({
      status: 400,
      body: { field: 'kind', msg: '请选择报表类型（考试成绩或课程学习进度）' },
    })
    const format = await t.call('POST', `${R}/generate`, {
      token: teacher,
      lang: 'en',
      body: { kind: 'examResults', format: 'docx', subjectId: examId },
    })
    expect(format).toMatchObject({
      status: 400,
      body: { field: 'format', msg: 'please choose the file format: PDF or Excel' },
    })
    const subject = await t.post(`${R}/generate`, teacher, { kind: 'examResults', format: 'pdf', subjectId: 'x' })
    expect(subject).toMatchObject({ status: 400, body: { field: 'subjectId' } })
  })

  it("keeps reports to their school, the teacher's own exams and courses, and staff", async () => {
    // A colleague may not report on the teacher's exam or course, nor sees the teacher's reports.
    for (const [kind, subjectId] of [
      ['examResults', examId],
      ['courseProgress', courseId],
    ])
      expect((await t.post(`${R}/generate`, colleague, { kind, format: 'pdf', subjectId })).status).toBe(404)
    expect((await t.get(`${R}/list`, colleague)).body.data.total).toBe(0)
    // A student may neither ask nor list.
    expect(
      (await t.post(`${R}/generate`, student, { kind: 'examResults', format: 'pdf', subjectId: examId })).status,
    ).toBe(403)
    expect((await t.get(`${R}/list`, student)).status).toBe(403)
    // Another school's administrator finds neither the exam nor the reports.
    const other = await t.token('admin', 'admin', '100001')
    expect(
      (await t.post(`${R}/generate`, other, { kind: 'examResults', format: 'pdf', subjectId: examId })).status,
    ).toBe(404)
    expect((await t.get(`${R}/list`, other)).body.data.total).toBe(0)
    const mine = (await t.get(`${R}/list`, teacher)).body.data.records[0]
    expect((await t.post(`${R}/remove`, other, undefined, { ids: mine.id })).status).toBe(404)
    // The school's administrator sees the teacher's four and the demo school's report (asked for as the teacher).
    expect((await t.get(`${R}/list`, admin)).body.data.total).toBe(5)
  })

  it('removes a report with its stored file', async () => {
    const row = await generated(teacher, { kind: 'examResults', format: 'pdf', subjectId: examId })
    const stored = (await first(db.select().from(attach).where(eq(attach.link, row.fileLink))))!
    // The teacher's own private file: read with their token or the list's signed link.
    expect(stored).toMatchObject({ isDeleted: 0, isPublic: 0, kind: 'report', createUser: teacherId })
    expect((await t.post(`${R}/remove`, teacher, undefined, { ids: row.id })).status).toBe(200)
    expect((await t.get(`${R}/list`, teacher)).body.data.records.map((r: { id: string }) => r.id)).not.toContain(row.id)
    expect((await first(db.select().from(attach).where(eq(attach.id, stored.id))))!.isDeleted).toBe(1)
    expect((await t.app.handle(new Request(`http://localhost${row.downloadUrl}`))).status).toBe(404)
  })
})
