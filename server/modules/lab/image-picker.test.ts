import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

const IMAGES = '/api/hm-images/images'

/**
 * The experiment form's environment picker reads the environments list: a
 * teacher who edits experiments (lab:experiment) may list them through the
 * read side's `perm`, but not manage them (lab:image stays the platform's and
 * managers'), and a learner may do neither.
 */
describe("the experiment form's environment picker", async () => {
  const t = await testApp()

  it('lists the environments to whoever edits experiments, and no more', async () => {
    const teacher = await t.token('teacher')
    const list = await t.get(`${IMAGES}/list`, teacher, { size: '200' })
    expect(list.status).toBe(200)
    expect(list.body.data.records.length).toBeGreaterThan(0)
    expect(list.body.data.records[0]).not.toHaveProperty('pwds')
    expect((await t.post(`${IMAGES}/submit`, teacher, { title: 'x', imageId: 'busybox:1' })).status).toBe(403)
    expect((await t.get(`${IMAGES}/list`, await t.token('student'), { size: '200' })).status).toBe(403)
  })
})
