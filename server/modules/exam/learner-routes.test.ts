/**
 * The learner's exam routes as declared (issue #26): practice, favourites, the wrong-answer book, team cards and
 * the caller's competitions are the practice and competition resources' actions, the public competition pages
 * their views — generated routes, each with its request schema — and the exam hot path stays hand-written with
 * body schemas that answer bad input with the handlers' own messages, naming the field.
 */
import { describe, expect, it } from 'vitest'
import { routeStyle } from '../../lib/hand-written.ts'
import { routesWithoutRequestSchema } from '../../lib/openapi.ts'
import { formatDateTime } from '../../lib/time.ts'
import { testApp } from '../../../tests/support/harness.ts'

const W = '/api/nep-wbp'
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))

/** The learner routes moved onto declarations. */
const DECLARED = [
  'GET /api/nep-wbp/question/practice',
  'GET /api/nep-wbp/question/typeNumber',
  'POST /api/nep-wbp/question/checkAnswer',
  'POST /api/nep-wbp/question/checkAnswers',
  'GET /api/nep-wbp/question/lookQuestionMes',
  'POST /api/nep-wbp/question/toPaperByRequire',
  'GET /api/nep-wbp/question/getTeamQuestion',
  'GET /api/nep-wbp/question/getRandomTeamQuestion',
  'GET /api/nep-wbp/question/getTeamQuestionTypeNumber',
  'GET /api/nep-wbp/team/page-card',
  'POST /api/nep-wbp/userQuestionCollect/saveQuestionCollect',
  'GET /api/nep-wbp/userQuestionCollect/cancelQuestionCollect',
  'GET /api/nep-wbp/userQuestionCollect/lookQuestionCollects',
  'POST /api/nep-wbp/logUserQuestion/saveErrorQuestion',
  'GET /api/nep-wbp/logUserQuestion/showErrorQuestion',
  'GET /api/nep-wbp/logUserQuestion/removeErrorQuestion',
  'GET /api/nop-wbp/paperTime/list',
  'GET /api/nop-wbp/paperTime/detail',
  'GET /api/nep-wbp/paperTimeUser/myCompetitions',
  'GET /api/nep-wbp/paperTimeUser/review',
]

