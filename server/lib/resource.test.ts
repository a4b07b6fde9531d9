import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { param } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { paramResource } from '../modules/system/param.ts'
import { first } from './rows.ts'

const P = '/api/blade-system/param'

describe('resource factory (through blade-system/param)', async () => {
  const t = await testApp()
  const add = (token: string, body: Record<string, unknown>) => t.post(`${P}/submit`, token, body)

  it('pages with LIMIT/OFFSET, clips size to 200 and refuses bad paging with the field named', async () => {
    const ctx = t.system('000000')
    for (let i = 0; i < 25; i++)
      await paramResource.ops.submit(ctx, {
        paramName: `bulk ${i}`,
        paramKey: `bulk.${String(i).padStart(2, '0')}`,
        paramValue: String(i),
      })
    const admin = await t.token('admin')
    const p3 = await t.get(`${P}/list`, admin, { current: 3, size: 10, paramKey: 'bulk.' })
    expect(p3.body.data).toMatchObject({ total: 25, size: 10, current: 3, pages: 3 })
    expect(p3.body.data.records).toHaveLength(5)
    expect((await t.get(`${P}/list`, admin, { size: 1000 })).body.data.size).toBe(200)
    expect((await t.get(`${P}/list`, admin, { current: 9, size: 10, paramKey: 'bulk.' })).body.data.records).toEqual([])
    for (const [k, v] of [
      ['current', '0'],
      ['size', 'abc'],
      ['current', '-1'],
    ]) {
      const r = await t.get(`${P}/list`, admin, { [k]: v })
      expect(r.status).toBe(400)
      expect(r.body.field).toBe(k)
    }
  })

  it('filters: LIKE on searchable fields (literal % and _), equality, dates', async () => {
    const admin = await t.token('admin')
    await add(admin, { paramName: '100% sure', paramKey: 'pct_key', paramValue: 'v' })
    await add(admin, { paramName: '1000 sure', paramKey: 'pctXkey', paramValue: 'v', status: 0 })
    const like = await t.get(`${P}/list`, admin, { paramName: '100%' })
    expect(like.body.data.records.map((r: any) => r.paramKey)).toEqual(['pct_key'])
    expect((await t.get(`${P}/list`, admin, { paramKey_like: 'pct_' })).body.data.total).toBe(1)
    expect(
      (await t.get(`${P}/list`, admin, { paramKey_like: 'pct', status: 0 })).body.data.records.map(
        (r: any) => r.paramKey,
      ),
    ).toEqual(['pctXkey'])
  })

  it('fills tenant and audit columns itself; a client cannot set them', async () => {
    const admin = await t.signIn('admin')
    const r = await add(admin.access_token, {
      paramName: 'n',
      paramKey: 'audit.k',
      paramValue: 'v',
      tenantId: '100001',
      createUser: '1',
      createTime: '1999-01-01 00:00:00',
      isDeleted: 1,
      id: undefined,
    })
    expect(r.status).toBe(200)
    const row = (await first(t.services.db.select().from(param).where(eq(param.paramKey, 'audit.k'))))!
    expect(row).toMatchObject({ tenantId: '000000', createUser: admin.user_id, isDeleted: 0 })
    expect(row.createTime).not.toBe('1999-01-01 00:00:00')
    expect(row.id).toMatch(/^\d{15,20}$/)
    const upd = await add(admin.access_token, { id: row.id, paramValue: 'v2', tenantId: '100001', createUser: '2' })
    expect(upd.body.data).toMatchObject({
      paramValue: 'v2',
      tenantId: '000000',
      createUser: admin.user_id,
      updateUser: admin.user_id,
    })
  })

  it("keeps tenants apart: another tenant's id is 404 for detail, update and remove", async () => {
    const other = await paramResource.ops.submit(t.system('100001'), {
      paramName: 'theirs',
      paramKey: 'their.key',
      paramValue: 'secret',
    })
    const admin = await t.token('admin')
    expect((await t.get(`${P}/list`, admin, { paramKey: 'their.key' })).body.data.total).toBe(0)
    expect((await t.get(`${P}/detail`, admin, { id: other.id as string })).status).toBe(404)
    expect((await add(admin, { id: other.id, paramValue: 'mine now' })).status).toBe(404)
    const mine = (await add(admin, { paramName: 'mine', paramKey: 'mine.key', paramValue: 'v' })).body.data
    expect((await t.post(`${P}/remove`, admin, undefined, { ids: `${mine.id},${other.id}` })).status).toBe(404)
    expect((await first(t.services.db.select().from(param).where(eq(param.id, mine.id))))!.isDeleted).toBe(0)
    expect(
      (await first(
        t.services.db
          .select()
          .from(param)
          .where(eq(param.id, other.id as string)),
      ))!.paramValue,
    ).toBe('secret')
  })

  it('removes softly: the row stays, flagged, and disappears from list and detail', async () => {
    const admin = await t.token('admin')
    const a = (await add(admin, { paramName: 'a', paramKey: 'soft.a', paramValue: 'v' })).body.data
    const b = (await add(admin, { paramName: 'b', paramKey: 'soft.b', paramValue: 'v' })).body.data
    const r = await t.post(`${P}/remove`, admin, { ids: `${a.id},${b.id}` })
    expect(r.status).toBe(200)
    expect((await first(t.services.db.select().from(param).where(eq(param.id, a.id))))!.isDeleted).toBe(1)
    expect((await t.get(`${P}/detail`, admin, { id: a.id })).status).toBe(404)
    expect((await t.get(`${P}/list`, admin, { paramKey: 'soft.' })).body.data.total).toBe(0)
  })

  it('answers 400 naming the field for bad input, and keeps nothing', async () => {
    const admin = await t.token('admin')
    const cases: [unknown, string][] = [
      [{ paramName: 'x', paramKey: 'k', paramValue: 'v', status: 'lots' }, 'status'],
      [{ paramName: '   ', paramKey: 'k', paramValue: 'v' }, 'paramName'],
      [{ id: 'abc', paramValue: 'v' }, 'id'],
    ]
    for (const [body, field] of cases) {
      const r = await add(admin, body as Record<string, unknown>)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.field).toBe(field)
    }
    expect(
      (
        await t.call('POST', `${P}/submit`, {
          token: admin,
          body: '{not json',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400)
    expect((await t.post(`${P}/remove`, admin, undefined, { ids: '1,abc' })).body.field).toBe('ids')
    expect((await t.get(`${P}/detail`, admin, { id: 'x' })).body.field).toBe('id')
    expect(await t.services.db.select().from(param).where(eq(param.paramKey, 'k'))).toHaveLength(0)
  })

  it('answers 409 naming the field for a duplicate key within the tenant only', async () => {
    const admin = await t.token('admin')
    const r = await add(admin, { paramName: 'dup', paramKey: 'account.initPassword', paramValue: 'x' })
    expect(r.status).toBe(409)
    expect(r.body.field).toBe('paramKey')
    expect(
      (await paramResource.ops.submit(t.system('100001'), { paramName: 'n', paramKey: 'only.here', paramValue: 'v' }))
        .paramKey,
    ).toBe('only.here')
    expect((await add(admin, { paramName: 'n', paramKey: 'only.here', paramValue: 'v' })).status).toBe(200)
  })

  it('gates by permission code: 401 without a token, 403 for a student, also for operations called directly', async () => {
    expect((await t.get(`${P}/list`)).status).toBe(401)
    const student = await t.token('student')
    for (const r of [
      await t.get(`${P}/list`, student),
      await add(student, { paramName: 'a', paramKey: 'b', paramValue: 'c' }),
      await t.post(`${P}/remove`, student, undefined, { ids: '1' }),
    ])
      expect(r.status).toBe(403)
  })
})
