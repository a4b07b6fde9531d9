/**
 * The system screens' pickers, look-ups and own-account verbs are declared
 * actions of their resources (issue #26): generated routes at their contract
 * paths (the name look-ups under /api/blade-system/search and
 * /api/blade-user), each bounded to the caller's tenant, refusing a student,
 * and answering bad input with a 400 naming the field. Real SQLite, real HTTP.
 */
import { describe, expect, it } from 'vitest'
import { routeStyle } from '../../lib/hand-written.ts'
import { testApp } from '../../../tests/support/harness.ts'

const LOOK_UPS = [
  '/api/blade-system/search/user',
  '/api/blade-system/search/role',
  '/api/blade-system/search/dept',
  '/api/blade-system/search/post',
  '/api/blade-user/user-list',
]

describe('system look-ups and pickers as declared actions', async () => {
  const t = await testApp()

  it('are generated routes at their contract paths', () => {
    const paths = [
      ...LOOK_UPS,
      '/api/blade-system/user/getUserByRole',
      '/api/blade-system/user/update-platform',
      '/api/blade-system/role/select',
      '/api/blade-system/dept/tree',
      '/api/blade-system/post/select',
      '/api/blade-system/menu/routes',
      '/api/blade-system/dict-biz/dictionary',
      '/api/blade-system/tenant/submit',
      '/api/blade-log/error/detail',
      '/api/blade-resource/attach/remove',
    ]
    for (const p of paths) {
      const route = t.app.routes.find((r) => r.path === p)
      expect(route, p).toBeTruthy()
      expect(routeStyle(route!), p).toEqual({ generated: true })
    }
  })

  it("name look-ups answer only the caller's school, refuse a student and want a token", async () => {
    const platform = await t.token('admin')
    const school = await t.token('admin', 'admin', '100001')
    for (const path of LOOK_UPS) {
      const mine = await t.get(path, school)
      expect(mine.status, path).toBe(200)
      const rows = (Array.isArray(mine.body.data) ? mine.body.data : mine.body.data.records) as { id: string }[]
      expect(rows.length, path).toBeGreaterThan(0)
      const theirs = await t.get(path, platform)
      const theirRows = (Array.isArray(theirs.body.data) ? theirs.body.data : theirs.body.data.records) as {
        id: string
      }[]
      const ids = new Set(theirRows.map((r) => r.id))
      expect(
        rows.filter((r) => ids.has(r.id)),
        `${path} shows no row of another school`,
      ).toEqual([])
      expect((await t.get(path, await t.token('student'))).status, path).toBe(403)
      expect((await t.get(path)).status, path).toBe(401)
    }
    // The name narrows the look-up (LIKE, with % taken literally).
    const roles = await t.get('/api/blade-system/search/role', platform, { name: '%' })
    expect(roles).toMatchObject({ status: 200, body: { data: [] } })
  })

  it('answers bad input with a 400 naming the field, in the caller’s language', async () => {
    const admin = await t.token('admin')
    const me = (await t.get('/api/blade-system/user/info', admin)).body.data.user_id as string
    for (const [lang, msg] of [
      ['zh', '字段 userType 的值无效'],
      ['en', 'field userType has an invalid value'],
    ] as const) {
      const r = await t.call('POST', '/api/blade-system/user/update-platform', {
        token: admin,
        body: { userId: me, userType: 9 },
        lang,
      })
      expect(r).toMatchObject({ status: 400, body: { field: 'userType', msg } })
    }
    // A missing user answers as the route's own schema did: the field named, "invalid value".
    const missing = await t.post('/api/blade-system/user/update-platform', admin, { userType: 2 })
    expect(missing).toMatchObject({ status: 400, body: { field: 'userId', msg: '字段 userId 的值无效' } })
    expect(await t.get('/api/blade-system/user/getUserByRole', admin)).toMatchObject({
      status: 400,
      body: { field: 'role' },
    })
    // An edit must name its user in the body: an id in the query alone never turns it into an insert.
    expect(await t.post('/api/blade-system/user/update', admin, { realName: 'x' }, { id: me })).toMatchObject({
      status: 400,
      body: { field: 'id' },
    })
    const ok = await t.post('/api/blade-system/user/update-platform', admin, { userId: me, userType: '2' })
    expect(ok.status).toBe(200)
    expect((await t.get('/api/blade-system/user/platform-detail', admin, { id: me })).body.data).toMatchObject({
      id: me,
      userType: 2,
    })
  })

  it('the API description keeps what each declares: look-up queries, and tenant submit the fields of its form', async () => {
    const doc = (await t.get('/api/openapi.json', await t.token('admin'))).body.data
    const names = (path: string) => (doc.paths[path].get.parameters as { name: string }[]).map((p) => p.name)
    expect(names('/api/blade-system/search/role')).toContain('name')
    expect(names('/api/blade-user/user-list')).toEqual(expect.arrayContaining(['current', 'size', 'realName']))
    expect(JSON.stringify(doc.paths['/api/blade-system/tenant/submit'].post.requestBody)).toContain('tenantName')
  })

  it('the login page looks a school up by host name without signing in; an unknown host answers null', async () => {
    expect(await t.get('/api/blade-system/tenant/info', undefined, { domain: 'nowhere.invalid' })).toMatchObject({
      status: 200,
      body: { data: null },
    })
  })
})
