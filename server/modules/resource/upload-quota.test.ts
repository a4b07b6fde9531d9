/**
 * Upload quotas and rates (issue #24): put-file past a user's or a school's
 * quota answers 413, a burst past the per-minute rate 429 with Retry-After,
 * counted from the file table, and a refused upload leaves nothing on disk.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { and, count, eq, sql } from 'drizzle-orm'
import { attach, param, user } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'

const MB = 1024 * 1024
const text = (bytes: number) => new File([new Uint8Array(bytes).fill(0x61)], 'notes.txt')

/** Every file under a directory (none when it does not exist). */
const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile())
  } catch {
    return []
  }
}

async function quotaApp(params: Record<string, string>, tenantId = '000000') {
  const t = await testApp()
  for (const [key, value] of Object.entries(params))
    await t.services.db
      .insert(param)
      .values({ id: newId(), tenantId, paramName: key, paramKey: key, paramValue: value })
  const upload = async (token: string, file: File, lang: 'zh' | 'en' = 'zh') => {
    const form = new FormData()
    form.append('files', file)
    const res = await t.app.handle(
      new Request('http://localhost/api/blade-resource/oss/endpoint/put-file?kind=download', {
        method: 'POST',
        body: form,
        headers: { 'blade-auth': `bearer ${token}`, 'accept-language': lang },
      }),
    )
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
  }
  const stored = () => filesUnder(join(t.dataDir, 'uploads', 'private'))
  const temp = () => filesUnder(join(t.dataDir, 'tmp'))
  return { t, upload, stored, temp }
}

describe('upload quotas', async () => {
  const q = await quotaApp({ 'upload.userQuotaMB': '3' })

  it("refuses a student's upload past the per-user quota with 413 and a clear message, keeping nothing", async () => {
    const student = await q.t.token('student')
    for (let i = 0; i < 3; i++) expect((await q.upload(student, text(MB))).status).toBe(200)
    const before = q.stored().length
    const zh = await q.upload(student, text(MB))
    expect(zh.status).toBe(413)
    expect(zh.body.field).toBe('files')
    expect(zh.body.msg).toBe('个人上传空间已满：已用 3.0 MB，上限 3.0 MB。请删除不再需要的文件，或联系管理员')
    const en = await q.upload(student, text(10), 'en')
    expect(en.body.msg).toBe(
      'your upload space is full: 3.0 MB used of 3.0 MB. Remove files you no longer need or ask an administrator',
    )
    expect(q.stored().length).toBe(before)
    expect(q.temp()).toEqual([])
  })

  it('stops a body that would pass the room left while it streams; another user still has room', async () => {
    const teacher = await q.t.token('teacher')
    expect((await q.upload(teacher, text(2 * MB))).status).toBe(200)
    const before = q.stored().length
    const r = await q.upload(teacher, text(2 * MB))
    expect(r.status).toBe(413)
    expect(r.body.msg).toContain('个人上传空间已满')
    expect(q.stored().length).toBe(before)
    expect(q.temp()).toEqual([])
  })

  it("a school administrator's own parameter does not lift the platform's quota", async () => {
    const admin = await q.t.token('admin', 'admin', '100001')
    const own = await q.t.post('/api/blade-system/param/submit', admin, {
      paramName: 'quota',
      paramKey: 'upload.userQuotaMB',
      paramValue: '100000',
    })
    expect(own.status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await q.upload(admin, text(MB))).status).toBe(200)
    expect((await q.upload(admin, text(MB))).status).toBe(413)
  })

  it('holds under concurrency: of six parallel 1 MB uploads into 3 MB, three are stored', async () => {
    const manager = await q.t.token('manager')
    const answers = await Promise.all(Array.from({ length: 6 }, () => q.upload(manager, text(MB))))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 413, 413, 413])
    const ok = answers.filter((a) => a.status === 200).map((a) => a.body.data.name as string)
    for (const name of ok) expect(q.stored()).toContain(name.replace(/^private\//, ''))
    expect(q.temp()).toEqual([])
    const db = q.t.services.db
    const managerId = db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.account, 'manager'), eq(user.tenantId, '000000')))
    const rows = await first(
      db
        .select({ n: count(), b: sql`sum(${attach.attachSize})`.mapWith(Number) })
        .from(attach)
        .where(eq(attach.createUser, sql`(${managerId})`)),
    )
    expect(rows).toEqual({ n: 3, b: 3 * MB })
  })
})

describe('school quota, set by the platform only', async () => {
  const q = await quotaApp({ 'upload.tenantQuotaMB.000000': '0' })

  it('refuses past the per-school quota (413) once the platform sets it', async () => {
    const db = q.t.services.db
    const used = (await first(
      db
        .select({ b: sql`coalesce(sum(${attach.attachSize}), 0)`.mapWith(Number) })
        .from(attach)
        .where(and(eq(attach.tenantId, '000000'), eq(attach.isDeleted, 0))),
    ))!
    const quota = Math.ceil(used.b / MB) + 2
    await db
      .update(param)
      .set({ paramValue: String(quota) })
      .where(eq(param.paramKey, 'upload.tenantQuotaMB.000000'))
    const teacher = await q.t.token('teacher')
    const student = await q.t.token('student')
    // The teacher fills the school's space but for half a megabyte; the student's megabyte no longer fits.
    expect((await q.upload(teacher, text(quota * MB - used.b - MB / 2))).status).toBe(200)
    const before = q.stored().length
    const r = await q.upload(student, text(MB), 'en')
    expect(r.status).toBe(413)
    expect(r.body.msg).toMatch(
      /^your school's upload space is full: .* used of \d+\.\d MB\. Ask the platform administrator$/,
    )
    expect(q.stored().length).toBe(before)
    expect(q.temp()).toEqual([])
  })
})

describe('upload rates', async () => {
  const q = await quotaApp({ 'upload.userRateFiles': '3', 'upload.userRateMB': '2' })

  it('answers a burst past the files per minute with 429 and Retry-After', async () => {
    const student = await q.t.token('student')
    for (let i = 0; i < 3; i++) expect((await q.upload(student, text(1000))).status).toBe(200)
    const before = q.stored().length
    const r = await q.upload(student, text(1000))
    expect(r.status).toBe(429)
    expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(r.retryAfter)).toBeLessThanOrEqual(60)
    expect(r.body.msg).toBe(`上传过于频繁（每分钟最多 3 个文件、共 2.0 MB），请 ${r.retryAfter} 秒后再试`)
    expect(q.stored().length).toBe(before)
    expect(q.temp()).toEqual([])
  })

  it('answers bytes per minute past the limit with 429, whoever else uploads', async () => {
    const teacher = await q.t.token('teacher')
    expect((await q.upload(teacher, text(MB + MB / 2))).status).toBe(200)
    const before = q.stored().length
    const r = await q.upload(teacher, text(MB))
    expect(r.status).toBe(429)
    expect(r.retryAfter).not.toBeNull()
    expect(q.stored().length).toBe(before)
    expect(q.temp()).toEqual([])
    // The per-user rate is per user: the manager is not held back by the teacher's burst.
    expect((await q.upload(await q.t.token('manager'), text(1000))).status).toBe(200)
  })
})
