/**
 * Issue #24: an exam's answer key stays closed. The attack it reports — a learner reads the key of a live exam's
 * question through the practice calls (in the 30 s grace after the deadline, when practice thought the exam
 * closed), saves the right answers and scores full marks — is replayed here route by route over real HTTP and
 * the real SQLite file.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, paperTime, paperTimeUser, role } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { formatDateTime } from '../../lib/time.ts'
import { first } from '../../lib/rows.ts'

const Q = '/api/hm-question/question'
const P = '/api/hm-paper/paper'
const E = '/api/hm-paperTime/paperTime'
const U = '/api/hm-paperTime/paperTimeUser'
const W = '/api/nep-wbp'
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))

describe('exam keys stay closed until results are released (issue #24)', async () => {
  const t = await testApp()
  const db = t.services.db

  async function question(teacher: string, body: Record<string, unknown>) {
    const r = await t.post(`${Q}/submit`, teacher, body)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return (await t.get(`${Q}/detail`, teacher, { id: r.body.data.id })).body.data
  }

  /** A single-choice and a short-answer question on a paper, set by an exam open now (more exam fields in `exam`). */
  async function arrange(teacher: string, exam: Record<string, unknown> = {}, extra: string[] = []) {
    const single = await question(teacher, {
      type: 1,
      content: `<p>key ${Math.random()}</p>`,
      analysis: '<p>the analysis</p>',
      options: [
        { content: 'wrong', isCorrect: 0 },
        { content: 'right', isCorrect: 1 },
      ],
    })
    const short = await question(teacher, { type: 5, content: 'explain', answer: 'reference' })
    const paper = await t.post(`${P}/submit`, teacher, {
      name: 'K',
      type: 2,
      questions: [single.id, short.id, ...extra].map((questionId) => ({ questionId, score: 5 })),
    })
    const e = await t.post(`${E}/submit`, teacher, {
      title: 'K',
      startTime: at(-5),
      endTime: at(60),
      duration: 30,
      paperIds: paper.body.data.id,
      ...exam,
    })
    expect(e.status, JSON.stringify(e.body)).toBe(200)
    const right = single.options.find((o: any) => o.isCorrect === 1).id as string
    return { single, short, right, examId: e.body.data.id as string }
  }

  async function secondStudent() {
    const admin = await t.token('admin')
    const studentRole = (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'student'))),
    ))!
    const klass = (await first(db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
    const r = await t.post('/api/blade-system/user/submit', admin, {
      account: 'wu',
      password: 'wu',
      realName: '吴同学',
      roleId: studentRole.id,
      deptId: klass.id,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return t.token('wu')
  }

  /** Every learner route that could reveal the key of `id`, and what each answered. */
  async function probe(token: string, id: string) {
    const practice = (await t.get(`${W}/question/practice`, token, { size: 200 })).body.data
    const drawn = (await t.post(`${W}/question/toPaperByRequire`, token, { requires: [{ type: 1, number: 100 }] })).body
      .data
    await t.post(`${W}/logUserQuestion/saveErrorQuestion`, token, { questionId: id, answer: [] })
    const book = (await t.get(`${W}/logUserQuestion/showErrorQuestion`, token, { size: 200 })).body.data
    return {
      look: (await t.get(`${W}/question/lookQuestionMes`, token, { questionId: id })).status,
      check: (await t.post(`${W}/question/checkAnswer`, token, { questionId: id, answer: [] })).status,
      checks: (await t.post(`${W}/question/checkAnswers`, token, { answers: [{ questionId: id, answer: [] }] })).status,
      inPractice: practice.records.some((q: any) => q.id === id),
      inDrawn: drawn.questions.some((q: any) => q.id === id),
      inBook: book.records.some((q: any) => q.id === id),
    }
  }
  const closed = { look: 403, check: 403, checks: 403, inPractice: false, inDrawn: false, inBook: false }
  const open = { look: 200, check: 200, checks: 200, inPractice: true, inDrawn: true, inBook: true }

  it('the reported attack: no route answers the key during the exam, in the grace window or after submitting; it opens once results are released', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const other = await secondStudent()
    const a = await arrange(teacher)

    // Before anyone opens it, to a candidate and to any other learner alike.
    expect(await probe(student, a.single.id)).toEqual(closed)
    expect(await probe(other, a.single.id)).toEqual(closed)
    const refused = await t.call('GET', `${W}/question/lookQuestionMes`, {
      token: student,
      query: { questionId: a.single.id },
      lang: 'en',
    })
    expect(refused.body.msg).toContain('results are not released')
    const zh = await t.get(`${W}/question/lookQuestionMes`, student, { questionId: a.single.id })
    expect(zh.body.msg).toContain('成绩发布前不能查看答案')
    // A favourite shows the question, never its key.
    await t.post(`${W}/userQuestionCollect/saveQuestionCollect`, student, { questionId: a.single.id })
    const favs = (await t.get(`${W}/userQuestionCollect/lookQuestionCollects`, student)).body.data.records
    expect(favs.map((q: any) => q.id)).toContain(a.single.id)
    expect(JSON.stringify(favs)).not.toMatch(/isCorrect|analysis|correctOptionIds|reference/)

    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: a.examId })).body.data
    const save = (answer: string[], version: number) =>
      t.post(`${W}/paperQuestion/saveAnswer`, student, {
        sittingId: paper.sittingId,
        questionId: a.single.id,
        answer,
        version,
      })
    expect((await save([], 1)).status).toBe(200)
    expect(await probe(student, a.single.id)).toEqual(closed)

    // The deadline has just passed: the grace window still takes saves, so the key stays closed in it.
    await db
      .update(paperTimeUser)
      .set({ deadline: Date.now() - 10_000 })
      .where(eq(paperTimeUser.id, paper.sittingId))
    expect(await probe(student, a.single.id)).toEqual(closed)
    expect((await save([a.right], 2)).body.data).toMatchObject({ accepted: true })
    // Past the grace the sitting no longer takes answers (and is submitted with what was saved).
    await db
      .update(paperTimeUser)
      .set({ deadline: Date.now() - 31_000 })
      .where(eq(paperTimeUser.id, paper.sittingId))
    expect((await save([a.right], 3)).status).toBe(409)
    // Submitted, but results not released: still closed.
    expect(await probe(student, a.single.id)).toEqual(closed)

    // Distribution waits for the end of the exam and for every correction.
    expect((await t.post(`${E}/distributeResults`, teacher, undefined, { id: a.examId })).status).toBe(409)
    const moved = await t.post(`${E}/submit`, teacher, { id: a.examId, startTime: at(-10), endTime: at(-1) })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await t.post(`${E}/distributeResults`, teacher, undefined, { id: a.examId })).status).toBe(409)
    expect(await probe(student, a.single.id)).toEqual(closed)
    await t.post(`${U}/correctingPapers`, teacher, {
      id: paper.sittingId,
      items: [{ questionId: a.short.id, score: 1 }],
    })
    expect((await t.post(`${E}/distributeResults`, teacher, undefined, { id: a.examId })).status).toBe(200)

    expect(await probe(student, a.single.id)).toEqual(open)
    const look = (await t.get(`${W}/question/lookQuestionMes`, student, { questionId: a.single.id })).body.data
    expect(look).toMatchObject({ correctOptionIds: [a.right], analysis: '<p>the analysis</p>' })
  })

  it('a question another exam still holds comes without its key in the review of a released exam', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const first = await arrange(teacher, { category: 1 })
    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: first.examId })).body.data
    await t.post(`${W}/paperTimeUser/submitPaper`, student, {
      sittingId: paper.sittingId,
      answers: [{ questionId: first.single.id, answer: [first.right], version: 1 }],
    })
    await t.post(`${U}/correctingPapers`, teacher, {
      id: paper.sittingId,
      items: [{ questionId: first.short.id, score: 5, comment: 'the reference says …' }],
    })
    // Before release the competition's review is closed, and "reviewable" says so.
    const mine = async () =>
      (await t.get(`${W}/paperTimeUser/myCompetitions`, student, { size: 50 })).body.data.records.find(
        (r: any) => r.id === first.examId,
      )
    expect((await mine()).reviewable).toBe(false)
    await t.post(`${E}/submit`, teacher, { id: first.examId, startTime: at(-10), endTime: at(-1) })
    expect((await t.post(`${E}/distributeResults`, teacher, undefined, { id: first.examId })).status).toBe(200)
    expect((await mine()).reviewable).toBe(true)

    // The same single-choice question is set again by a later exam (another teacher's paper may reuse the bank).
    const later = await arrange(teacher, { startTime: at(60), endTime: at(120) }, [first.single.id])
    const review = (await t.get(`${W}/paperTimeUser/review`, student, { sittingId: paper.sittingId })).body.data
    const q = (id: string) => review.questions.find((x: any) => x.id === id)
    expect(q(first.single.id)).toMatchObject({ keyClosed: true, given: [first.right], analysis: null, correct: null })
    expect(JSON.stringify(q(first.single.id))).not.toMatch(/"isCorrect":1|the analysis/)
    expect(q(first.short.id)).toMatchObject({ keyClosed: false, score: 5, comment: 'the reference says …' })
    expect((await t.get(`${W}/question/lookQuestionMes`, student, { questionId: first.single.id })).status).toBe(403)
    expect(later.examId).toBeTruthy()
  })

  it('a draft exam (status 0) cannot be listed, opened, started or sat, and its questions are held', async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const draft = await arrange(teacher, { status: 0 })
    expect((await first(db.select().from(paperTime).where(eq(paperTime.id, draft.examId))))!.status).toBe(0)
    expect((await t.get(`${W}/paperTime/showPaperMessage`, student, { timeId: draft.examId })).status).toBe(404)
    expect((await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: draft.examId })).status).toBe(404)
    const listed = (await t.get(`${W}/paperTime/lookMyPaperTime`, student, { size: 100 })).body.data.records
    expect(listed.map((r: any) => r.id)).not.toContain(draft.examId)
    expect((await t.get(`${W}/question/lookQuestionMes`, student, { questionId: draft.single.id })).status).toBe(403)

    // Put back to draft while a learner sits it: the sitting can no longer be saved to or submitted.
    const live = await arrange(teacher)
    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: live.examId })).body.data
    expect((await t.post(`${E}/submit`, teacher, { id: live.examId, status: 0 })).status).toBe(200)
    const saved = await t.post(`${W}/paperQuestion/saveAnswer`, student, {
      sittingId: paper.sittingId,
      questionId: live.single.id,
      answer: [live.right],
      version: 1,
    })
    expect(saved.status).toBe(404)
    expect((await t.post(`${W}/paperTimeUser/submitPaper`, student, { sittingId: paper.sittingId })).status).toBe(404)
    expect((await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: live.examId })).status).toBe(404)
  })
})
