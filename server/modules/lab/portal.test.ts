import { first } from '../../lib/rows.ts'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { experiment } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { testApp } from '../../../tests/support/harness.ts'

/** What a visitor may read of an experiment: never its env, code folder or lab limits. */
const SHOWN = [
  'id',
  'title',
  'cover',
  'wareName',
  'videoWareName',
  'durationMinutes',
  'createTime',
  'imagesName',
].sort()

/**
 * The portal's experiment pages are a view of the experiment resource (publicRows, published only, newest
 * first); the detail adds the environment's kind and a signed link to the demo video. Real SQLite, real HTTP.
 */
describe('the portal experiment pages', async () => {
  const t = await testApp()
  const db = t.services.db
  const demo = async () => (await first(db.select().from(experiment).where(eq(experiment.title, 'Linux 命令行入门'))))!
  const submit = async (title: string, status: number) => {
    const r = await t.post('/api/hm-experiment/experiment/submit', await t.token('admin'), {
      title,
      imagesName: (await demo()).imagesName,
      status,
      env: 'SECRET=kept-off-the-portal',
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.id as string
  }

  it('a visitor sees the published experiments newest first, only the shown fields; the title is searched as typed', async () => {
    const draft = await submit('草稿实验', 0)
    const newer = await submit('100% 新实验', 1)
    const list = await t.get('/api/nop-wbp/experiment/list')
    expect(list.status).toBe(200)
    const ids = list.body.data.records.map((r: { id: string }) => r.id)
    expect(ids[0]).toBe(newer)
    expect(ids).toContain((await demo()).id)
    expect(ids).not.toContain(draft)
    for (const r of list.body.data.records) expect(Object.keys(r).sort()).toEqual(SHOWN)
    expect(JSON.stringify(list.body)).not.toContain('kept-off-the-portal')
    // Surrounding spaces are trimmed; % is a character, not a wildcard.
    const found = await t.get('/api/nop-wbp/experiment/list', undefined, { title: '  100% ' })
    expect(found.body.data.records.map((r: { id: string }) => r.id)).toEqual([newer])
    expect((await t.get('/api/nop-wbp/experiment/list', undefined, { title: '%' })).body.data.total).toBe(1)
  })

  it('the detail adds the environment kind and the video link; drafts, other schools and bad ids are refused', async () => {
    const d = await t.get('/api/nop-wbp/experiment/detail', undefined, { id: (await demo()).id })
    expect(d.status).toBe(200)
    expect(d.body.data).toMatchObject({ id: (await demo()).id, title: 'Linux 命令行入门', service: 'terminal' })
    expect(d.body.data).toHaveProperty('experimentType')
    expect(d.body.data).toHaveProperty('videoUrl')
    expect(d.body.data).not.toHaveProperty('env')
    const draft = await submit('另一个草稿', 0)
    expect((await t.get('/api/nop-wbp/experiment/detail', undefined, { id: draft })).status).toBe(404)
    const bad = await t.call('GET', '/api/nop-wbp/experiment/detail', { query: { id: 'x' }, lang: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('id')
    // Another school's published experiment is not this school's portal's, and is its own school's.
    const elsewhere = newId()
    await db.insert(experiment).values({ ...(await demo()), id: elsewhere, tenantId: '100001' })
    expect((await t.get('/api/nop-wbp/experiment/detail', undefined, { id: elsewhere })).status).toBe(404)
    const there = await t.call('GET', '/api/nop-wbp/experiment/detail', {
      query: { id: elsewhere },
      headers: { 'tenant-id': '100001' },
    })
    expect(there.status).toBe(200)
    expect(there.body.data.id).toBe(elsewhere)
  })
})
