import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { IMMUTABLE, REVALIDATE, webBundle } from './web-bundle.ts'

// A built bundle in miniature: both entry documents, a hashed script, the public icon and the build manifest.
const dist = mkdtempSync(join(tmpdir(), 'atrium-dist-'))
mkdirSync(join(dist, 'assets'))
mkdirSync(join(dist, '.vite'))
writeFileSync(join(dist, 'index.html'), '<title>back office</title>')
writeFileSync(join(dist, 'portal.html'), '<title>portal</title>')
const script = `export const x = "${'portal code '.repeat(200)}"`
writeFileSync(join(dist, 'assets', 'portal-abc123.js'), script)
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
writeFileSync(join(dist, 'exam-sw.js'), 'self.addEventListener("fetch", () => {})')
writeFileSync(join(dist, '.vite', 'manifest.json'), '{}')
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const app = webBundle(dist)
const get = (path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://local${path}`, { headers }))

describe('web bundle serving (two entries)', () => {
  it('answers the portal document for the site root and /home/*, the back office for the rest, never cached stale', async () => {
    for (const path of ['/', '/home', '/home/index', '/home/course-detail?id=1'])
      expect(await (await get(path)).text(), path).toContain('portal')
    for (const path of ['/login', '/wel/index', '/system/user', '/homework', '/404'])
      expect(await (await get(path)).text(), path).toContain('back office')
    const doc = await get('/home/index')
    expect(doc.headers.get('cache-control')).toBe(REVALIDATE)
    expect(doc.headers.get('content-type')).toContain('text/html')
  })

  it('serves hashed assets immutable, gzipped to browsers that accept it', async () => {
    const plain = await get('/assets/portal-abc123.js')
    expect(plain.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(plain.headers.get('content-type')).toContain('javascript')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)

    const packed = await get('/assets/portal-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(packed.headers.get('content-encoding')).toBe('gzip')
    expect(packed.headers.get('vary')).toBe('accept-encoding')
    const body = new Uint8Array(await packed.arrayBuffer())
    expect(body.length).toBeLessThan(script.length / 5)
    expect(gunzipSync(body).toString()).toBe(script)
  })

  it('a document rebuilt under the running server goes out new, gzipped or not (it names the new assets)', async () => {
    const gz = { 'accept-encoding': 'gzip' }
    expect(gunzipSync(new Uint8Array(await (await get('/login', gz)).arrayBuffer())).toString()).toContain(
      'back office',
    )
    writeFileSync(join(dist, 'index.html'), '<title>back office, rebuilt</title>')
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000))
    expect(gunzipSync(new Uint8Array(await (await get('/login', gz)).arrayBuffer())).toString()).toContain('rebuilt')
    expect(await (await get('/login')).text()).toContain('rebuilt')
  })

  it('refuses a missing asset, a climb out of the bundle and the build manifest', async () => {
    expect((await get('/assets/nope-123.js')).status).toBe(404)
    expect((await get('/assets/..%2Findex.html')).status).toBe(404)
    // Dotfiles (the .vite manifest) are not files of the site: the address falls back to a document.
    expect(await (await get('/.vite/manifest.json')).text()).toContain('back office')
  })

  it('serves the exam service worker under its fixed name, checked on every load (a new build takes over at once)', async () => {
    const worker = await get('/exam-sw.js')
    expect(worker.headers.get('cache-control')).toBe(REVALIDATE)
    expect(worker.headers.get('content-type')).toContain('javascript')
  })

  it('serves the public icon for an hour', async () => {
    const icon = await get('/favicon.svg')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(await icon.text()).toContain('<svg')
  })
})
