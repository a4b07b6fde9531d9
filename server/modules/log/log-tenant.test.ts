/**
 * Log entries belong to the authenticated caller's tenant (never to a
 * Tenant-Id header), and stack traces are shown to the platform
 * administrator only.
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { logApi, logError } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { testApp } from '../../../tests/support/harness.ts'

describe('log tenancy and stack visibility', async () => {
  const t = await testApp()
  const db = t.services.db

  it('an anonymous call claiming another tenant is logged under the platform tenant', async () => {
    const admin = await t.token('admin')
    const other = (await t.post('/api/blade-system/tenant/submit', admin, { tenantName: '日志中学' })).body.data
      .tenantId as string
    await t.call('POST', '/api/blade-system/user/register-guest', {
      body: { tenantId: other },
      headers: { 'tenant-id': other },
    })
    let rows: (typeof logApi.$inferSelect)[] = []
    for (let i = 0; i < 50 && !rows.length; i++) {
      rows = await db.select().from(logApi).where(eq(logApi.requestUri, '/api/blade-system/user/register-guest'))
      await Bun.sleep(20)
    }
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.tenantId === '000000')).toBe(true)
    expect(await db.select().from(logApi).where(eq(logApi.tenantId, other))).toEqual([])
  })

  it('stack traces reach the platform administrator only', async () => {
    const admin = await t.token('admin')
    const other = (await t.post('/api/blade-system/tenant/submit', admin, { tenantName: '堆栈中学' })).body.data
      .tenantId as string
    const id = newId()
    await db.insert(logError).values({
      id,
      tenantId: other,
      type: 'server',
      title: 'boom',
      message: 'boom',
      stackTrace: 'Error: boom\n    at /srv/atrium/server/x.ts:1:1',
      createTime: now(),
    })
    const tenantAdmin = await t.token('admin', 'admin', other)
    const list = await t.get('/api/blade-log/error/list', tenantAdmin)
    expect(list.status).toBe(200)
    const row = list.body.data.records.find((r: any) => r.id === id)
    expect(row).toMatchObject({ title: 'boom', message: 'boom', stackTrace: null })
    expect((await t.get('/api/blade-log/error/detail', tenantAdmin, { id })).body.data).toMatchObject({
      id,
      stackTrace: null,
    })
    // The platform administrator (who may read every tenant's logs) sees it whole.
    const own = newId()
    await db.insert(logError).values({
      id: own,
      tenantId: '000000',
      type: 'server',
      title: 'mine',
      stackTrace: 'Error: mine\n    at /srv/x.ts:2:2',
      createTime: now(),
    })
    expect((await t.get('/api/blade-log/error/detail', admin, { id: own })).body.data.stackTrace).toContain('/srv/x.ts')
  })
})
