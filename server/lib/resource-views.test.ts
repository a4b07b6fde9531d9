/**
 * Views of a resource (resource-views.ts) on real tables and a real SQLite file: a public list with its declared
 * query (a refused value is a 400 naming the field), a whole list capped by the query, renamed routes, a detail
 * bounded by tenant and the view's condition, the caller's own rows, and verbs declared on a view (their query
 * and body described and checked on the route, their bounds, their own messages) — mounted with viewsOf from
 * outside the resources' files, as the portal mounts its views.
 */
import { describe, expect, it } from 'vitest'
import { Elysia, t as schema } from 'elysia'
import { and, asc, desc, eq } from 'drizzle-orm'
import { banner, courseStatistics } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { errorHandler } from './error-handler.ts'
import { newId } from './ids.ts'
import { defineMessages } from './messages.ts'
import { routesWithoutRequestSchema } from './openapi.ts'
import { SIGNED_IN } from './permissions.ts'
import { given, text } from './request-schema.ts'
import { said, viewsOf } from './resource-views.ts'

defineMessages({ 'test.views.hello': { zh: '你好，{name}', en: 'hello, {name}' } })

describe('views of a resource', async () => {
  const t = await testApp()
  const why = 'what the test school shows everyone'
  const banners = viewsOf({ options: { table: banner } }, [
    {
      path: '/api/test-views/banner',
      why,
      fields: ['id', 'title', 'position', 'sort'],
      where: () => eq(banner.status, 1),
      search: ['title'],
      filters: ['position'],
      query: { list: { position: schema.Optional(schema.String({ pattern: '^\\d*$', error: 'validation.invalid' })) } },
      rows: (_ctx, rows, route, services) => rows.map((r) => ({ ...r, route, served: Boolean(services.db) })),
      actions: {
        // A public verb reading within the view's bounds.
        count: {
          method: 'GET',
          query: { title: text('title') },
          run: async (ctx, { query, where }) =>
            (
              await ctx.db
                .select({ id: banner.id })
                .from(banner)
                .where(and(where, eq(banner.title, query.title ?? '')))
            ).length,
        },
        // A signed-in verb that says its own message.
        greet: {
          perm: SIGNED_IN,
          body: { name: given('who') },
          run: (_ctx, { body }) => said({ name: body.name }, 'test.views.hello', { name: String(body.name) }),
        },
      },
    },
    {
      path: '/api/test-views/banner',
      why,
      fields: ['id', 'title'],
      routes: ['list'],
      paths: { list: '/top' },
      all: { limit: (q) => Math.min(Number(q.n) || 2, 3) },
      where: () => eq(banner.status, 1),
      query: { list: { n: text('how many') } },
      orderBy: (c) => [asc(c.sort), desc(c.id)],
    },
  ])
  const mine = viewsOf({ options: { table: courseStatistics } }, [
    {
      path: '/api/test-views/progress',
      why: "a learner's own progress",
      own: true,
      fields: ['id', 'wareId', 'progress'],
      routes: ['list'],
      orderBy: (c) => [desc(c.id)],
    },
  ])
  const app = new Elysia().use(errorHandler(t.services)).use(banners(t.services)).use(mine(t.services))
  const call = async (method: string, path: string, o: { token?: string; body?: unknown; lang?: string } = {}) => {
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          ...(o.token ? { 'blade-auth': `bearer ${o.token}` } : {}),
          ...(o.lang ? { 'accept-language': o.lang } : {}),
          'content-type': 'application/json',
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      }),
    )
    return { status: res.status, body: (await res.json()) as { data: any; msg: string; field?: string } }
  }
  const stamp = '2026-11-27 08:00:00'
  const put = async (
    title: string,
    o: { tenantId?: string; status?: number; position?: number; sort?: number } = {},
  ) => {
    const id = newId()
    await t.services.db
      .insert(banner)
      .values({ id, title, cover: '/x.png', createTime: stamp, updateTime: stamp, ...o })

    return id
  }
  const shown = await put('视图横幅甲', { position: 1, sort: 2 })
  const second = await put('视图横幅乙', { position: 2, sort: 1 })
  await put('视图横幅丙', { position: 2, sort: 3 })
  const hidden = await put('视图横幅下架', { status: 0 })
  const elsewhere = await put('视图横幅他校', { tenantId: '100001' })

  it('declares every route with its request schema', async () => {
    expect(routesWithoutRequestSchema(app).filter((k) => k.includes('test-views'))).toEqual([])
  })

  it('pages what the school shows, searched and filtered, checking the declared query and never reading other columns', async () => {
    const all = await call('GET', '/api/test-views/banner/list?size=50&title=视图横幅')
    expect(all.status).toBe(200)
    const titles = all.body.data.records.map((r: { title: string }) => r.title)
    expect(titles).toEqual(expect.arrayContaining(['视图横幅甲', '视图横幅乙', '视图横幅丙']))
    expect(titles).not.toContain('视图横幅下架')
    expect(titles).not.toContain('视图横幅他校')
    expect(all.body.data.records[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      position: expect.any(Number),
      sort: expect.any(Number),
      route: 'list',
      served: true,
    })
    const two = await call('GET', '/api/test-views/banner/list?title_like=视图横幅&position=2')
    expect(two.body.data.total).toBe(2)
    const bad = await call('GET', '/api/test-views/banner/list?position=x', { lang: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('position')
  })

  it('answers a detail within the bounds: 400 naming a malformed id, 404 outside them', async () => {
    const one = await call('GET', `/api/test-views/banner/detail?id=${shown}`)
    expect(one.body.data).toMatchObject({ id: shown, title: '视图横幅甲', route: 'detail' })
    expect((await call('GET', '/api/test-views/banner/detail?id=x')).body.field).toBe('id')
    expect((await call('GET', `/api/test-views/banner/detail?id=${hidden}`)).status).toBe(404)
    expect((await call('GET', `/api/test-views/banner/detail?id=${elsewhere}`)).status).toBe(404)
  })

  it('answers a whole list at a renamed path, in its own order, as many as the query asks within the cap', async () => {
    const top = await call('GET', '/api/test-views/banner/top?n=2')
    expect(Array.isArray(top.body.data)).toBe(true)
    expect(top.body.data).toHaveLength(2)
    expect(top.body.data[0]).toEqual({ id: expect.any(String), title: expect.any(String) })
    expect((await call('GET', '/api/test-views/banner/top?n=99')).body.data).toHaveLength(3)
    expect(
      (await call('GET', '/api/test-views/banner/list?size=50')).body.data.records.map((r: any) => r.id),
    ).toContain(second)
  })

  it("runs a view's verbs within its bounds, behind their own perm, with the message they say", async () => {
    expect((await call('GET', '/api/test-views/banner/count?title=视图横幅乙')).body.data).toBe(1)
    expect((await call('GET', '/api/test-views/banner/count?title=视图横幅下架')).body.data).toBe(0)
    expect((await call('POST', '/api/test-views/banner/greet', { body: { name: '小明' } })).status).toBe(401)
    const student = await t.token('student')
    const hello = await call('POST', '/api/test-views/banner/greet', {
      token: student,
      body: { name: 'Ming' },
      lang: 'en',
    })
    expect(hello.body).toMatchObject({ data: { name: 'Ming' }, msg: 'hello, Ming' })
  })

  it("shows a signed-in caller only their own rows, and nobody's to a guest", async () => {
    const student = await t.signIn('student')
    const teacher = await t.signIn('teacher')
    const row = async (userId: string, wareId: string) =>
      await t.services.db
        .insert(courseStatistics)
        .values({ id: newId(), courseId: '1', wareId, userId, progress: 10, createTime: stamp })

    await row(student.user_id, 'w-student')
    await row(teacher.user_id, 'w-teacher')
    expect((await call('GET', '/api/test-views/progress/list')).status).toBe(401)
    const wares = async (token: string) =>
      (await call('GET', '/api/test-views/progress/list?size=200', { token })).body.data.records.map(
        (r: { wareId: string }) => r.wareId,
      )
    const mineOnly = await wares(student.access_token)
    expect(mineOnly).toContain('w-student')
    expect(mineOnly).not.toContain('w-teacher')
    const theirs = await wares(teacher.access_token)
    expect(theirs).toContain('w-teacher')
    expect(theirs).not.toContain('w-student')
  })
})
