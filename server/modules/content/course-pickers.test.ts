import { describe, expect, it } from 'vitest'
import { testApp } from '../../../tests/support/harness.ts'

/**
 * A teacher edits courses and camps (content:course, content:camp) without
 * the user screen: the form's lecturer picker and the add-learners picker
 * read names only through look-ups that admit course editors; the user
 * screen's own page stays the user administrators'.
 */
describe("the course forms' people pickers", async () => {
  const t = await testApp()

  it('let a teacher pick lecturers and learners by name, and nothing more', async () => {
    const teacher = await t.token('teacher')
    const lecturers = await t.get('/api/blade-system/user/getUserByRole', teacher, { role: 'teacher' })
    expect(lecturers.status).toBe(200)
    expect(lecturers.body.data.map((u: { account: string }) => u.account)).toContain('teacher')
    expect(Object.keys(lecturers.body.data[0]).sort()).toEqual(['account', 'avatar', 'id', 'name', 'realName'])
    const learners = await t.get('/api/blade-user/user-list', teacher, {
      roleName: 'student',
      current: '1',
      size: '10',
    })
    expect(learners.status).toBe(200)
    const accounts = learners.body.data.records.map((u: { account: string }) => u.account)
    expect(accounts).toContain('student')
    expect(accounts).not.toContain('teacher')
    expect(learners.body.data.records[0]).not.toHaveProperty('password')
    // The user screen itself, and the pickers for a learner, stay closed.
    expect((await t.get('/api/blade-system/user/page', teacher)).status).toBe(403)
    const student = await t.token('student')
    expect((await t.get('/api/blade-system/user/getUserByRole', student, { role: 'teacher' })).status).toBe(403)
    expect((await t.get('/api/blade-user/user-list', student, { roleName: 'student' })).status).toBe(403)
  })
})
