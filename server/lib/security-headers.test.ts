/**
 * Browser hardening headers on every kind of answer (API, app pages, errors)
 * and stored files that can never run as script in the app's origin.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { attach } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { API_CSP, APP_CSP } from './security-headers.ts'

const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>')

describe('security headers', async () => {
  const t = await testApp({ ATRIUM_WEB_DIST: dist })
  const fetchPath = (path: string, headers: Record<string, string> = {}) =>
    t.app.handle(new Request(`http://localhost${path}`, { headers }))
  const common = (r: Response) => {
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(r.headers.get('referrer-policy')).toBe('same-origin')
  }

  it('app pages carry the CSP with frame-ancestors; API answers and errors a no-content policy', async () => {
    for (const path of ['/', '/wel/index', '/home/index']) {
      const page = await fetchPath(path)
      expect(page.status).toBe(200)
      common(page)
      expect(page.headers.get('content-security-policy')).toBe(APP_CSP)
      expect(APP_CSP).toContain("frame-ancestors 'self'")
      expect(APP_CSP).toContain("script-src 'self'")
    }
    for (const r of [
      await fetchPath('/api/health'),
      await fetchPath('/api/blade-system/user/page'),
      await fetchPath('/api/no/such/route'),
    ]) {
      common(r)
      expect(r.headers.get('content-security-policy')).toBe(API_CSP)
    }
  })

  it('an uploaded .js is served as plain text with nosniff and a sandboxed no-script policy; a stored script type goes out as a download', async () => {
    const token = await t.token('teacher')
    const form = new FormData()
    form.append('files', new File(['document.cookie; fetch("/api/blade-system/user/page")'], 'evil.js'))
    const up = await t.app.handle(
      new Request('http://localhost/api/blade-resource/oss/endpoint/put-file?kind=document', {
        method: 'POST',
        body: form,
        headers: { 'blade-auth': `bearer ${token}` },
      }),
    )
    const { data } = await up.json()
    expect(up.status).toBe(200)
    const served = await fetchPath(data.link, { 'blade-auth': `bearer ${token}` })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).not.toMatch(/javascript|html/)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)

    // Whatever a row says (an older upload, another adapter), script and page types are never served as themselves.
    await t.services.db.update(attach).set({ contentType: 'text/html' }).where(eq(attach.id, data.attachId))
    const html = await fetchPath(data.link, { 'blade-auth': `bearer ${token}` })
    expect(html.headers.get('content-type')).toBe('application/octet-stream')
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/)
  })
})
