import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { logApi, logError } from '../../../db/schema/index.ts'
import { now } from '../../lib/time.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const L = '/api/blade-log'

describe('blade-log usual, api and error', async () => {
  const t = await testApp()
  const db = t.services.db

  /** The API log is written once the response has gone out; give it a moment. */
  async function apiRows(token: string, query: Record<string, string>) {
    for (let i = 0; i < 50; i++) {
      const r = await t.get(`${L}/api/list`, token, query)
      if (r.body.data?.total) return r
      await Bun.sleep(20)
    }
    return t.get(`${L}/api/list`, token, query)
  }

  it('records a changing call in the API log, with its timing, visible in the list and detail', async () => {
    const admin = await t.token('admin')
    expect(
      (await t.post('/api/blade-system/param/submit', admin, { paramName: 'n', paramKey: 'log.test', paramValue: 'v' }))
        .status,
    ).toBe(200)
    const r = await apiRows(admin, { requestUri: '/api/blade-system/param/submit' })
    expect(r.status).toBe(200)
    const [row] = r.body.data.records
    expect(row).toMatchObject({
      method: 'POST',
      requestUri: '/api/blade-system/param/submit',
      title: 'POST /api/blade-system/param/submit 200',
      type: '1',
      createBy: 'admin',
      tenantId: '000000',
    })
    expect(typeof row.time).toBe('number')
    expect(row.time).toBeGreaterThanOrEqual(0)
    expect(row.createTime.slice(0, 10)).toBe(now().slice(0, 10))
    const detail = await t.get(`${L}/api/detail`, admin, { id: row.id })
    expect(detail.body.data).toMatchObject({ id: row.id, requestUri: '/api/blade-system/param/submit' })
    // Parameters are never kept: they may carry passwords.
    expect(detail.body.data.params).toBeNull()

    // A refused call is logged too, as a failure.
    await t.post('/api/blade-system/param/submit', admin, { paramKey: 'x' })
    const failed = await apiRows(admin, { requestUri: '/api/blade-system/param/submit', type: '2' })
    expect(failed.body.data.records[0].title).toBe('POST /api/blade-system/param/submit 400')
    // Reads are not logged.
    expect((await db.select().from(logApi)).some((l) => l.method === 'GET')).toBe(false)
  })

  it("keeps the browser's error entries sent with logout in the error log", async () => {
    const teacher = await t.token('teacher')
    const entries = [
      {
        type: 'error',
        url: '/wel/index',
        message: 'x is undefined',
        stack: 'TypeError: x is undefined\n  at f (app.js:1:2)',
        time: '2026-01-02 03:04:05',
      },
      { type: 'promise', url: '/system/user', message: 'rejected' },
    ]
    const sent = await t.post('/api/blade-auth/oauth/logout', teacher, entries)
    expect(sent).toMatchObject({ status: 200, body: { data: 2 } })
    const admin = await t.token('admin')
    const list = await t.get(`${L}/error/list`, admin, { createBy: 'teacher' })
    expect(list.body.data.total).toBe(2)
    const first = list.body.data.records.find((e: any) => e.requestUri === '/wel/index')
    expect(first).toMatchObject({
      type: 'web:error',
      title: 'x is undefined',
      createTime: '2026-01-02 03:04:05',
      tenantId: '000000',
    })
    const detail = await t.get(`${L}/error/detail`, admin, { id: first.id })
    expect(detail.body.data.stackTrace).toContain('app.js:1:2')
    const byDay = await t.get(`${L}/error/list`, admin, { createTime: '2026-01-02' })
    expect(byDay.body.data.records.map((e: any) => e.id)).toEqual([first.id])
    expect((await t.get(`${L}/error/list`, admin, { type: 'web:promise' })).body.data.records[0].message).toBe(
      'rejected',
    )
  })

  it('shows notable events in the usual log', async () => {
    const admin = await t.token('admin')
    expect(
      (await t.post('/api/blade-system/tenant/submit', admin, { tenantId: '600006', tenantName: '日志中学' })).status,
    ).toBe(200)
    const r = await t.get(`${L}/usual/list`, admin, { title: 'tenant created' })
    expect(r.status).toBe(200)
    const row = r.body.data.records.find((u: any) => JSON.parse(u.logData).tenantId === '600006')
    expect(row).toMatchObject({ createBy: 'admin', logLevel: 'info' })
    expect((await t.get(`${L}/usual/detail`, admin, { id: row.id })).body.data.title).toBe('tenant created')
  })

  it('is read-only', async () => {
    const admin = await t.token('admin')
    for (const kind of ['usual', 'api', 'error']) {
      expect((await t.post(`${L}/${kind}/submit`, admin, { title: 'forged' })).status, kind).toBe(404)
      expect((await t.post(`${L}/${kind}/remove`, admin, undefined, { ids: '1' })).status, kind).toBe(404)
    }
  })

  it('keeps tenants apart', async () => {
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect(
      (await t.post('/api/blade-system/post/submit', tenantAdmin, { postCode: 'logged', postName: 'logged' })).status,
    ).toBe(200)
    const own = await apiRows(tenantAdmin, { requestUri: '/api/blade-system/post/submit' })
    expect(own.body.data.total).toBeGreaterThan(0)
    expect(own.body.data.records.every((l: any) => l.tenantId === '100001')).toBe(true)
    const all = await t.get(`${L}/api/list`, tenantAdmin, { size: 200 })
    expect(all.body.data.records.every((l: any) => l.tenantId === '100001')).toBe(true)

    const platformApi = (await first(db.select().from(logApi).where(eq(logApi.tenantId, '000000'))))!
    expect((await t.get(`${L}/api/detail`, tenantAdmin, { id: platformApi.id })).status).toBe(404)
    const platformError = (await first(db.select().from(logError).where(eq(logError.tenantId, '000000'))))!
    expect((await t.get(`${L}/error/detail`, tenantAdmin, { id: platformError.id })).status).toBe(404)
    expect((await t.get(`${L}/error/list`, tenantAdmin)).body.data.total).toBe(0)
  })

  it('is open to the manager (codes and the log API scope) and closed to teachers and students', async () => {
    const manager = await t.token('manager')
    for (const kind of ['usual', 'api', 'error'])
      expect((await t.get(`${L}/${kind}/list`, manager)).status, kind).toBe(200)
    const row = (await first(db.select().from(logApi).where(eq(logApi.tenantId, '000000'))))!
    for (const account of ['teacher', 'student']) {
      const token = await t.token(account)
      for (const kind of ['usual', 'api', 'error'])
        expect((await t.get(`${L}/${kind}/list`, token)).status, `${account} ${kind}`).toBe(403)
      expect((await t.get(`${L}/api/detail`, token, { id: row.id })).status, account).toBe(403)
    }
  })
})
