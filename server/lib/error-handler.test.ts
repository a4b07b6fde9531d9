import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { testApp } from '../../tests/support/harness.ts'

describe('one way to answer errors', () => {
  const t = testApp()

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
