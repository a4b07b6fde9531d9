import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

describe('blade-resource/oss/endpoint/put-file', () => {
  const t = testApp()
  const upload = async (file: File, token?: string) => {
    const form = new FormData()
    form.append('files', file)
    const res = await t.app.handle(new Request('http://localhost/api/blade-resource/oss/endpoint/put-file', { method: 'POST', body: form, headers: token ? { 'blade-auth': `bearer ${token}` } : {} }))
    return { status: res.status, body: await res.json() }
  }

  it('stores an image and serves it back at data.link', async () => {
    const token = await t.token('student')
    const r = await upload(new File([PNG], 'me.png', { type: 'image/png' }), token)
    expect(r.status).toBe(200)
    expect(r.body.data.link).toMatch(/^\/upload\/\d{4}\/\d\d\/\d\d\/\d+\.png$/)
    const served = await t.app.handle(new Request(`http://localhost${r.body.data.link}`))
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
  })

  it('judges the type by content, not by the name', async () => {
    const token = await t.token('student')
    const r = await upload(new File([new TextEncoder().encode('<script>alert(1)</script>')], 'evil.png'), token)
    expect(r.status).toBe(400)
    expect(r.body.field).toBe('files')
  })

  it('needs a signed-in user', async () => {
    const r = await upload(new File([PNG], 'me.png'))
    expect(r.status).toBe(401)
  })

  it('does not serve paths outside the upload folder', async () => {
    const res = await t.app.handle(new Request('http://localhost/upload/..%2F..%2Fsecrets.json'))
    expect(res.status).toBe(404)
  })
})
