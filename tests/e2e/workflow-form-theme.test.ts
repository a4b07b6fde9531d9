import { afterEach, beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser, signedIn, signInUi } from '../support/browser.ts'

const SHOTS = process.env.ATRIUM_SHOTS ?? '/tmp'

/**
 * Form themes and filled forms in Chromium: the administrator previews the demo school's themes on a sample form, and
 * the teacher reads the form their demo leave request was started with in the request's detail.
 */
describeBrowser('workflow form themes and filled forms (browser)', () => {
  const s = browserSession()
  let admin: Page
  let teacher: Page

  const pageAs = async (account: string) => {
    const p = await (await s.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage()
    p.setDefaultTimeout(8000)
    await signInUi(p, s.app.url, account)
    await signedIn(p)
    return p
  }

  beforeAll(async () => {
    admin = await pageAs('admin')
    teacher = await pageAs('teacher')
  })
  afterEach(async (c) => {
    if (c.task.result?.state !== 'fail') return
    await admin.screenshot({ path: `${SHOTS}/workflow-theme-failed-admin.png` })
    await teacher.screenshot({ path: `${SHOTS}/workflow-theme-failed-teacher.png` })
  })

  it('a theme previews a sample form in its colours and sizes', async () => {
    await admin.goto(`${s.app.url}/workflow/design/form-theme`)
    await expect.poll(() => admin.getByTestId('theme-preview').textContent(), { timeout: 15_000 }).toContain('预览')
    await admin.getByTestId('resource-table').locator('tbody tr').filter({ hasText: '蓝色公文' }).first().click()
    const view = admin.getByTestId('theme-preview').getByTestId('form-view')
    await expect.poll(() => view.textContent(), { timeout: 15_000 }).toContain('张老师')
    const label = view.locator('span').first()
    expect(await label.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(64, 158, 255)')
    expect(await label.evaluate((e) => getComputedStyle(e).fontSize)).toBe('15px')
    await admin.screenshot({ path: `${SHOTS}/workflow-form-theme.png`, fullPage: true })
  }, 60_000)

  it("a request's detail shows the form it was started with", async () => {
    await teacher.goto(`${s.app.url}/work/send`)
    const row = teacher.getByTestId('resource-table').locator('tbody tr').filter({ hasText: '请假' }).last()
    await row.getByTestId('row-detail').click()
    await teacher.waitForURL(/\/work\/process\/leave\/detail\//)
    await expect
      .poll(() => teacher.getByTestId('filled-form').first().textContent(), { timeout: 15_000 })
      .toContain('参加教研活动')
    await teacher.screenshot({ path: `${SHOTS}/workflow-filled-form.png`, fullPage: true })
  }, 60_000)
})
