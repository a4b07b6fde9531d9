/**
 * The exam back office's pickers, team members and sittings are declared on
 * their resources (actions at the contract's paths, issue #26): the same
 * answers as the hand-written routes gave, the same codes, another school's
 * rows answering 404, and bad input a 400 naming the field. Real SQLite, real HTTP.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, team, teamUser, user } from '../../../db/schema/index.ts'
import { routeStyle } from '../../lib/hand-written.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { formatDateTime } from '../../lib/time.ts'
import { first } from '../../lib/rows.ts'
import { paperResource } from './paper.ts'
import { teamResource } from './team.ts'

const P = '/api/hm-paper/paper'
const G = '/api/hm-examGroup/examGroup'
const T = '/api/hm-team/team'
const M = '/api/hm-teamUser/teamUser'
const E = '/api/hm-paperTime/paperTime'
const U = '/api/hm-paperTime/paperTimeUser'
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))

describe('exam back office: pickers, team members and sittings as declarations', async () => {
  const t = await testApp()
  const db = t.services.db

  it('mounts every moved route once, generated, at its contract path', () => {
    const moved = [
      `GET ${P}/getPaperNameList`,
      'GET /api/hm-paper/paperQuestion/getPaperQuestion',
      `GET ${G}/class-tree`,
      `GET ${G}/student-tree`,
      `GET ${T}/page-card`,
      `GET ${M}/getTeamUserInfo`,
      `GET ${M}/getStuIdsAndClassIds`,
      `POST ${M}/addStudents`,
      `POST ${M}/remove`,
      `GET ${U}/list`,
      `GET ${U}/viewScore`,
      `POST ${U}/correctingPapers`,
      `GET ${E}/statistics`,
    ]
    for (const key of moved) {
      const found = t.app.routes.filter((r) => `${r.method} ${r.path}` === key)
      expect(found, key).toHaveLength(1)
      expect(routeStyle(found[0]), key).toEqual({ generated: true })
    }
  })

  it("the exam form's paper picker and a paper's questions with their points", async () => {
    const teacher = await t.token('teacher')
    const q = await t.post('/api/hm-question/question/submit', teacher, { type: 5, content: '说明', answer: '参考' })
    expect(q.status, JSON.stringify(q.body)).toBe(200)
    const paper = await t.post(`${P}/submit`, teacher, {
      name: '挑选用试卷',
      type: 2,
      questions: [{ questionId: q.body.data.id, score: 6 }],
    })
    expect(paper.status, JSON.stringify(paper.body)).toBe(200)
    const names = await t.get(`${P}/getPaperNameList`, teacher, { name: '挑选用' })
    expect(names.body.data).toEqual([{ id: paper.body.data.id, name: '挑选用试卷', type: 2, score: 6 }])
    // The list's filters apply: another type finds nothing.
    expect((await t.get(`${P}/getPaperNameList`, teacher, { name: '挑选用', type: '1' })).body.data).toEqual([])

    const byPaperId = await t.get('/api/hm-paper/paperQuestion/getPaperQuestion', teacher, {
      paperId: paper.body.data.id,
    })
    expect(byPaperId.body.data).toHaveLength(1)
    expect(byPaperId.body.data[0]).toMatchObject({ id: q.body.data.id, points: 6, answer: '参考' })
    const byId = await t.get('/api/hm-paper/paperQuestion/getPaperQuestion', teacher, { id: paper.body.data.id })
    expect(byId.body.data).toEqual(byPaperId.body.data)
    expect((await t.get('/api/hm-paper/paperQuestion/getPaperQuestion', teacher)).body).toMatchObject({
      code: 400,
      field: 'id',
    })
    // Another school's administrator does not find the paper; a student may not ask.
    const other = await t.token('admin', 'admin', '100001')
    expect(
      (await t.get('/api/hm-paper/paperQuestion/getPaperQuestion', other, { paperId: paper.body.data.id })).status,
    ).toBe(404)
    expect((await t.get(`${P}/getPaperNameList`, other, { name: '挑选用' })).body.data).toEqual([])
    expect((await t.get(`${P}/getPaperNameList`, await t.token('student'))).status).toBe(403)
    // The CLI's way: the same operations, gated the same way.
    const picked = await paperResource.ops.actions.getPaperNameList(t.system(), { query: { name: '挑选用' } })
    expect(picked.map((p) => p.name)).toEqual(['挑选用试卷'])
  })

  it("the exam-group form's pickers: classes as a tree, students under their classes", async () => {
    const teacher = await t.token('teacher')
    const tree = (await t.get(`${G}/class-tree`, teacher)).body.data as { id: string; title: string; children: [] }[]
    const titles = (nodes: { title: string; children: never[] }[]): string[] =>
      nodes.flatMap((n) => [n.title, ...titles(n.children)])
    expect(titles(tree as never)).toContain('2024级计算机1班')
    // Every node carries its children, leaves an empty list.
    const leaf = (nodes: { children: unknown[] }[]): unknown =>
      nodes.find((n) => !n.children.length) ?? leaf(nodes.flatMap((n) => n.children) as never)
    expect(leaf(tree)).toMatchObject({ children: [] })

    const klass = (await first(db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
    const students = (await t.get(`${G}/student-tree`, teacher, { classIds: klass.id })).body.data
    expect(students).toEqual([
      {
        id: `class-${klass.id}`,
        title: '2024级计算机1班',
        disabled: true,
        children: expect.arrayContaining([expect.objectContaining({ title: expect.stringContaining('（student）') })]),
      },
    ])
    expect((await t.get(`${G}/class-tree`, await t.token('student'))).status).toBe(403)
  })

  it('team members are reached through a team the caller may see: counts, pages, picker, add and remove', async () => {
    const teacher = await t.token('teacher')
    const demo = (await first(db.select().from(team).where(eq(team.name, '网络技术兴趣小组'))))!
    const card = (await t.get(`${T}/page-card`, teacher, { name: '网络技术' })).body.data
    expect(card).toMatchObject({ total: 1, current: 1 })
    expect(card.records[0]).toMatchObject({ id: demo.id, name: '网络技术兴趣小组', memberCount: 1 })

    const page = (await t.get(`${M}/getTeamUserInfo`, teacher, { teamId: demo.id })).body.data
    expect(page).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 })
    expect(Object.keys(page.records[0])).toEqual([
      'id',
      'userId',
      'classId',
      'createTime',
      'account',
      'realName',
      'avatar',
    ])
    expect(page.records[0].account).toBe('student')
    const picked = (await t.get(`${M}/getStuIdsAndClassIds`, teacher, { teamId: demo.id })).body.data
    expect(picked).toEqual({ studentIds: [page.records[0].userId], classIds: [page.records[0].classId] })

    // Adding: a list or a comma list; someone already in stays once; an id of no user is refused by name.
    const manager = (await first(
      db
        .select()
        .from(user)
        .where(and(eq(user.account, 'manager'), eq(user.tenantId, '000000'))),
    ))!
    const added = await t.post(`${M}/addStudents`, await t.token('admin'), {
      teamId: demo.id,
      studentIds: `${manager.id},${page.records[0].userId}`,
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.data.total).toBe(2)
    expect((await t.get(`${T}/page-card`, teacher, { name: '网络技术' })).body.data.records[0].memberCount).toBe(2)
    for (const studentIds of [[], 'abc', ['99999999999']])
      expect(
        (await t.post(`${M}/addStudents`, teacher, { teamId: demo.id, studentIds })).body,
        String(studentIds),
      ).toMatchObject({
        code: 400,
        field: 'studentIds',
      })
    const refused = await t.call('POST', `${M}/addStudents`, {
      token: teacher,
      body: { teamId: demo.id, studentIds: { id: 1 } },
      lang: 'en',
    })
    expect(refused.body).toMatchObject({ code: 400, field: 'studentIds', msg: expect.stringContaining('students') })
    expect((await t.post(`${M}/addStudents`, teacher, { studentIds: [manager.id] })).body).toMatchObject({
      code: 400,
      field: 'teamId',
    })

    // Another school sees none of it.
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${M}/getTeamUserInfo`, other, { teamId: demo.id })).status).toBe(404)
    expect((await t.get(`${M}/getStuIdsAndClassIds`, other, { teamId: demo.id })).status).toBe(404)
    expect((await t.post(`${M}/addStudents`, other, { teamId: demo.id, studentIds: [manager.id] })).status).toBe(404)
    const managerRow = (await first(
      db
        .select()
        .from(teamUser)
        .where(and(eq(teamUser.teamId, demo.id), eq(teamUser.userId, manager.id))),
    ))!
    expect((await t.post(`${M}/remove`, other, undefined, { ids: managerRow.id })).status).toBe(404)
    expect((await t.post(`${M}/remove`, teacher, undefined, { ids: 'x' })).body).toMatchObject({
      code: 400,
      field: 'ids',
    })
    // A student may not manage teams.
    expect((await t.post(`${M}/remove`, await t.token('student'), undefined, { ids: managerRow.id })).status).toBe(403)

    const removed = await t.post(`${M}/remove`, teacher, undefined, { ids: managerRow.id })
    expect(removed.body).toMatchObject({ code: 200, data: true })
    expect(await first(db.select().from(teamUser).where(eq(teamUser.id, managerRow.id)))).toBeUndefined()
    // The CLI's way: the member page as an operation.
    const members = await teamResource.ops.actions.members(t.system(), { ids: demo.id, query: {} })
    expect(members.total).toBe(1)
  })

  it('sittings through their exam: the list, a sheet, correcting and statistics name the field at fault', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const q = await t.post('/api/hm-question/question/submit', teacher, { type: 5, content: '简述', answer: '要点' })
    const paper = await t.post(`${P}/submit`, teacher, {
      name: '批改用试卷',
      type: 2,
      questions: [{ questionId: q.body.data.id, score: 4 }],
    })
    const exam = await t.post(`${E}/submit`, teacher, {
      title: '批改用考试',
      startTime: at(-5),
      endTime: at(60),
      duration: 30,
      paperIds: paper.body.data.id,
    })
    expect(exam.status, JSON.stringify(exam.body)).toBe(200)
    const examId = exam.body.data.id as string
    const sitting = (await t.get('/api/nep-wbp/paperQuestion/toAnswer', student, { timeId: examId })).body.data
    const list = async (query: Record<string, string>) => t.get(`${U}/list`, teacher, { paperTimeId: examId, ...query })
    expect((await list({})).body.data).toMatchObject({ total: 1, records: [{ id: sitting.sittingId, state: 1 }] })
    expect((await list({ state: '2' })).body.data.total).toBe(0)
    expect((await list({ state: '' })).body.data.total).toBe(1)
    expect((await list({ state: 'x' })).body).toMatchObject({ code: 400, field: 'state' })
    expect((await t.get(`${U}/list`, teacher)).body).toMatchObject({ code: 400, field: 'paperTimeId' })

    await t.post('/api/nep-wbp/paperTimeUser/submitPaper', student, {
      sittingId: sitting.sittingId,
      answers: [{ questionId: q.body.data.id, answer: '我的', version: 1 }],
    })
    const sheet = (await t.get(`${U}/viewScore`, teacher, { id: sitting.sittingId })).body.data
    expect(sheet.exam).toEqual({ id: examId, title: '批改用考试', distributed: 0 })
    expect(sheet.questions[0]).toMatchObject({ given: '我的', points: 4, objective: false })
    expect((await t.get(`${U}/viewScore`, teacher, { id: 'x' })).body).toMatchObject({ code: 400, field: 'id' })

    const correct = (body: unknown) => t.post(`${U}/correctingPapers`, teacher, body)
    expect((await correct({ id: sitting.sittingId, items: 'all' })).body).toMatchObject({ code: 400, field: 'items' })
    expect((await correct({ items: [] })).body).toMatchObject({ code: 400, field: 'id' })
    expect(
      (await correct({ id: sitting.sittingId, items: [{ questionId: q.body.data.id, score: 'lots' }] })).body,
    ).toMatchObject({ code: 400, field: 'score' })
    const done = await correct({ id: sitting.sittingId, items: [{ questionId: q.body.data.id, score: 3 }] })
    expect(done.body.data).toMatchObject({ state: 3, subjectiveScore: 3, score: 3 })

    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${U}/list`, other, { paperTimeId: examId })).status).toBe(404)
    expect((await t.get(`${U}/viewScore`, other, { id: sitting.sittingId })).status).toBe(404)
    expect((await t.get(`${E}/statistics`, other, { id: examId })).status).toBe(404)
    expect((await t.get(`${E}/statistics`, teacher)).body).toMatchObject({ code: 400, field: 'id' })
    expect((await t.get(`${E}/statistics`, teacher, { id: examId })).body.data).toMatchObject({ sat: 1, average: 3 })
  })

  it('question bank files in and out declare what they take: a missing file and a bad id are named', async () => {
    const teacher = await t.token('teacher')
    const send = (form: FormData | undefined, query = '') =>
      t.app
        .handle(
          new Request(`http://localhost/api/hm-question/question/import${query}`, {
            method: 'POST',
            headers: { 'blade-auth': `bearer ${teacher}`, 'accept-language': 'en' },
            body: form,
          }),
        )
        .then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))
    const noFile = new FormData()
    noFile.append('dryRun', '1')
    expect((await send(noFile)).body).toMatchObject({ code: 400, field: 'file', msg: expect.stringContaining('file') })
    const textFile = new FormData()
    textFile.append('file', 'not a file')
    expect((await send(textFile)).body).toMatchObject({ code: 400, field: 'file' })
    expect((await send(undefined)).body).toMatchObject({ code: 400, field: 'file' })
    const good = new FormData()
    good.append(
      'file',
      new File([JSON.stringify({ questions: [{ type: 5, content: '导入检查', answer: '好' }] })], 'bank.json'),
    )
    const dry = await send(good, '?dryRun=1')
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)

    const exported = await t.app.handle(
      new Request('http://localhost/api/hm-question/question/export?format=csv&ids=1,x', {
        headers: { 'blade-auth': `bearer ${teacher}` },
      }),
    )
    expect(await exported.json()).toMatchObject({ code: 400, field: 'ids' })
  })
})
