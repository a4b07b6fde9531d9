import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { testApp } from '../../tests/support/harness.ts'

describe('one way to answer errors', async () => {
  const t = await testApp()

  it("an unknown API answers 404 through ApiError, in the caller's language", async () => {
    const zh = await t.call('GET', '/api/blade-nothing/here', { lang: 'zh' })
    expect(zh.status).toBe(404)
    expect(zh.body).toEqual({ code: 404, success: false, msg: '接口不存在', data: null })
    expect((await t.call('POST', '/api/blade-nothing/here', { lang: 'en' })).body.msg).toBe('no such API')
  })

  it('answers the same when the web bundle is served (its fallback route must not swallow /api)', async () => {
    const dist = join(t.dataDir, 'web-dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atrium</title>')
    const app = createApp({ ...t.services, id: 'with-web', config: { ...t.services.config, webDist: dist } })
    const res = await app.handle(
      new Request('http://localhost/api/blade-nothing/here', { headers: { 'accept-language': 'en' } }),
    )
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 404, success: false, msg: 'no such API', data: null })
    expect(await (await app.handle(new Request('http://localhost/home/index'))).text()).toContain(
      '<title>Atrium</title>',
    )
  })
})

describe("a route's request schema answers the 400 naming the field", async () => {
  const t = await testApp()

  it("a query the schema refuses: the field, in the caller's language", async () => {
    const long = { tenantId: '1234567890123' }
    const zh = await t.call('GET', '/api/blade-auth/oauth/login-options', { query: long, lang: 'zh' })
    expect(zh.status).toBe(400)
    expect(zh.body).toMatchObject({ code: 400, success: false, msg: '字段 tenantId 的值无效', field: 'tenantId' })
    const en = await t.call('GET', '/api/blade-auth/oauth/login-options', { query: long, lang: 'en' })
    expect(en.body).toMatchObject({ code: 400, msg: 'field tenantId has an invalid value', field: 'tenantId' })
  })

  it("a body the schema refuses names the item's field, not its index in the list", async () => {
    const token = await t.token('admin')
    const body = [{ url: '/x', message: { not: 'text' } }]
    const en = await t.call('POST', '/api/blade-auth/oauth/logout', { token, body, lang: 'en' })
    expect(en.status).toBe(400)
    expect(en.body).toMatchObject({ msg: 'field message has an invalid value', field: 'message' })
    const zh = await t.call('POST', '/api/blade-auth/oauth/logout', { token, body, lang: 'zh' })
    expect(zh.body.msg).toBe('字段 message 的值无效')
  })

  it("a schema carrying the handler's message key answers with that message", async () => {
    const token = await t.token('admin')
    const body = { ids: [{ no: 1 }] }
    const zh = await t.call('POST', '/api/hm-userContainer/userContainer/stop', { token, body, lang: 'zh' })
    expect(zh.status).toBe(400)
    expect(zh.body).toMatchObject({ msg: '参数 ids 必须是以逗号分隔的编号', field: 'ids' })
    const en = await t.call('POST', '/api/hm-userContainer/userContainer/stop', { token, body, lang: 'en' })
    expect(en.body.msg).toBe('ids must be a comma-separated list of ids')
  })
})
