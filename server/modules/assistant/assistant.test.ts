import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assistantConfig, assistantQuestion, courseUser, tenant } from '../../../db/schema/index.ts'
import { seedAssistantCourse, type SeededCourse } from '../../../tests/support/assistant-course.ts'
import { sseEvents, startChatStandIn } from '../../../tests/support/chat-completions.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { isSealed, unseal } from '../../lib/sealed.ts'

/**
 * The study assistant over HTTP (issue #31, /home/ai): the platform administrator's model endpoint (tenant
 * administrators and learners refused, the key sealed and masked, the address through the outbound policy), then a
 * learner asking against a local stand-in speaking the streaming chat-completions protocol — the answer streamed
 * with its numbered sources, the audit row, the refusals (off, bad input, another school's course, a course that
 * needs enrolment), the daily quota and a model that refuses the key.
 */
const CONFIG = '/api/blade-assistant/config'
const QUESTION = '/api/blade-assistant/question'
const KEY = 'sk-test-0123456789abcd'

describe('study assistant over HTTP', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
  const model = startChatStandIn(KEY)
  afterAll(() => model.stop())
  let platform: string, school: string, student: string, teacher: string
  let open: SeededCourse, closed: SeededCourse, elsewhere: SeededCourse, configId: string

  beforeAll(async () => {
    platform = await t.token('admin')
    school = await t.token('admin', 'admin', '100001')
    student = await t.token('student')
    teacher = await t.token('teacher')
    open = await seedAssistantCourse(t.services.db)
    closed = await seedAssistantCourse(t.services.db, { title: '需审核的课程', isAuth: 1 })
    elsewhere = await seedAssistantCourse(t.services.db, { tenantId: '100001' })
  })

  const ask = (body: unknown, token = student, lang: 'zh' | 'en' = 'en') =>
    t.app.handle(
      new Request(`http://localhost${QUESTION}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${token}`, 'accept-language': lang },
        body: JSON.stringify(body),
      }),
    )

  it('is off with a clear answer until configured', async () => {
    const state = await t.get(`${QUESTION}/state`, student)
    expect(state.body.data).toEqual({ enabled: false, quota: 0, asked: 0, courses: [] })
    const r = await ask({ courseId: open.courseId, question: '栈和队列有什么区别？' })
    expect(r.status).toBe(503)
    expect((await r.json()).msg).toMatch(/not on yet/)
  })

  it('refuses the endpoint to tenant administrators, teachers and learners', async () => {
    for (const token of [school, teacher, student]) {
      expect((await t.get(`${CONFIG}/list`, token)).status).toBe(403)
      const r = await t.post(`${CONFIG}/submit`, token, { baseUrl: model.baseUrl, model: 'm', dailyQuota: 5 })
      expect(r.status).toBe(403)
    }
  })

  it('checks the address against the outbound policy (400 naming it)', async () => {
    const r = await t.call('POST', `${CONFIG}/submit`, {
      token: platform,
      lang: 'en',
      body: { baseUrl: 'http://10.20.30.40/v1', model: 'qwen', apiKey: KEY, dailyQuota: 3, enabled: 1 },
    })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ field: 'baseUrl', msg: expect.stringMatching(/private network/) })
  })

  it('keeps one endpoint with its key sealed at rest and masked in reads', async () => {
    const r = await t.post(`${CONFIG}/submit`, platform, {
      baseUrl: model.baseUrl,
      model: 'qwen2.5:7b',
      apiKey: KEY,
      dailyQuota: 3,
      enabled: 1,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    configId = r.body.data.id
    const stored = await first(t.services.db.select().from(assistantConfig).where(eq(assistantConfig.id, configId)))
    expect(isSealed(stored!.apiKey)).toBe(true)
    expect(unseal(t.services.jwtSecret, stored!.apiKey!)).toBe(KEY)
    const detail = await t.get(`${CONFIG}/detail`, platform, { id: configId })
    expect(detail.body.data).not.toHaveProperty('apiKey')
    expect(detail.body.data.apiKeyMask).toBe('••••abcd')
    // A blank key on edit keeps the stored one.
    const edit = await t.post(`${CONFIG}/submit`, platform, { id: configId, model: 'qwen2.5:7b', apiKey: '' })
    expect(edit.status).toBe(200)
    const again = await first(t.services.db.select().from(assistantConfig).where(eq(assistantConfig.id, configId)))
    expect(unseal(t.services.jwtSecret, again!.apiKey!)).toBe(KEY)
    const second = await t.post(`${CONFIG}/submit`, platform, { baseUrl: model.baseUrl, model: 'other', dailyQuota: 1 })
    expect(second.status).toBe(409)
  })

  it('offers the learner the courses they may ask about', async () => {
    const state = await t.get(`${QUESTION}/state`, student)
    expect(state.body.data).toMatchObject({ enabled: true, quota: 3, asked: 0 })
    const ids = state.body.data.courses.map((c: { id: string }) => c.id)
    expect(ids).toContain(open.courseId)
    expect(ids).not.toContain(closed.courseId)
    expect(ids).not.toContain(elsewhere.courseId)
  })

  it('refuses bad input naming the field, another school’s course, and a course that needs enrolment', async () => {
    const empty = await ask({ courseId: open.courseId, question: '  ' })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({
      field: 'question',
      msg: 'please enter a question (at most 500 characters)',
    })
    const long = await ask({ courseId: open.courseId, question: 'x'.repeat(501) })
    expect(long.status).toBe(400)
    const noCourse = await ask({ question: 'What is a stack?' })
    expect(noCourse.status).toBe(400)
    expect(await noCourse.json()).toMatchObject({ field: 'courseId' })
    expect((await ask({ courseId: elsewhere.courseId, question: 'What is BFS?' })).status).toBe(404)
    const shut = await ask({ courseId: closed.courseId, question: 'What is BFS?' }, student, 'zh')
    expect(shut.status).toBe(403)
    expect((await shut.json()).msg).toMatch(/报名并通过审核/)
  })

  it('streams the answer with its numbered sources and records the question', async () => {
    const r = await ask({ courseId: open.courseId, question: 'What is the difference between BFS and DFS?' })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/text\/event-stream/)
    const events = sseEvents(await r.text())
    const sources = events.find((e) => e.event === 'sources')!.data as { n: number; sectionId: string; link: string }[]
    expect(sources[0]).toMatchObject({
      n: 1,
      sectionId: open.sections.graph,
      link: `/home/course/learn?id=${open.courseId}`,
    })
    const answer = events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join('')
    expect(answer).toBe('The course says so [1].')
    expect(events.at(-1)).toEqual({ event: 'done', data: { promptTokens: 321, completionTokens: 12 } })
    // The model got the question and the section's text as numbered context, under the configured model name.
    const sent = model.requests.at(-1)!
    expect(sent.model).toBe('qwen2.5:7b')
    expect(sent.stream).toBe(true)
    expect(sent.messages[0]!.content).toContain('[1] Graph traversal')
    expect(sent.messages[0]!.content).toContain('Breadth-first search')
    expect(sent.messages[1]).toEqual({ role: 'user', content: 'What is the difference between BFS and DFS?' })
    const row = await first(
      t.services.db.select().from(assistantQuestion).where(eq(assistantQuestion.courseId, open.courseId)),
    )
    expect(row).toMatchObject({ outcome: 'answered', promptTokens: 321, completionTokens: 12, answer: answer })
    expect(JSON.parse(row!.citedSections!)).toEqual([{ id: open.sections.graph, title: 'Graph traversal' }])
  })

  it('lets an enrolled learner ask about a course that needs enrolment, citing its courseware', async () => {
    const { user_id } = await t.signIn('student')
    await t.services.db
      .insert(courseUser)
      .values({ id: newId(), tenantId: '000000', courseId: closed.courseId, userId: user_id, status: 1, source: 2 })
    const r = await ask({ courseId: closed.courseId, question: 'Why does a recursive function need a base case?' })
    expect(r.status).toBe(200)
    const sources = sseEvents(await r.text()).find((e) => e.event === 'sources')!.data as { link: string }[]
    expect(sources[0]!.link).toBe(`/home/course/learn?id=${closed.courseId}&ware=${closed.wareId}`)
  })

  it('answers "not in this course" without the model and without spending the quota', async () => {
    const before = model.requests.length
    const r = await ask({ courseId: open.courseId, question: '光合作用的原理是什么？' }, student, 'zh')
    const events = sseEvents(await r.text())
    expect(events.find((e) => e.event === 'delta')!.data).toEqual({ text: expect.stringMatching(/没有找到/) })
    expect(model.requests.length).toBe(before)
    expect((await t.get(`${QUESTION}/state`, student)).body.data.asked).toBe(2)
  })

  it('answers 429 with a clear message once the school’s daily quota is spent', async () => {
    const r = await ask({ courseId: open.courseId, question: 'What is memoization in dynamic programming?' })
    expect(r.status).toBe(200)
    await r.text()
    const spent = await ask({ courseId: open.courseId, question: 'What is memoization in dynamic programming?' })
    expect(spent.status).toBe(429)
    expect((await spent.json()).msg).toMatch(/3 study assistant questions for today are used up/)
  })

  it('counts against the school’s own quota when the platform administrator sets one (0 = none)', async () => {
    const [row] = await t.services.db.select().from(tenant).where(eq(tenant.tenantId, '000000'))
    const setQuota = (assistantQuota: number | null) =>
      t.post('/api/blade-system/tenant/setting', platform, {
        ids: row!.id,
        accountNumber: row!.accountNumber,
        assistantQuota,
      })
    // The school's administrator cannot raise its own quota: the licence dialog is the platform's.
    expect(
      (await t.post('/api/blade-system/tenant/setting', school, { ids: row!.id, assistantQuota: 99 })).status,
    ).toBe(403)
    expect((await setQuota(-1)).status).toBe(400)
    expect((await setQuota(4)).status).toBe(200)
    expect((await t.get(`${QUESTION}/state`, student)).body.data).toMatchObject({ quota: 4, asked: 3 })
    const r = await ask({ courseId: open.courseId, question: 'What is memoization in dynamic programming?' })
    expect(r.status).toBe(200)
    await r.text()
    expect((await setQuota(0)).status).toBe(200)
    const none = await ask(
      { courseId: open.courseId, question: 'What is memoization in dynamic programming?' },
      student,
      'zh',
    )
    expect(none.status).toBe(429)
    expect((await none.json()).msg).toMatch(/没有学习助手的提问额度/)
    // Another school keeps the platform's default; empty gives this one the default back.
    expect((await setQuota(null)).status).toBe(200)
    expect((await t.get(`${QUESTION}/state`, student)).body.data).toMatchObject({ quota: 3, asked: 4 })
    const [after] = await t.services.db.select().from(tenant).where(eq(tenant.tenantId, '000000'))
    expect(after).toMatchObject({
      assistantQuota: null,
      accountNumber: row!.accountNumber,
      expireTime: row!.expireTime,
    })
  })

  it('reports a model that refuses the key as an error event and a failed audit row, and gives the question back', async () => {
    const edit = await t.post(`${CONFIG}/submit`, platform, { id: configId, apiKey: 'sk-wrong', dailyQuota: 100 })
    expect(edit.status).toBe(200)
    const asked = (await t.get(`${QUESTION}/state`, student)).body.data.asked
    const r = await ask({ courseId: open.courseId, question: 'How does binary search work on a sorted array?' })
    const events = sseEvents(await r.text())
    expect(events.at(-1)).toEqual({ event: 'error', data: { msg: expect.stringMatching(/HTTP 401/) } })
    expect((await t.get(`${QUESTION}/state`, student)).body.data.asked).toBe(asked)
    const failed = await t.services.db.select().from(assistantQuestion).where(eq(assistantQuestion.outcome, 'failed'))
    expect(failed).toHaveLength(1)
  })

  it('shows the audit to the school’s administrators only', async () => {
    const list = await t.get(`${QUESTION}/page`, platform, { outcome: 'answered' })
    expect(list.status).toBe(200)
    const row = list.body.data.records.find((r: { citedSections: string }) => r.citedSections === 'Graph traversal')
    expect(row).toMatchObject({
      courseTitle: '数据结构与网络基础',
      question: 'What is the difference between BFS and DFS?',
      createUserName: expect.any(String),
    })
    expect(row.createUserName).not.toBe('')
    expect((await t.get(`${QUESTION}/page`, school)).body.data.total).toBe(0)
    expect((await t.get(`${QUESTION}/page`, student)).status).toBe(403)
    expect((await t.post(`${QUESTION}/submit`, platform, { question: 'x', courseId: open.courseId })).status).toBe(404)
  })
})
