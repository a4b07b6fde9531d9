import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { attach } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { startS3 } from '../../../tests/support/s3.ts'

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)
/** The start of a Windows executable: what file-type recognises as exe. */
const EXE = new Uint8Array([
  0x4d,
  0x5a,
  0x90,
  0x00,
  0x03,
  0x00,
  0x00,
  0x00,
  0x04,
  0x00,
  0x00,
  0x00,
  0xff,
  0xff,
  ...new Array(200).fill(0),
])
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n' + 'x'.repeat(2000),
)
const padded = (head: Uint8Array, size: number) => {
  const b = new Uint8Array(size)
  b.set(head)
  return b
}

async function ffmpegPng(w: number, h: number): Promise<Uint8Array<ArrayBuffer>> {
  const p = Bun.spawn(
    [
      'ffmpeg',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=s=${w}x${h}`,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      '-',
    ],
    { stdout: 'pipe' },
  )
  return new Uint8Array(await new Response(p.stdout).arrayBuffer())
}

describe('blade-resource: put-file, serving, OSS and attachments', async () => {
  // The S3 stand-in listens on loopback: the platform's own storage there is allowed by name, as an operator would.
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
  const upload = async (file: File, token?: string, kind?: string, lang?: 'en') => {
    const form = new FormData()
    form.append('files', file)
    const res = await t.app.handle(
      new Request(`http://localhost/api/blade-resource/oss/endpoint/put-file${kind ? `?kind=${kind}` : ''}`, {
        method: 'POST',
        body: form,
        headers: {
          ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
          ...(lang ? { 'accept-language': lang } : {}),
        },
      }),
    )
    return { status: res.status, body: await res.json() }
  }
  const fetchFile = (link: string, headers: Record<string, string> = {}) =>
    t.app.handle(new Request(`http://localhost${link}`, { headers }))

  it('stores a public image under an unguessable name and serves it back, resized on request', async () => {
    const token = await t.token('student')
    const big = await ffmpegPng(800, 600)
    const r = await upload(new File([big], '封面.png', { type: 'image/png' }), token)
    expect(r.status).toBe(200)
    expect(r.body.data.link).toMatch(/^\/upload\/public\/\d{4}\/\d\d\/\d\d\/[A-Za-z0-9_-]{22}\.png$/)
    expect(r.body.data.originalName).toBe('封面.png')
    const served = await fetchFile(r.body.data.link)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(big)
    const thumb = await fetchFile(`${r.body.data.link}?w=160`)
    expect(thumb.status).toBe(200)
    const bytes = new Uint8Array(await thumb.arrayBuffer())
    expect(bytes.length).toBeLessThan(big.length)
    // PNG IHDR width at byte 16.
    expect(new DataView(bytes.buffer).getUint32(16)).toBe(160)
  })

  it('judges the type by content: a script named .png, an .exe named .png and a PNG named .exe are refused', async () => {
    const token = await t.token('student')
    for (const f of [
      new File([new TextEncoder().encode('<script>alert(1)</script>')], 'evil.png'),
      new File([EXE], 'setup.png'),
      new File([PNG], 'picture.exe'),
    ]) {
      const r = await upload(f, token)
      expect(r.status, f.name).toBe(400)
      expect(r.body.field).toBe('files')
    }
    const r = await upload(new File([EXE], 'setup.png'), token, undefined, 'en')
    expect(r.body.msg).toBe('only jpeg/jpg/png files, not over 5M')
  })

  it("enforces each kind's limit with the spec's message (413): avatar 500 KB, image 5 MB", async () => {
    const token = await t.token('student')
    const avatar = await upload(new File([padded(PNG, 600 * 1024)], 'me.png'), token, 'avatar', 'en')
    expect(avatar.status).toBe(413)
    expect(avatar.body.field).toBe('files')
    expect(avatar.body.msg).toBe('the avatar must be jpg or png, at most 500 KB')
    const image = await upload(new File([padded(PNG, 5 * 1024 * 1024 + 10)], 'big.png'), token, 'image')
    expect(image.status).toBe(413)
    expect(image.body.msg).toBe('只能上传jpeg/jpg/png文件，且不超过5M')
    expect((await upload(new File([PNG], 'me.png'), token, 'avatar')).status).toBe(200)
    expect((await upload(new File([PNG], 'me.png'), token, 'nonsense')).body.field).toBe('kind')
  })

  it('needs a signed-in user', async () => {
    expect((await upload(new File([PNG], 'me.png'))).status).toBe(401)
  })

  it('does not serve paths outside the upload folder or files never uploaded', async () => {
    expect((await fetchFile('/upload/..%2F..%2Fsecrets.json')).status).toBe(404)
    expect((await fetchFile('/upload/public/2020/01/01/nothing.png')).status).toBe(404)
  })

  describe('a private file (courseware)', () => {
    let link = ''
    let teacher = ''
    beforeAll(async () => {
      teacher = await t.token('teacher')
      const r = await upload(new File([PDF], 'chapter1.pdf'), teacher, 'courseware')
      expect(r.status).toBe(200)
      link = r.body.data.link
      expect(link).toMatch(/^\/upload\/private\//)
    })

    it('is refused to a stranger and to a guest, served to its owner and to an administrator', async () => {
      expect((await fetchFile(link)).status).toBe(404)
      expect((await fetchFile(link, { 'blade-auth': `bearer ${await t.token('student')}` })).status).toBe(404)
      const own = await fetchFile(link, { 'blade-auth': `bearer ${teacher}` })
      expect(own.status).toBe(200)
      expect(own.headers.get('cache-control')).toContain('private')
      expect((await fetchFile(link, { 'blade-auth': `bearer ${await t.token('admin')}` })).status).toBe(200)
    })

    it('is served with a signed link until it expires; a forged signature is refused', async () => {
      const admin = await t.token('admin')
      const signed = await t.get('/api/blade-resource/attach/sign', admin, { link })
      expect(signed.status).toBe(200)
      expect((await fetchFile(signed.body.data.link)).status).toBe(200)
      // Forge by changing the signature's first character (to one it is not, or the "forgery" is the real link).
      const forged = signed.body.data.link.replace(
        /sign=(.)/,
        (_: string, c: string) => `sign=${c === 'A' ? 'B' : 'A'}`,
      )
      expect((await fetchFile(forged)).status).toBe(404)
      expect((await fetchFile(signed.body.data.link.replace(/expires=\d+/, 'expires=1000'))).status).toBe(404)
      // A student cannot ask for a signed link to someone else's file.
      expect((await t.get('/api/blade-resource/attach/sign', await t.token('student'), { link })).status).toBe(403)
    })

    it('answers range requests with 206 so a video can seek', async () => {
      const h = { 'blade-auth': `bearer ${teacher}` }
      const part = await fetchFile(link, { ...h, range: 'bytes=0-7' })
      expect(part.status).toBe(206)
      expect(part.headers.get('content-range')).toBe(`bytes 0-7/${PDF.length}`)
      expect(await part.text()).toBe('%PDF-1.4')
      const tail = await fetchFile(link, { ...h, range: 'bytes=-6' })
      expect(tail.status).toBe(206)
      expect(await tail.text()).toBe('%%EOF\n'.length === 6 ? new TextDecoder().decode(PDF.slice(-6)) : '')
      expect((await fetchFile(link, { ...h, range: `bytes=${PDF.length + 5}-` })).status).toBe(416)
      expect((await fetchFile(link, h)).headers.get('accept-ranges')).toBe('bytes')
    })
  })

  describe('attachments', () => {
    it('lists stored files for staff and removes one with its bytes', async () => {
      const admin = await t.token('admin')
      const r = await upload(new File([PNG], 'gone.png'), admin)
      const list = await t.get('/api/blade-resource/attach/list', admin, { originalName: 'gone.png' })
      expect(list.status).toBe(200)
      expect(list.body.data.records.map((x: { link: string }) => x.link)).toContain(r.body.data.link)
      const id = r.body.data.attachId
      expect((await t.post('/api/blade-resource/attach/remove', admin, undefined, { ids: id })).status).toBe(200)
      expect((await fetchFile(r.body.data.link)).status).toBe(404)
      expect(await t.services.db.$count(attach, and(eq(attach.id, id), eq(attach.isDeleted, 1)))).toBe(1)
    })

    it('is closed to students', async () => {
      const student = await t.token('student')
      expect((await t.get('/api/blade-resource/attach/list', student)).status).toBe(403)
      expect((await t.get('/api/blade-resource/oss/list', student)).status).toBe(403)
    })
  })

  describe('S3-compatible storage (a real s3rver)', () => {
    let s3: Awaited<ReturnType<typeof startS3>>
    beforeAll(async () => {
      s3 = await startS3()
    })
    afterAll(async () => {
      await s3?.stop()
    })

    it('validates a configuration, keeps its secret, and once enabled stores uploads in the bucket', async () => {
      const admin = await t.token('admin')
      const bad = await t.post('/api/blade-resource/oss/submit', admin, {
        ossCode: 'campus-s3',
        category: 2,
        bucketName: s3.bucket,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
      })
      expect(bad.status).toBe(400)
      expect(bad.body.field).toBe('endpoint')
      const saved = await t.post('/api/blade-resource/oss/submit', admin, {
        ossCode: 'campus-s3',
        category: 2,
        endpoint: s3.endpoint,
        bucketName: s3.bucket,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        region: 'us-east-1',
      })
      expect(saved.status).toBe(200)
      expect(saved.body.data.secretKey).toBeUndefined()
      const id = saved.body.data.id
      // Editing without a secret keeps the stored one.
      expect(
        (await t.post('/api/blade-resource/oss/submit', admin, { id, remark: 'campus bucket', secretKey: '' })).status,
      ).toBe(200)
      expect((await t.post('/api/blade-resource/oss/enable', admin, undefined, { id })).status).toBe(200)
      const listed = await t.get('/api/blade-resource/oss/list', admin)
      expect(listed.body.data.records.find((r: { id: string }) => r.id === id).secretKey).toBeUndefined()

      const teacher = await t.token('teacher')
      const up = await upload(new File([PDF], 'lesson.pdf'), teacher, 'courseware')
      expect(up.status).toBe(200)
      const key = up.body.data.name
      const bucket = new Bun.S3Client({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        accessKeyId: s3.accessKey,
        secretAccessKey: s3.secretKey,
        region: 'us-east-1',
      })
      expect(new Uint8Array(await bucket.file(key).arrayBuffer())).toEqual(PDF)
      // Read back through the appliance, whole and by range.
      const h = { 'blade-auth': `bearer ${teacher}` }
      const whole = await fetchFile(up.body.data.link, h)
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(PDF)
      const part = await fetchFile(up.body.data.link, { ...h, range: 'bytes=1-3' })
      expect(part.status).toBe(206)
      expect(await part.text()).toBe('PDF')
      // Removing the attachment deletes the object.
      expect(
        (await t.post('/api/blade-resource/attach/remove', admin, undefined, { ids: up.body.data.attachId })).status,
      ).toBe(200)
      expect(await bucket.file(key).exists()).toBe(false)
    })
  })
})

describe('blade-resource: declared request schemas', async () => {
  const t = await testApp()

  it("attach/remove's body answers a bad id list as the handler does, naming the field (zh, en)", async () => {
    const admin = await t.token('admin')
    for (const [lang, msg] of [
      ['zh', '参数 ids 必须是以逗号分隔的编号'],
      ['en', 'ids must be a comma-separated list of ids'],
    ] as const) {
      const r = await t.call('POST', '/api/blade-resource/attach/remove', {
        token: admin,
        body: { ids: { x: 1 } },
        lang,
      })
      expect(r).toMatchObject({ status: 400, body: { msg, field: 'ids' } })
    }
  })
})
