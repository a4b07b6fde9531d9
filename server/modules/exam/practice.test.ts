import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

const W = '/api/nep-wbp'

describe('practice (portal): bank by type, checks with feedback, favourites, wrong-answer book, requirements, teams', async () => {
  const t = await testApp()

  it('practises by type in order and at random without the key; a check answers the grade, key and analysis; a wrong answer lands in the book', async () => {
    const student = await t.token('student')
    const singles = (await t.get(`${W}/question/practice`, student, { type: 1, mode: 'order', size: 50 })).body.data
    expect(singles.total).toBeGreaterThanOrEqual(2)
    expect(singles.records.every((q: any) => q.type === 1)).toBe(true)
    expect(JSON.stringify(singles.records)).not.toMatch(/isCorrect|analysis/)
    const random = (await t.get(`${W}/question/practice`, student, { mode: 'random', size: 3 })).body.data
    expect(random.records).toHaveLength(3)
    expect((await t.get(`${W}/question/practice`, student, { type: 9 })).body).toMatchObject({
      code: 400,
      field: 'type',
    })

    const http = singles.records.find((q: any) => q.content.includes('HTTP'))
    const wrong = http.options.find((o: any) => o.content === '21').id
    const right = http.options.find((o: any) => o.content === '80').id
    const miss = (await t.post(`${W}/question/checkAnswer`, student, { questionId: http.id, answer: [wrong] })).body
      .data
    expect(miss).toMatchObject({
      score: 0,
      correct: 0,
      question: { correctOptionIds: [right], analysis: expect.stringContaining('80') },
    })
    const hit = (await t.post(`${W}/question/checkAnswer`, student, { questionId: http.id, answer: [right] })).body.data
    expect(hit).toMatchObject({ score: 2, correct: 1 })

    const fill = (await t.get(`${W}/question/practice`, student, { type: 4 })).body.data.records[0]
    expect(
      (await t.post(`${W}/question/checkAnswer`, student, { questionId: fill.id, answer: ['七', 'network'] })).body
        .data,
    ).toMatchObject({ correct: 2, score: 2 })
    const book = (await t.get(`${W}/logUserQuestion/showErrorQuestion`, student)).body.data
    expect(book.records.map((r: any) => [r.id, r.lastAnswer, r.times])).toEqual([
      [fill.id, ['七', 'network'], 1],
      [http.id, [wrong], 1],
    ])
    expect(book.records[1].correctOptionIds).toEqual([right])
    // Another learner's book is their own.
    expect((await t.get(`${W}/logUserQuestion/showErrorQuestion`, await t.token('teacher'))).body.data.total).toBe(0)
    await t.post(`${W}/logUserQuestion/saveErrorQuestion`, student, { questionId: http.id, answer: [wrong] })
    expect(
      (await t.get(`${W}/logUserQuestion/showErrorQuestion`, student)).body.data.records.find(
        (r: any) => r.id === http.id,
      ).times,
    ).toBe(2)
    await t.get(`${W}/logUserQuestion/removeErrorQuestion`, student, { questionId: fill.id })
    expect((await t.get(`${W}/logUserQuestion/showErrorQuestion`, student)).body.data.total).toBe(1)

    expect((await t.post(`${W}/question/checkAnswer`, student, { questionId: 'x', answer: [] })).body).toMatchObject({
      code: 400,
      field: 'questionId',
    })
    expect(
      (await t.post(`${W}/question/checkAnswer`, student, { questionId: http.id, answer: { a: 1 } })).body,
    ).toMatchObject({ code: 400, field: 'answer' })
    expect((await t.post(`${W}/question/checkAnswer`, student, { questionId: '123456', answer: [] })).status).toBe(404)
  })

  it('favourites: save (twice is once), list with the flag, cancel; lookQuestionMes shows the analysis', async () => {
    const student = await t.token('student')
    const q = (await t.get(`${W}/question/practice`, student, { type: 3 })).body.data.records[0]
    await t.post(`${W}/userQuestionCollect/saveQuestionCollect`, student, { questionId: q.id })
    await t.post(`${W}/userQuestionCollect/saveQuestionCollect`, student, { questionId: q.id })
    const favs = (await t.get(`${W}/userQuestionCollect/lookQuestionCollects`, student)).body.data
    expect(favs.records.map((r: any) => [r.id, r.collected])).toEqual([[q.id, true]])
    const mes = (await t.get(`${W}/question/lookQuestionMes`, student, { questionId: q.id })).body.data
    expect(mes).toMatchObject({ id: q.id, collected: true, analysis: expect.stringContaining('IPv6') })
    await t.get(`${W}/userQuestionCollect/cancelQuestionCollect`, student, { questionId: q.id })
    expect((await t.get(`${W}/userQuestionCollect/lookQuestionCollects`, student)).body.data.total).toBe(0)
    expect(
      (await t.post(`${W}/userQuestionCollect/saveQuestionCollect`, student, { questionId: '99999' })).status,
    ).toBe(404)
  })

  it('builds a paper by requirement, reporting a shortfall; refuses a bad requirement naming the field', async () => {
    const student = await t.token('student')
    const r = (
      await t.post(`${W}/question/toPaperByRequire`, student, {
        requires: [
          { type: 1, number: 2 },
          { type: 2, hard: 2, number: 1 },
          { type: 5, number: 40 },
        ],
      })
    ).body.data
    expect(r.questions.map((q: any) => q.type).slice(0, 3)).toEqual([1, 1, 2])
    expect(new Set(r.questions.map((q: any) => q.id)).size).toBe(r.questions.length)
    expect(r.shortfall).toEqual([
      { type: 5, hard: null, wanted: 40, available: r.questions.filter((q: any) => q.type === 5).length },
    ])
    expect(JSON.stringify(r.questions)).not.toMatch(/isCorrect|analysis/)
    for (const requires of [
      [],
      [{ type: 7, number: 1 }],
      [{ type: 1, number: 0 }],
      [{ type: 1, hard: 5, number: 1 }],
      'x',
    ]) {
      expect(
        (await t.post(`${W}/question/toPaperByRequire`, student, { requires })).body,
        JSON.stringify(requires),
      ).toMatchObject({ code: 400, field: 'requires' })
    }
    const counts = (await t.get(`${W}/question/typeNumber`, student)).body.data
    expect(counts.find((c: any) => c.type === 1 && c.hard === 1).number).toBeGreaterThanOrEqual(1)
  })

  it('team question sets for members only; the questions of an exam stay out of practice', async () => {
    const student = await t.token('student')
    const teams = (await t.get(`${W}/team/page-card`, student)).body.data
    expect(teams.records).toHaveLength(1)
    const teamId = teams.records[0].id
    expect(teams.records[0]).toMatchObject({ name: '网络技术兴趣小组', memberCount: 1, hasQuestions: true })
    const set = (await t.get(`${W}/question/getTeamQuestion`, student, { teamId })).body.data
    expect(set).toHaveLength(6)
    const random = (await t.get(`${W}/question/getRandomTeamQuestion`, student, { teamId })).body.data
    expect(random.map((q: any) => q.id).sort()).toEqual(set.map((q: any) => q.id).sort())
    expect((await t.get(`${W}/question/getTeamQuestionTypeNumber`, student, { teamId })).body.data).toEqual([
      { type: 1, number: 2 },
      { type: 2, number: 1 },
      { type: 3, number: 1 },
      { type: 4, number: 1 },
      { type: 5, number: 1 },
    ])
    const teacher = await t.token('teacher')
    expect((await t.get(`${W}/question/getTeamQuestion`, teacher, { teamId })).status).toBe(403)
    expect((await t.get(`${W}/question/getTeamQuestion`, student, { teamId: '424242' })).status).toBe(404)

    // The demo exam sets questions of its own: they stay out of practice (key-visibility.test.ts holds the rule);
    // the team's set, on no exam, stays open while the exam is sat.
    const exams = (await t.get(`${W}/paperTime/lookMyPaperTime`, student)).body.data.records
    const exam = exams.find((e: any) => e.phase === 'open')
    const sitting = (await t.get(`${W}/paperQuestion/toAnswer`, student, { timeId: exam.id })).body.data
    const inExam = sitting.questions[0].id
    expect(set.map((q: any) => q.id)).not.toContain(inExam)
    expect((await t.get(`${W}/question/lookQuestionMes`, student, { questionId: inExam })).status).toBe(403)
    expect((await t.get(`${W}/question/getTeamQuestion`, student, { teamId })).body.data).toHaveLength(6)
    const bank = (await t.get(`${W}/question/practice`, student, { size: 100 })).body.data
    expect(bank.records.map((q: any) => q.id)).not.toContain(inExam)
    expect(bank.total).toBe(bank.records.length)
  })
})
