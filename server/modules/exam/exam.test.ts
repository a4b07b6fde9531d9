import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, logApi, paperAnswer, paperTimeUser, role } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { formatDateTime } from '../../lib/time.ts'
import { first } from '../../lib/rows.ts'
import { rng, shuffled } from './sitting.ts'

const Q = '/api/hm-question/question'
const P = '/api/hm-paper/paper'
const E = '/api/hm-paperTime/paperTime'
const U = '/api/hm-paperTime/paperTimeUser'
const W = '/api/nep-wbp'
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))

describe('exams: bank, papers, taking, correcting', async () => {
  const t = await testApp()

  /** A paper with one question of each kind: single (2), multiple (4), fill (2 blanks, 2), short (5). */
  async function arrange(teacher: string, exam: Record<string, unknown> = {}) {
    const q = async (body: Record<string, unknown>) => {
      const r = await t.post(`${Q}/submit`, teacher, body)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return (await t.get(`${Q}/detail`, teacher, { id: r.body.data.id })).body.data
    }
    const single = await q({
      type: 1,
      content: '<p>1+1=?</p>',
      options: [
        { content: '1', isCorrect: 0 },
        { content: '2', isCorrect: 1 },
      ],
    })
    const multi = await q({
      type: 2,
      content: 'primes',
      options: [
        { content: '2', isCorrect: 1 },
        { content: '3', isCorrect: 1 },
        { content: '4', isCorrect: 0 },
      ],
    })
    const fill = await q({
      type: 4,
      content: 'capital of France ____, of Italy ____',
      blanks: [['Paris'], ['Rome', 'Roma']],
    })
    const short = await q({ type: 5, content: 'explain', answer: 'reference' })
    const paper = await t.post(`${P}/submit`, teacher, {
      name: 'P1',
      type: 2,
      questions: [
        { questionId: single.id, score: 2 },
        { questionId: multi.id, score: 4 },
        { questionId: fill.id, score: 2 },
        { questionId: short.id, score: 5 },
      ],
    })
    expect(paper.body.data.score).toBe(13)
    const e = await t.post(`${E}/submit`, teacher, {
      title: 'E1',
      startTime: at(-5),
      endTime: at(60),
      duration: 30,
      paperIds: paper.body.data.id,
      ...exam,
    })
    expect(e.status, JSON.stringify(e.body)).toBe(200)
    return { single, multi, fill, short, paperId: paper.body.data.id as string, examId: e.body.data.id as string }
  }

  /** The teacher moves the exam's end a minute back: past the grace, no sitting takes answers (closing.ts). */
  async function endExam(teacher: string, examId: string) {
    const r = await t.post(`${E}/submit`, teacher, { id: examId, startTime: at(-10), endTime: at(-1) })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }

  /** A second learner in the student's class, made once per suite (tests share the app). */
  let second: Promise<{ token: string; id: string; classId: string }> | undefined
  const secondStudent = () => (second ??= makeSecondStudent())
  async function makeSecondStudent() {
    const admin = await t.token('admin')
    const studentRole = (await first(
      t.services.db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'student'))),
    ))!
    const klass = (await first(t.services.db.select().from(dept).where(eq(dept.deptName, '2024级计算机2班'))))!
    const r = await t.post('/api/blade-system/user/submit', admin, {
      account: 'zhou',
      password: 'zhou',
      realName: '周同学',
      roleId: studentRole.id,
      deptId: klass.id,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return { token: await t.token('zhou'), id: r.body.data.id as string, classId: klass.id }
  }

  it('stores questions structurally, sanitises rich text and names the field at fault', async () => {
    const teacher = await t.token('teacher')
    const r = await t.post(`${Q}/submit`, teacher, {
      type: 2,
      content: '<p onclick="x()">pick<script>alert(1)</script></p>',
      analysis: '<img src=x onerror=alert(1)>',
      options: [
        { content: 'a', isCorrect: 1 },
        { content: '<b>b</b>', isCorrect: 1 },
        { content: 'c', isCorrect: 0 },
      ],
    })
    const d = (await t.get(`${Q}/detail`, teacher, { id: r.body.data.id })).body.data
    expect(d.content).toBe('<p>pick</p>')
    expect(d.analysis).toBe('<img src="x" />')
    expect(d.options.map((o: any) => [o.label, o.content, o.isCorrect])).toEqual([
      ['A', 'a', 1],
      ['B', '<b>b</b>', 1],
      ['C', 'c', 0],
    ])
    expect(d.answer).toBe('A,B')
    // Editing without options keeps them; the ids stay, so given answers still point at them.
    const edited = await t.post(`${Q}/submit`, teacher, { id: d.id, hard: 3 })
    expect(edited.status).toBe(200)
    expect((await t.get(`${Q}/detail`, teacher, { id: d.id })).body.data.options.map((o: any) => o.id)).toEqual(
      d.options.map((o: any) => o.id),
    )
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          type: 1,
          content: 'x',
          options: [
            { content: 'a', isCorrect: 1 },
            { content: 'b', isCorrect: 1 },
          ],
        },
        'options',
      ],
      [
        {
          type: 2,
          content: 'x',
          options: [
            { content: 'a', isCorrect: 0 },
            { content: 'b', isCorrect: 0 },
          ],
        },
        'options',
      ],
      [{ type: 3, content: 'x', answer: 'maybe' }, 'answer'],
      [{ type: 4, content: 'x', blanks: [[]] }, 'blanks'],
      [{ type: 9, content: 'x' }, 'type'],
      [{ type: 5, content: '<script>x</script>' }, 'content'],
      [{ type: 5 }, 'content'],
    ]
    for (const [body, field] of cases) {
      const bad = await t.call('POST', `${Q}/submit`, { token: teacher, body, lang: 'en' })
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(bad.body.field).toBe(field)
    }
    const judge = await t.post(`${Q}/submit`, teacher, { type: 3, content: 'sky is blue', answer: 'true' })
    expect(
      (await t.get(`${Q}/detail`, teacher, { id: judge.body.data.id })).body.data.options.map((o: any) => [
        o.content,
        o.isCorrect,
      ]),
    ).toEqual([
      ['正确', 1],
      ['错误', 0],
    ])
    // A paper refuses a question of another bank or a repeated one.
    expect(
      (
        await t.post(`${P}/submit`, teacher, {
          name: 'x',
          questions: [
            { questionId: d.id, score: 1 },
            { questionId: d.id, score: 1 },
          ],
        })
      ).body.field,
    ).toBe('questions')
    expect(
      (await t.post(`${P}/submit`, teacher, { name: 'x', questions: [{ questionId: '123', score: 1 }] })).body.field,
    ).toBe('questions')
  })

  it('a learner opens, autosaves, resumes, submits once; older versions never overwrite newer ones', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const a = await arrange(teacher)
    const info = await t.get(`${W}/paperTime/showPaperMessage`, student, { timeId: a.examId })
    expect(info.body.data).toMatchObject({ phase: 'open', isCandidate: true, mine: null })
    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: a.examId })).body.data
    expect(paper.questions).toHaveLength(4)
    // No answer key leaves the server while answering.
    expect(JSON.stringify(paper.questions)).not.toMatch(/isCorrect|Paris|reference/)
    expect(paper.deadline - paper.serverTime).toBeGreaterThan(29 * 60_000)
    const sittingId = paper.sittingId
    const right = a.single.options.find((o: any) => o.isCorrect).id
    const wrong = a.single.options.find((o: any) => !o.isCorrect).id
    const save = (questionId: string, answer: unknown, version: number) =>
      t.post(`${W}/paperQuestion/saveAnswer`, student, { sittingId, questionId, answer, version })
    expect((await save(a.single.id, [wrong], 1)).body.data).toMatchObject({ version: 1, accepted: true })
    expect((await save(a.single.id, [right], 3)).body.data).toMatchObject({ version: 3, accepted: true })
    // A late or replayed older save is acknowledged as already superseded, and changes nothing.
    expect((await save(a.single.id, [wrong], 2)).body.data).toMatchObject({ version: 3, accepted: false })
    expect((await save(a.single.id, [right], 3)).body.data).toMatchObject({ version: 3, accepted: true })
    const batch = await t.post(`${W}/paperQuestion/saveAnswers`, student, {
      sittingId,
      answers: [
        { questionId: a.multi.id, answer: [a.multi.options[0].id], version: 1 },
        { questionId: a.fill.id, answer: ['paris', 'ROMA'], version: 1 },
        { questionId: a.short.id, answer: 'because', version: 5 },
      ],
    })
    expect(batch.body.data.saved.map((s: any) => s.accepted)).toEqual([true, true, true])
    expect((await save('42', ['x'], 1)).body).toMatchObject({ code: 400, field: 'questionId' })
    expect((await save(a.single.id, { bad: 1 }, 4)).body).toMatchObject({ code: 400, field: 'answer' })
    expect((await save(a.single.id, [right], 0)).body).toMatchObject({ code: 400, field: 'version' })
    // Reload: the same sitting, deadline and every stored answer with its version.
    const again = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: a.examId })).body.data
    expect(again.sittingId).toBe(sittingId)
    expect(again.deadline).toBe(paper.deadline)
    expect(again.answers[a.single.id]).toEqual({ answer: [right], version: 3 })
    expect(again.answers[a.fill.id]).toEqual({ answer: ['paris', 'ROMA'], version: 1 })
    // Submit carries the last answer; a second submit is refused; saves after submit are refused.
    const done = await t.post(`${W}/paperTimeUser/submitPaper`, student, {
      sittingId,
      answers: [{ questionId: a.multi.id, answer: [a.multi.options[0].id, a.multi.options[1].id], version: 2 }],
    })
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ state: 2, submitKind: 1, score: null })
    expect((await t.post(`${W}/paperTimeUser/submitPaper`, student, { sittingId })).status).toBe(409)
    expect((await save(a.single.id, [wrong], 9)).status).toBe(409)
    expect((await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: a.examId })).status).toBe(409)
    const rows = await t.services.db.select().from(paperAnswer).where(eq(paperAnswer.paperTimeUserId, sittingId))
    const by = (id: string) => rows.find((r) => r.questionId === id)!
    expect([by(a.single.id).score, by(a.multi.id).score, by(a.fill.id).score, by(a.short.id).score]).toEqual([
      2,
      4,
      2,
      null,
    ])

    // Results stay hidden until the teacher corrects and distributes.
    const records = async () =>
      (await t.get(`${W}/paperTime/lookExamRecords`, student)).body.data.records.find((r: any) => r.id === a.examId)
    expect((await records()).score).toBeNull()
    expect((await t.post(`${E}/distributeResults`, teacher, undefined, { id: a.examId })).status).toBe(409)
    const sheet = (await t.get(`${U}/viewScore`, teacher, { id: sittingId })).body.data
    expect(sheet.questions.find((q: any) => q.id === a.short.id).given).toBe('because')
    expect(
      (await t.post(`${U}/correctingPapers`, teacher, { id: sittingId, items: [{ questionId: a.short.id, score: 9 }] }))
        .body.field,
    ).toBe('score')
    const corrected = await t.post(`${U}/correctingPapers`, teacher, {
      id: sittingId,
      items: [{ questionId: a.short.id, score: 3.5, comment: '要点不全' }],
    })
    expect(corrected.body.data).toMatchObject({ state: 3, objectiveScore: 8, subjectiveScore: 3.5, score: 11.5 })
    expect((await records()).score).toBeNull()
    // Results (and with them the key) go out only once the exam is over: the same "closed" the save path uses.
    const early = await t.call('POST', `${E}/distributeResults`, {
      token: teacher,
      query: { id: a.examId },
      lang: 'en',
    })
    expect(early.body).toMatchObject({ code: 409, msg: expect.stringContaining('not over') })
    await endExam(teacher, a.examId)
    expect((await t.post(`${E}/distributeResults`, teacher, undefined, { id: a.examId })).status).toBe(200)
    expect((await records()).score).toBe(11.5)
    const stats = (await t.get(`${E}/statistics`, teacher, { id: a.examId })).body.data
    expect(stats).toMatchObject({ sat: 1, average: 11.5 })
    expect(stats.distribution[8].count).toBe(1)
    expect(stats.questions.find((q: any) => q.questionId === a.single.id).correctRate).toBe(100)
    const xlsx = await t.app.handle(
      new Request(`http://localhost${E}/exportStatistics?id=${a.examId}`, {
        headers: { 'blade-auth': `bearer ${teacher}` },
      }),
    )
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml')
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(1000)
  })

  it('saves racing two submits: one submit counts, every acknowledged save is in the graded paper, later ones are refused', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const a = await arrange(teacher)
    const { sittingId } = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: a.examId })).body.data
    const right = a.single.options.find((o: any) => o.isCorrect).id
    const saves = Array.from({ length: 12 }, (_, k) =>
      t.post(`${W}/paperQuestion/saveAnswer`, student, {
        sittingId,
        questionId: a.single.id,
        answer: [right],
        version: k + 1,
      }),
    )
    const submits = [0, 1].map(() => t.post(`${W}/paperTimeUser/submitPaper`, student, { sittingId }))
    const [saved, submitted] = await Promise.all([Promise.all(saves), Promise.all(submits)])
    expect(submitted.map((r) => r.status).sort()).toEqual([200, 409])
    expect(saved.every((r) => r.status === 200 || r.status === 409)).toBe(true)
    const acknowledged = saved.filter((r) => r.status === 200).map((r) => r.body.data.version as number)
    const row = (await t.services.db.select().from(paperAnswer).where(eq(paperAnswer.paperTimeUserId, sittingId))).find(
      (r) => r.questionId === a.single.id,
    )!
    expect(row.version).toBe(Math.max(0, ...acknowledged))
    expect(row.score).toBe(acknowledged.length ? 2 : 0)
  })

  it('saves of several learners arriving at once are committed together; a refused one fails alone', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const other = await secondStudent()
    const a = await arrange(teacher, { title: 'E-batch' })
    const sitting = async (tok: string) =>
      (await t.get(`${W}/paperQuestion/toAnswer`, tok, { timeId: a.examId })).body.data.sittingId as string
    const [mine, theirs] = [await sitting(student), await sitting(other.token)]
    expect((await t.post(`${W}/paperTimeUser/submitPaper`, student, { sittingId: mine })).status).toBe(200)
    const right = a.single.options.find((o: any) => o.isCorrect).id
    const save = (tok: string, sittingId: string, version: number) =>
      t.post(`${W}/paperQuestion/saveAnswer`, tok, { sittingId, questionId: a.single.id, answer: [right], version })
    // Sent in the same event-loop turn: one batch (write-batch.ts) holding a refused save and accepted ones.
    const [refused, ...accepted] = await Promise.all([
      save(student, mine, 1),
      save(other.token, theirs, 1),
      save(other.token, theirs, 2),
    ])
    expect(refused.status).toBe(409)
    expect(accepted.map((r) => r.status)).toEqual([200, 200])
    const stored = await t.services.db.select().from(paperAnswer).where(eq(paperAnswer.paperTimeUserId, theirs))
    expect(stored.find((r) => r.questionId === a.single.id)?.version).toBe(2)
  })

  it('refuses outside the window and non-candidates; another learner can neither read nor submit my sitting', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const zhou = await secondStudent()
    const later = await arrange(teacher, { startTime: at(30), endTime: at(90) })
    expect((await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: later.examId })).body).toMatchObject({
      code: 409,
    })
    const past = await arrange(teacher, { startTime: at(-90), endTime: at(-30) })
    expect((await t.get(`${W}/paperTime/showPaperMessage`, student, { timeId: past.examId })).body.data.phase).toBe(
      'ended',
    )
    expect((await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: past.examId })).status).toBe(409)
    // Class 1 only: zhou (class 2) is not a candidate.
    const klass1 = (await first(t.services.db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
    const closed = await arrange(teacher, { classIds: klass1.id })
    expect((await t.get(`${W}/paperQuestion/toAnswer`, zhou.token, { timeId: closed.examId })).status).toBe(403)
    const mine = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: closed.examId })).body.data
    const steal = { sittingId: mine.sittingId, questionId: closed.single.id, answer: ['x'], version: 99 }
    expect((await t.post(`${W}/paperQuestion/saveAnswer`, zhou.token, steal)).status).toBe(404)
    // Autosaves stay out of the API log (the answer rows record them); a refused one is logged.
    const ok = await t.post(`${W}/paperQuestion/saveAnswer`, student, { ...steal, version: 1 })
    expect(ok.body.data.accepted).toBe(true)
    await Bun.sleep(20)
    const logged = (
      await t.services.db
        .select({ title: logApi.title })
        .from(logApi)
        .where(eq(logApi.requestUri, `${W}/paperQuestion/saveAnswer`))
    ).map((r) => r.title)
    expect(logged).toContain(`POST ${W}/paperQuestion/saveAnswer 404`)
    expect(logged).not.toContain(`POST ${W}/paperQuestion/saveAnswer 200`)
    expect((await t.post(`${W}/paperTimeUser/submitPaper`, zhou.token, { sittingId: mine.sittingId })).status).toBe(404)
    expect((await t.get(`${U}/viewScore`, zhou.token, { id: mine.sittingId })).status).toBe(403)
    expect(
      (await t.get(`${W}/paperTime/lookMyPaperTime`, zhou.token)).body.data.records.map((r: any) => r.id),
    ).not.toContain(closed.examId)
    expect((await t.get(`${W}/paperTime/lookMyPaperTime`, student)).body.data.records.map((r: any) => r.id)).toContain(
      closed.examId,
    )
  })

  it('submits automatically once time is up, grading what was saved', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const a = await arrange(teacher)
    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: a.examId })).body.data
    const right = a.single.options.find((o: any) => o.isCorrect).id
    await t.post(`${W}/paperQuestion/saveAnswer`, student, {
      sittingId: paper.sittingId,
      questionId: a.single.id,
      answer: [right],
      version: 1,
    })
    // Time runs out (and the grace for late packets too): the state is in the database, any call finalises it.
    await t.services.db
      .update(paperTimeUser)
      .set({ deadline: Date.now() - 31_000 })
      .where(eq(paperTimeUser.id, paper.sittingId))
    expect(
      (
        await t.post(`${W}/paperQuestion/saveAnswer`, student, {
          sittingId: paper.sittingId,
          questionId: a.single.id,
          answer: ['x'],
          version: 2,
        })
      ).status,
    ).toBe(409)
    const info = (await t.get(`${W}/paperTime/showPaperMessage`, student, { timeId: a.examId })).body.data
    expect(info.mine).toMatchObject({ state: 2, submitKind: 2 })
    const s = (await first(t.services.db.select().from(paperTimeUser).where(eq(paperTimeUser.id, paper.sittingId))))!
    expect(s.objectiveScore).toBe(2)
  })

  it('shuffles questions and options per candidate when the exam says so, the same way on every load', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const zhou = await t.token('zhou')
    const a = await arrange(teacher, { shuffle: 1 })
    const load = async (tok: string) =>
      (await t.get(`${W}/paperQuestion/toAnswer`, tok, { timeId: a.examId })).body.data.questions as any[]
    const key = (qs: any[]) => qs.map((q) => `${q.id}:${q.options.map((o: any) => o.id).join(',')}`)
    const mine = await load(student)
    expect(key(await load(student))).toEqual(key(mine))
    const theirs = await load(zhou)
    // Same questions and options, each candidate in its own stable order.
    expect(theirs.map((q) => q.id).sort()).toEqual(mine.map((q) => q.id).sort())
    for (const q of theirs)
      expect(q.options.map((o: any) => o.id).sort()).toEqual(
        mine
          .find((m) => m.id === q.id)
          .options.map((o: any) => o.id)
          .sort(),
      )
    const orders = new Set(Array.from({ length: 30 }, (_, i) => shuffled([1, 2, 3, 4, 5], rng(`${1000 + i}`)).join('')))
    expect(orders.size).toBeGreaterThan(10)
    const plain = await arrange(teacher)
    expect((await load(student)).length).toBe(4)
    const inOrder = (
      await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: plain.examId })
    ).body.data.questions.map((q: any) => q.id)
    expect(inOrder).toEqual([plain.single.id, plain.multi.id, plain.fill.id, plain.short.id])
  })
  it('competitions: visitors read the published list and detail; a learner enters, submits, finds it in their competitions and reviews the corrected paper', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const c = await arrange(teacher, { title: '校园编程赛', category: 1, content: '<p>独立完成</p>' })
    const plain = await arrange(teacher, { title: '期中考试', category: 0 })
    const company = await arrange(teacher, { title: '企业挑战赛', category: 2, startTime: at(30), endTime: at(90) })
    // Visitors: no token at all.
    const list = (await t.get(`${W.replace('nep', 'nop')}/paperTime/list`, undefined, { size: '50' })).body.data
    const ids = list.records.map((r: any) => r.id)
    expect(ids).toEqual(expect.arrayContaining([c.examId, company.examId]))
    expect(ids).not.toContain(plain.examId)
    expect(JSON.stringify(list.records)).not.toMatch(/paperIds|groupIds|classIds/)
    const companies = (await t.get('/api/nop-wbp/paperTime/list', undefined, { category: '2', size: '50' })).body.data
    expect(companies.records.map((r: any) => r.id)).toEqual([company.examId])
    expect(companies.records[0]).toMatchObject({ phase: 'notStarted', category: 2, open: true })
    const open = (await t.get('/api/nop-wbp/paperTime/list', undefined, { phase: 'open', size: '50' })).body.data
    expect(open.records.map((r: any) => r.id)).toContain(c.examId)
    expect(open.records.map((r: any) => r.id)).not.toContain(company.examId)
    expect((await t.get('/api/nop-wbp/paperTime/list', undefined, { category: '7' })).body).toMatchObject({
      code: 400,
      field: 'category',
    })
    const detail = (await t.get('/api/nop-wbp/paperTime/detail', undefined, { id: c.examId })).body.data
    expect(detail).toMatchObject({
      title: '校园编程赛',
      content: '<p>独立完成</p>',
      phase: 'open',
      duration: 30,
      questionCount: 4,
      totalScore: 13,
      participants: 0,
    })
    expect((await t.get('/api/nop-wbp/paperTime/detail', undefined, { id: plain.examId })).status).toBe(404)
    // Own competitions and review need a sign-in.
    expect((await t.get('/api/nep-wbp/paperTimeUser/myCompetitions')).status).toBe(401)

    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: c.examId })).body.data
    const right = c.single.options.find((o: any) => o.isCorrect).id
    const done = await t.post(`${W}/paperTimeUser/submitPaper`, student, {
      sittingId: paper.sittingId,
      answers: [
        { questionId: c.single.id, answer: [right], version: 1 },
        { questionId: c.short.id, answer: '因为', version: 1 },
      ],
    })
    expect(done.status).toBe(200)
    const mine = async () =>
      (await t.get(`${W}/paperTimeUser/myCompetitions`, student, { size: '50' })).body.data.records.find(
        (r: any) => r.id === c.examId,
      )
    expect(await mine()).toMatchObject({ sittingId: paper.sittingId, state: 2, score: null, reviewable: false })
    expect(
      (await t.get(`${W}/paperTimeUser/myCompetitions`, student, { size: '50' })).body.data.records.map(
        (r: any) => r.id,
      ),
    ).not.toContain(plain.examId)
    expect((await t.get('/api/nop-wbp/paperTime/detail', undefined, { id: c.examId })).body.data.participants).toBe(1)
    const review = () => t.get(`${W}/paperTimeUser/review`, student, { sittingId: paper.sittingId })
    expect((await review()).body).toMatchObject({ code: 403 })

    await t.post(`${U}/correctingPapers`, teacher, {
      id: paper.sittingId,
      items: [{ questionId: c.short.id, score: 4, comment: '不错' }],
    })
    expect((await review()).status).toBe(403)
    await endExam(teacher, c.examId)
    expect((await t.post(`${E}/distributeResults`, teacher, undefined, { id: c.examId })).status).toBe(200)
    expect(await mine()).toMatchObject({ state: 3, score: 6, reviewable: true })
    const sheet = (await review()).body.data
    expect(sheet.score).toBe(6)
    const q = (id: string) => sheet.questions.find((x: any) => x.id === id)
    expect(q(c.single.id)).toMatchObject({ given: [right], score: 2, correct: 1 })
    expect(q(c.single.id).options.find((o: any) => o.id === right).isCorrect).toBe(1)
    expect(q(c.short.id)).toMatchObject({ given: '因为', score: 4, comment: '不错' })
    expect(q(c.fill.id)).toMatchObject({ given: null, score: 0 })
    // Nobody else reaches it through the learner's call, not even staff.
    expect((await t.get(`${W}/paperTimeUser/review`, teacher, { sittingId: paper.sittingId })).status).toBe(404)
  })
})
