import { expect, it } from 'vitest'
import { describeViolations, seriousViolations } from '../support/axe'
import { browserSession, describeBrowser } from '../support/browser'

/**
 * axe-core in Chromium over the pieces every screen is built from: the login
 * page, the shell (top bar, tab bar, menu) and a ResourcePage screen with its
 * search bar, table, pager and form dialog. No serious or critical violation.
 */
describeBrowser('accessibility (axe-core)', () => {
  const s = browserSession()
  const clean = async () => {
    const found = await seriousViolations(s.page)
    expect(found, describeViolations(found)).toEqual([])
  }

  it('the login page', async () => {
    await s.page.goto(`${s.app.url}/login`)
    await s.page.getByTestId('login-submit').waitFor()
    await clean()
    // With its validation messages showing.
    await s.page.getByTestId('login-submit').click()
    await s.page.getByText('请输入账号').waitFor()
    await clean()
  })

  it('the shell on the welcome page', async () => {
    await s.page.getByTestId('login-account').fill('admin')
    await s.page.getByTestId('login-password').fill('admin')
    await s.page.getByTestId('login-submit').click()
    await s.page.waitForURL('**/wel/index')
    await s.page.getByTestId('tab-bar').waitFor()
    await clean()
  })

  it('a ResourcePage screen (users), then its form dialog with errors', async () => {
    await s.page.goto(`${s.app.url}/system/user`)
    await s.page.getByTestId('resource-table').locator('tbody tr').first().waitFor()
    await clean()
    await s.page.getByTestId('toolbar-add').click()
    await s.page.getByTestId('form-submit').click()
    await s.page.getByTestId('form-dialog').getByText('请输入登录账号').waitFor()
    await clean()
  })
})
