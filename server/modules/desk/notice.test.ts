import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

const N = '/api/blade-desk/notice'

describe('blade-desk/notice (an area built only from the conventions)', async () => {
  const t = await testApp()

  it('adds, pages, searches, edits and removes notices', async () => {
    const teacher = await t.token('teacher')
    const added = await t.post(`${N}/submit`, teacher, {
      title: '期末考试安排',
      category: 1,
      releaseTime: '2026-06-20 08:00:00',
      content: '第 18 周',
    })
    expect(added.status).toBe(200)
    const id = added.body.data.id
    expect((await t.get(`${N}/list`, teacher, { title: '期末' })).body.data).toMatchObject({
      total: 1,
      records: [{ id, title: '期末考试安排', tenantId: '000000' }],
    })
    expect((await t.get(`${N}/list`, teacher, { releaseTime_datelt: '2026-06-01' })).body.data.total).toBe(0)
    expect((await t.post(`${N}/submit`, teacher, { id, title: '期末考试安排（更新）' })).body.data).toMatchObject({
      id,
      title: '期末考试安排（更新）',
      category: 1,
    })
    expect((await t.get(`${N}/detail`, teacher, { id })).body.data.content).toBe('第 18 周')
    expect((await t.post(`${N}/remove`, teacher, undefined, { ids: id })).status).toBe(200)
    expect((await t.get(`${N}/detail`, teacher, { id })).status).toBe(404)
  })

  it("names the field with the message from the field description, in the caller's language", async () => {
    const teacher = await t.token('teacher')
    const missing = await t.call('POST', `${N}/submit`, { token: teacher, body: { category: 1 }, lang: 'en' })
    expect(missing).toMatchObject({ status: 400, body: { field: 'title', msg: 'please enter the title' } })
    const zh = await t.call('POST', `${N}/submit`, { token: teacher, body: { category: 1 } })
    expect(zh.body.msg).toBe('请输入通知标题')
    const long = await t.call('POST', `${N}/submit`, { token: teacher, body: { title: 'x'.repeat(101), category: 1 } })
    expect(long).toMatchObject({ status: 400, body: { field: 'title' } })
  })

  it('keeps tenants apart and students out; the menu and dictionary come from the reference data', async () => {
    const teacher = await t.token('teacher')
    const id = (await t.post(`${N}/submit`, teacher, { title: '仅本校', category: 2 })).body.data.id
    const otherAdmin = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${N}/detail`, otherAdmin, { id })).status).toBe(404)
    expect((await t.get(`${N}/list`, otherAdmin)).body.data.records.map((r: any) => r.id)).not.toContain(id)
    const student = await t.token('student')
    expect((await t.get(`${N}/list`, student)).status).toBe(403)
    expect((await t.post(`${N}/submit`, student, { title: 'x', category: 1 })).status).toBe(403)
    const buttons = (await t.get('/api/blade-system/menu/buttons', teacher)).body.data as any[]
    const codes = JSON.stringify(buttons)
    for (const c of ['desk:notice', 'desk:notice:add', 'desk:notice:edit', 'desk:notice:delete'])
      expect(codes).toContain(`"${c}"`)
    const dict = (await t.get('/api/blade-system/dict-biz/dictionary', teacher, { code: 'notice_category' })).body
      .data as any[]
    expect(dict.map((d) => d.dictValue)).toContain('发布通知')
  })
})