describe("the learner's exam routes: declared, with request schemas", async () => {
  const t = await testApp()

  it('practice and competitions are generated routes, once each, and every learner route declares its request', () => {
    const routes = t.app.routes.map((r) => ({ key: `${r.method} ${r.path}`, style: routeStyle(r) }))
    for (const key of DECLARED) {
      const found = routes.filter((r) => r.key === key)
      expect(found, key).toHaveLength(1)
      expect(found[0].style, key).toEqual({ generated: true })
    }
    const undeclared = routesWithoutRequestSchema(t.app).filter((k) =>
      /\/api\/ne?op-wbp\/(question|team|userQuestionCollect|logUserQuestion|paperTime|paperTimeUser|paperQuestion)\//.test(
        k,
      ),
    )
    expect(undeclared).toEqual([])
  })

  it('practice bodies keep their own messages for a value of the wrong kind, naming the field', async () => {
    const student = await t.token('student')
    for (const path of [
      'question/checkAnswer',
      'userQuestionCollect/saveQuestionCollect',
      'logUserQuestion/saveErrorQuestion',
    ]) {
      const r = await t.post(`${W}/${path}`, student, { questionId: { id: 1 }, answer: [] })
      expect(r.body, path).toMatchObject({ code: 400, field: 'questionId', msg: '请选择题目' })
    }
    expect((await t.post(`${W}/question/checkAnswers`, student, { answers: 'x' })).body).toMatchObject({
      code: 400,
      field: 'answers',
      msg: '答案格式无效',
    })
    expect((await t.get(`${W}/question/practice`, student, { type: 'x' })).body).toMatchObject({
      code: 400,
      field: 'type',
    })
    expect((await t.get(`${W}/team/page-card`, student, { current: '0' })).body).toMatchObject({
      code: 400,
      field: 'current',
    })
  })

  it('the hot path refuses a sitting, question or version of the wrong kind with the handlers’ messages', async () => {
    const student = await t.token('student')
    const exam = (await t.get(`${W}/paperTime/lookMyPaperTime`, student)).body.data.records.find(
      (e: { phase: string }) => e.phase === 'open',
    )
    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: exam.id })).body.data
    const questionId = paper.questions[0].id
    const save = (body: unknown) => t.post(`${W}/paperQuestion/saveAnswer`, student, body)
    expect((await save({ sittingId: paper.sittingId, questionId, version: 1, answer: [] })).status).toBe(200)
    // Numbers are ids too, as the page may send them.
    expect((await save({ sittingId: paper.sittingId, questionId, version: '2', answer: [] })).body.data).toMatchObject({
      version: 2,
      accepted: true,
    })
    expect((await save({ sittingId: { id: 1 }, questionId, version: 3, answer: [] })).body).toMatchObject({
      code: 400,
      field: 'sittingId',
      msg: '参数 sittingId 必须是编号',
    })
    expect((await save({ sittingId: paper.sittingId, questionId, version: [3], answer: [] })).body).toMatchObject({
      code: 400,
      field: 'version',
    })
    expect((await save({ sittingId: paper.sittingId, questionId: null, version: 3, answer: [] })).body).toMatchObject({
      code: 400,
      field: 'questionId',
    })
    expect(
      (await t.post(`${W}/paperQuestion/saveAnswers`, student, { sittingId: [], answers: [] })).body,
    ).toMatchObject({
      code: 400,
      field: 'sittingId',
    })
    expect((await t.post(`${W}/paperTimeUser/submitPaper`, student, { sittingId: false })).body).toMatchObject({
      code: 400,
      field: 'sittingId',
    })
    // Nothing was submitted by the refused calls: the sitting still takes answers.
    expect((await save({ sittingId: paper.sittingId, questionId, version: 3, answer: [] })).body.data.accepted).toBe(
      true,
    )
  })

  it('the public competition list shows running and coming competitions first, then the ended ones, latest first', async () => {
    const teacher = await t.token('teacher')
    const paperId = (await t.get('/api/hm-paper/paper/list', teacher, { size: '50' })).body.data.records[0].id
    const competition = async (title: string, start: number, end: number) => {
      const r = await t.post('/api/hm-paperTime/paperTime/submit', teacher, {
        title,
        category: 1,
        startTime: at(start),
        endTime: at(end),
        duration: 30,
        paperIds: paperId,
        status: 1,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data.id as string
    }
    const endedLate = await competition('ended late', -100, -10)
    const running = await competition('running', -50, 60)
    const endedEarly = await competition('ended early', -200, -150)
    const coming = await competition('coming', 30, 90)
    const list = (await t.get('/api/nop-wbp/paperTime/list', undefined, { size: '50' })).body.data
    const order = list.records
      .map((r: { id: string }) => r.id)
      .filter((id: string) => [endedLate, running, endedEarly, coming].includes(id))
    expect(order).toEqual([coming, running, endedLate, endedEarly])
    expect(list.records.find((r: { id: string }) => r.id === endedLate)).toMatchObject({
      phase: 'ended',
      participants: 0,
      open: true,
    })
    // Its filters and paging are the view's declared query: a refused value names the field.
    expect((await t.get('/api/nop-wbp/paperTime/list', undefined, { phase: 'later' })).body).toMatchObject({
      code: 400,
      field: 'phase',
    })
    expect((await t.get('/api/nop-wbp/paperTime/list', undefined, { size: 'x' })).body).toMatchObject({
      code: 400,
      field: 'size',
    })
    const ended = (
      await t.get('/api/nop-wbp/paperTime/list', undefined, { phase: 'ended', title: ' ended ', size: '50' })
    ).body.data
    expect(ended.records.map((r: { id: string }) => r.id)).toEqual([endedLate, endedEarly])
    expect((await t.get('/api/nop-wbp/paperTime/detail', undefined, { id: 'x' })).body).toMatchObject({
      code: 400,
      field: 'id',
    })
  })
  it("the caller's exam records and competitions page their own sittings, without those of a removed exam", async () => {
    const teacher = await t.token('teacher')
    const student = await t.token('student')
    const paperId = (await t.get('/api/hm-paper/paper/list', teacher, { size: '50' })).body.data.records[0].id
    const r = await t.post('/api/hm-paperTime/paperTime/submit', teacher, {
      title: 'records',
      category: 2,
      startTime: at(-5),
      endTime: at(60),
      duration: 30,
      paperIds: paperId,
    })
    const examId = r.body.data.id as string
    const paper = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: examId })).body.data
    expect((await t.post(`${W}/paperTimeUser/submitPaper`, student, { sittingId: paper.sittingId })).status).toBe(200)
    const records = async () => (await t.get(`${W}/paperTime/lookExamRecords`, student, { size: '50' })).body.data
    const mine = async () =>
      (await t.get(`${W}/paperTimeUser/myCompetitions`, student, { category: '2', size: '50' })).body.data
    const before = await records()
    expect(before.records.find((x: { id: string }) => x.id === examId)).toMatchObject({
      title: 'records',
      sittingId: paper.sittingId,
      state: 2,
    })
    expect((await mine()).records.map((x: { id: string }) => x.id)).toContain(examId)
    expect((await t.get(`${W}/paperTime/lookExamRecords`, student, { size: '0' })).body).toMatchObject({
      code: 400,
      field: 'size',
    })
    // The teacher removes the exam: its sitting leaves both lists, and their totals.
    expect((await t.post('/api/hm-paperTime/paperTime/remove', teacher, undefined, { ids: examId })).status).toBe(200)
    const after = await records()
    expect(after.records.map((x: { id: string }) => x.id)).not.toContain(examId)
    expect(after.total).toBe(before.total - 1)
    expect((await mine()).records.map((x: { id: string }) => x.id)).not.toContain(examId)
  })
})
