import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dict, dictBiz } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { first } from '../../lib/rows.ts'

const SYS = '/api/blade-system/dict'
const BIZ = '/api/blade-system/dict-biz'

describe('blade-system/dict and dict-biz', async () => {
  const t = await testApp()
  const db = t.services.db
  const bizParent = async (tenantId: string, code: string) =>
    (await first(
      db
        .select()
        .from(dictBiz)
        .where(and(eq(dictBiz.tenantId, tenantId), eq(dictBiz.code, code), eq(dictBiz.parentId, '0'))),
    ))!

  it("answers a code's items to anyone, ordered by sort, with both languages", async () => {
    const r = await t.get(`${SYS}/dictionary`, undefined, { code: 'sex' })
    expect(r.status).toBe(200)
    expect(r.body.data.map((d: any) => [d.dictKey, d.dictValue, d.dictValueEn, d.sort])).toEqual([
      ['1', '男', 'Male', 1],
      ['2', '女', 'Female', 2],
      ['3', '未知', 'Unknown', 3],
    ])
    expect(r.body.data[0]).toMatchObject({ id: expect.any(String), code: 'sex' })
    expect((await t.get(`${SYS}/dictionary`, undefined, { code: 'no_such_code' })).body.data).toEqual([])
    expect((await t.get(`${SYS}/dictionary`)).status).toBe(400)
  })

  it("reads business items of the Tenant-Id header's tenant, falling back to the system dictionary", async () => {
    await db
      .update(dictBiz)
      .set({ dictValue: '单选' })
      .where(and(eq(dictBiz.tenantId, '100001'), eq(dictBiz.code, 'question_type'), eq(dictBiz.dictKey, '1')))
    const own = await t.call('GET', `${BIZ}/dictionary`, {
      query: { code: 'question_type' },
      headers: { 'tenant-id': '100001' },
    })
    expect(own.body.data[0].dictValue).toBe('单选')
    const platform = await t.get(`${BIZ}/dictionary`, undefined, { code: 'question_type' })
    expect(platform.body.data[0].dictValue).toBe('单选题')
    // No business entries for 'sex': the system dictionary answers.
    const fallback = await t.call('GET', `${BIZ}/dictionary`, {
      query: { code: 'sex' },
      headers: { 'tenant-id': '100001' },
    })
    expect(fallback.body.data.map((d: any) => d.dictKey)).toEqual(['1', '2', '3'])
    // A signed-in caller reads its own tenant whatever the header says.
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    const signed = await t.call('GET', `${BIZ}/dictionary`, {
      token: tenantAdmin,
      query: { code: 'question_type' },
      headers: { 'tenant-id': '000000' },
    })
    expect(signed.body.data[0].dictValue).toBe('单选')
  })

  it('pages the parents and searches them by code or name', async () => {
    const admin = await t.token('admin')
    const all = await t.get(`${SYS}/parent-list`, admin, { size: 100 })
    expect(all.status).toBe(200)
    expect(all.body.data.records.every((d: any) => d.parentId === '0')).toBe(true)
    expect(all.body.data.records.map((d: any) => d.code)).toContain('dept_category')
    const byCode = await t.get(`${SYS}/parent-list`, admin, { code: 'dept_cat' })
    expect(byCode.body.data.records.map((d: any) => d.code)).toEqual(['dept_category'])
    const byName = await t.get(`${SYS}/parent-list`, admin, { dictValue: '性别' })
    expect(byName.body.data).toMatchObject({ total: 1, records: [{ code: 'sex' }] })
  })

  it("lists a parent's children unpaged, and shows the whole tree for selects", async () => {
    const admin = await t.token('admin')
    const parent = (await first(
      db
        .select()
        .from(dict)
        .where(and(eq(dict.code, 'yes_no'), eq(dict.parentId, '0'))),
    ))!
    const kids = await t.get(`${SYS}/child-list`, admin, { parentId: parent.id })
    expect(kids.status).toBe(200)
    expect(kids.body.data.map((d: any) => d.dictKey)).toEqual(['0', '1'])
    expect((await t.get(`${SYS}/child-list`, admin)).status).toBe(400)
    const tree = await t.get(`${SYS}/tree`, admin)
    const yesNo = tree.body.data.find((n: any) => n.code === 'yes_no')
    expect(yesNo).toMatchObject({
      id: parent.id,
      parentId: '0',
      title: '是否',
      key: parent.id,
      value: parent.id,
      hasChildren: true,
    })
    expect(yesNo.children.map((c: any) => c.title)).toEqual(['否', '是'])
    const detail = await t.get(`${SYS}/detail`, admin, { id: parent.id })
    expect(detail.body.data).toMatchObject({ code: 'yes_no', dictKey: '-1' })
  })

  it('requires code, name, key, sort and sealed, each with its own message; parent is optional', async () => {
    const admin = await t.token('admin')
    const full = { code: 'shift', dictValue: '班次', dictKey: '-1', sort: 1, isSealed: 0 }
    const expected: [string, string][] = [
      ['code', 'please enter the dictionary code'],
      ['dictValue', 'please enter the dictionary name'],
      ['dictKey', 'please enter the dictionary key'],
      ['sort', 'please enter the sort order'],
      ['isSealed', 'please select whether it is sealed'],
    ]
    for (const [field, msg] of expected) {
      const body: Record<string, unknown> = { ...full }
      delete body[field]
      const r = await t.call('POST', `${BIZ}/submit`, { token: admin, body, lang: 'en' })
      expect(r.status, field).toBe(400)
      expect(r.body, field).toMatchObject({ field, msg })
    }
    const zh = await t.call('POST', `${BIZ}/submit`, { token: admin, body: { ...full, code: '' } })
    expect(zh.body.msg).toBe('请输入字典编号')
    const ok = await t.post(`${BIZ}/submit`, admin, full)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ parentId: '0', code: 'shift', tenantId: '000000' })
  })

  it("gives items their parent's code, keeps keys unique per code, and renames the subtree with its parent", async () => {
    const admin = await t.token('admin')
    const parent = (
      await t.post(`${BIZ}/submit`, admin, { code: 'term', dictValue: '学期', dictKey: '-1', sort: 1, isSealed: 0 })
    ).body.data
    const item = await t.post(`${BIZ}/submit`, admin, {
      parentId: parent.id,
      code: 'whatever',
      dictValue: '春季',
      dictKey: 'spring',
      sort: 1,
      isSealed: 0,
    })
    expect(item.body.data.code).toBe('term')
    const grandchild = await t.post(`${BIZ}/submit`, admin, {
      parentId: item.body.data.id,
      code: 'x',
      dictValue: '三月',
      dictKey: 'march',
      sort: 1,
      isSealed: 0,
    })
    expect(grandchild.body.data.code).toBe('term')
    const dup = await t.post(`${BIZ}/submit`, admin, {
      parentId: parent.id,
      code: 'term',
      dictValue: '又一个春季',
      dictKey: 'spring',
      sort: 2,
      isSealed: 0,
    })
    expect(dup).toMatchObject({ status: 409, body: { field: 'dictKey' } })

    const cycle = await t.post(`${BIZ}/submit`, admin, { id: parent.id, parentId: grandchild.body.data.id })
    expect(cycle).toMatchObject({ status: 400, body: { field: 'parentId' } })

    expect((await t.post(`${BIZ}/submit`, admin, { id: parent.id, code: 'semester' })).status).toBe(200)
    const codes = (await db.select({ code: dictBiz.code }).from(dictBiz).where(eq(dictBiz.tenantId, '000000'))).map(
      (r) => r.code,
    )
    expect(codes.filter((c) => c === 'semester')).toHaveLength(3)
    expect(codes).not.toContain('term')
    const nested = await t.get(`${BIZ}/child-list`, admin, { parentId: parent.id })
    expect(nested.body.data).toMatchObject([{ dictKey: 'spring', hasChildren: true, children: [{ dictKey: 'march' }] }])
  })

  it('refuses to remove sealed entries and parents with children', async () => {
    const admin = await t.token('admin')
    const sealed = (await first(
      db
        .select()
        .from(dict)
        .where(and(eq(dict.code, 'sex'), eq(dict.dictKey, '3'))),
    ))!
    const r = await t.call('POST', `${SYS}/remove`, { token: admin, query: { ids: sealed.id }, lang: 'en' })
    expect(r).toMatchObject({ status: 400, body: { msg: 'a sealed dictionary entry cannot be removed' } })

    const parent = await bizParent('000000', 'paper_type')
    const withKids = await t.call('POST', `${BIZ}/remove`, { token: admin, query: { ids: parent.id }, lang: 'en' })
    expect(withKids).toMatchObject({ status: 400, body: { msg: 'remove the child nodes first' } })
    const kids = (await db.select({ id: dictBiz.id }).from(dictBiz).where(eq(dictBiz.parentId, parent.id))).map(
      (k) => k.id,
    )
    expect((await t.post(`${BIZ}/remove`, admin, undefined, { ids: kids.join(',') })).status).toBe(200)
    expect((await t.post(`${BIZ}/remove`, admin, undefined, { ids: parent.id })).status).toBe(200)
    expect((await t.get(`${BIZ}/dictionary`, undefined, { code: 'paper_type' })).body.data).toEqual([])
  })

  it('lets only the platform administrator write the system dictionary; tenants keep their business dictionaries apart', async () => {
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${SYS}/parent-list`, tenantAdmin)).status).toBe(200)
    expect(
      (
        await t.post(`${SYS}/submit`, tenantAdmin, {
          code: 'mine',
          dictValue: 'm',
          dictKey: '-1',
          sort: 1,
          isSealed: 0,
        })
      ).status,
    ).toBe(403)
    const sysRow = (await first(db.select().from(dict).where(eq(dict.code, 'status'))))!
    expect((await t.post(`${SYS}/submit`, tenantAdmin, { id: sysRow.id, dictValue: 'hacked' })).status).toBe(403)
    expect((await t.post(`${SYS}/remove`, tenantAdmin, undefined, { ids: sysRow.id })).status).toBe(403)

    const platformRow = await bizParent('000000', 'question_hard')
    expect((await t.get(`${BIZ}/detail`, tenantAdmin, { id: platformRow.id })).status).toBe(404)
    expect((await t.post(`${BIZ}/submit`, tenantAdmin, { id: platformRow.id, dictValue: 'hacked' })).status).toBe(404)
    expect((await t.post(`${BIZ}/remove`, tenantAdmin, undefined, { ids: platformRow.id })).status).toBe(404)
    // A parent of another tenant cannot adopt this tenant's items either.
    const foreignParent = await t.post(`${BIZ}/submit`, tenantAdmin, {
      parentId: platformRow.id,
      code: 'question_hard',
      dictValue: 'x',
      dictKey: '9',
      sort: 9,
      isSealed: 0,
    })
    expect(foreignParent).toMatchObject({ status: 400, body: { field: 'parentId' } })
    const own = await t.get(`${BIZ}/parent-list`, tenantAdmin, { size: 100 })
    expect(own.body.data.records.every((d: any) => d.tenantId === '100001')).toBe(true)
    expect(own.body.data.total).toBeGreaterThan(0)

    const added = await t.post(`${BIZ}/submit`, tenantAdmin, {
      code: 'club',
      dictValue: '社团',
      dictKey: '-1',
      sort: 1,
      isSealed: 0,
    })
    expect(added.body.data.tenantId).toBe('100001')
    const admin = await t.token('admin')
    expect((await t.get(`${BIZ}/detail`, admin, { id: added.body.data.id })).status).toBe(404)
  })

  it('refuses students', async () => {
    const student = await t.token('student')
    for (const path of [`${SYS}/parent-list`, `${SYS}/tree`, `${BIZ}/parent-list`, `${BIZ}/tree`])
      expect((await t.get(path, student)).status, path).toBe(403)
    expect(
      (await t.post(`${BIZ}/submit`, student, { code: 'x', dictValue: 'x', dictKey: '-1', sort: 1, isSealed: 0 }))
        .status,
    ).toBe(403)
  })
})
