/**
 * A school's storage settings cannot turn the appliance against its own host
 * (issue #24): a tenant administrator's loopback endpoint is refused when
 * written and when used, and whatever storage answers goes out as the stored
 * file, never as storage's own page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { attach, oss } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { startS3 } from '../../../tests/support/s3.ts'
import { newId } from '../../lib/ids.ts'

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
)

/** A listener inside the host that must never be reached through a school's settings; counts what reaches it. */
function internalListener(hostname: string, answer: (req: Request) => Response | Promise<Response>) {
  const seen: string[] = []
  const server = Bun.serve({
    hostname,
    port: 0,
    fetch: (req) => {
      seen.push(`${req.method} ${new URL(req.url).pathname}`)
      return answer(req)
    },
  })
  return { url: `http://${hostname}:${server.port}`, seen, stop: () => server.stop(true) }
}

describe('storage settings under the outbound policy', async () => {
  // The platform may keep its own storage on 127.0.0.2 (named by the operator); no school may use loopback.
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.2' })
  let s3: Awaited<ReturnType<typeof startS3>>
  let admin = ''
  const internal = internalListener('127.0.0.1', () => new Response('<h1>router admin</h1>', { status: 200 }))
  beforeAll(async () => {
    s3 = await startS3()
    admin = await t.token('admin', 'admin', '100001')
  })
  afterAll(async () => {
    await internal.stop()
    await s3?.stop()
  })

  const upload = async (token: string, kind = 'courseware') => {
    const form = new FormData()
    form.append('files', new File([PDF], 'lesson.pdf'))
    const res = await t.app.handle(
      new Request(`http://localhost/api/blade-resource/oss/endpoint/put-file?kind=${kind}`, {
        method: 'POST',
        body: form,
        headers: { 'blade-auth': `bearer ${token}` },
      }),
    )
    return { status: res.status, body: await res.json() }
  }
  const settings = (endpoint: string) => ({
    ossCode: 'school-s3',
    category: 2,
    endpoint,
    bucketName: s3.bucket,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
  })

  it("refuses a school administrator's loopback or private endpoint when it is written, naming the field", async () => {
    for (const endpoint of [s3.endpoint, s3.endpoint.replace('127.0.0.1', 'localhost'), 'http://169.254.169.254']) {
      const r = await t.post('/api/blade-resource/oss/submit', admin, settings(endpoint))
      expect(r.status, endpoint).toBe(400)
      expect(r.body.field).toBe('endpoint')
      expect(r.body.msg).toContain('平台未允许')
    }
    const en = await t.call('POST', '/api/blade-resource/oss/submit', {
      token: admin,
      lang: 'en',
      body: settings(s3.endpoint),
    })
    expect(en.body.msg).toBe(
      'the address points at this host, a private network or a reserved address (127.0.0.1), which the platform does not allow',
    )
    // Editing an allowed row to point inside is refused the same way.
    const row = await t.post('/api/blade-resource/oss/submit', admin, settings('https://93.184.216.34'))
    expect(row.status).toBe(200)
    const edit = await t.post('/api/blade-resource/oss/submit', admin, { id: row.body.data.id, endpoint: s3.endpoint })
    expect(edit.body.field).toBe('endpoint')
    expect(await t.services.db.$count(oss, eq(oss.endpoint, s3.endpoint))).toBe(0)
  })

  it('refuses a stored loopback endpoint when it is used: no upload and no read reaches the listener', async () => {
    // As if written before the policy, or a name that resolved elsewhere when it was saved.
    const ossId = newId()
    await t.services.db
      .insert(oss)
      .values({ ...settings(internal.url), id: ossId, tenantId: '100001', bucketName: 'b', isEnabled: 1 })
    const up = await upload(admin)
    expect(up.status).toBe(503)
    expect(up.body.msg).toContain('127.0.0.1')
    const key = 'private/2026/01/01/legacyfileaaaaaaaaaaaaa.pdf'
    await t.services.db.insert(attach).values({
      id: newId(),
      tenantId: '100001',
      link: `/upload/${key}`,
      name: key,
      originalName: 'old.pdf',
      extension: 'pdf',
      attachSize: 20,
      contentType: 'application/pdf',
      kind: 'courseware',
      isPublic: 1,
      ossId,
    })
    const served = await t.app.handle(new Request(`http://localhost/upload/${key}`))
    expect(served.status).toBe(503)
    expect(await served.text()).not.toContain('router admin')
    expect(internal.seen).toEqual([])
  })

  describe("the platform's own storage answering something other than the object", () => {
    let mode: 'object' | 'page' | 'redirect' | 'error' = 'object'
    const objects = new Map<string, Uint8Array<ArrayBuffer>>()
    const hostile = internalListener('127.0.0.2', async (req) => {
      const path = new URL(req.url).pathname
      if (req.method === 'PUT') {
        objects.set(path, new Uint8Array(await req.arrayBuffer()))
        return new Response(null, { status: 200 })
      }
      if (mode === 'redirect') return Response.redirect(`${internal.url}/`, 302)
      if (mode === 'error') return new Response('<html>stack trace of the storage</html>', { status: 500 })
      const body = mode === 'page' ? new TextEncoder().encode('<script>steal()</script>') : objects.get(path)!
      return new Response(body, {
        headers: { 'content-type': 'text/html', 'set-cookie': 'sid=storage', 'x-amz-meta-owner': 'storage' },
      })
    })
    afterAll(() => hostile.stop())

    it('serves the bytes as the stored file: type from its row, download-safe headers, none of storage’s', async () => {
      const platform = await t.token('admin')
      const saved = await t.post('/api/blade-resource/oss/submit', platform, settings(hostile.url))
      expect(saved.status).toBe(200)
      expect(
        (await t.post('/api/blade-resource/oss/enable', platform, undefined, { id: saved.body.data.id })).status,
      ).toBe(200)
      const up = await upload(platform)
      expect(up.status).toBe(200)
      const get = () =>
        t.app.handle(
          new Request(`http://localhost${up.body.data.link}`, { headers: { 'blade-auth': `bearer ${platform}` } }),
        )

      mode = 'page'
      const page = await get()
      expect(page.headers.get('content-type')).toBe('application/pdf')
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(page.headers.get('set-cookie')).toBeNull()
      expect(page.headers.get('x-amz-meta-owner')).toBeNull()
      await page.body?.cancel()

      mode = 'redirect'
      const redirected = await get()
      expect(redirected.status).toBe(503)
      expect(redirected.headers.get('location')).toBeNull()

      mode = 'error'
      const failed = await get()
      expect(failed.status).toBe(500)
      expect(await failed.text()).not.toContain('stack trace of the storage')
      expect(internal.seen).toEqual([])
    })
  })
})
