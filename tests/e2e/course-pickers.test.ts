import { expect, it } from 'vitest'
import { browserSession, describeBrowser } from '../support/browser.ts'

/**
 * A teacher adds learners to a course from the course screen: the picker
 * lists the school's learners by name (blade-user/user-list), although the
 * teacher has no user screen; found clicking through the back office as a
 * teacher, where the picker stayed empty behind a 403.
 */
describeBrowser('a teacher adds learners to a course (browser)', () => {
  const s = browserSession('teacher')

  it('opens the learner picker with the school’s learners and no refusal', async () => {
    const refused: string[] = []
    s.page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() === 403) refused.push(r.url())
    })
    await s.page.goto(`${s.app.url}/content/course`)
    await s.page.getByTestId('row-add-learners').first().click()
    const picker = s.page.getByTestId('user-picker')
    await picker.waitFor()
    await expect.poll(() => picker.getByTestId('user-picker-row').count()).toBeGreaterThan(0)
    expect(await picker.textContent()).toContain('student')
    expect(refused).toEqual([])
  })
})
