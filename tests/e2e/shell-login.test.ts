import { expect, it } from 'vitest'
import { browserSession, describeBrowser, signInUi } from '../support/browser.ts'

describeBrowser('sign-in and landing (browser)', () => {
  const s = browserSession()

  it('an administrator lands on /wel/index with the menu from the server', async () => {
    const page = await s.browser.newPage()
    await signInUi(page, s.app.url, 'admin')
    await page.waitForURL('**/wel/index')
    await expect.poll(() => page.getByText('系统管理').count()).toBeGreaterThan(0)
    await page.close()
  })

  it('a student lands on the site root, and is sent back there from /wel/index', async () => {
    const page = await s.browser.newPage()
    await signInUi(page, s.app.url, 'student')
    await page.waitForURL((u) => u.pathname === '/home/index')
    await page.goto(`${s.app.url}/wel/index`)
    await page.waitForURL((u) => u.pathname === '/home/index')
    await expect.poll(() => page.getByTestId('portal-user').textContent()).toContain('王同学')
    await page.close()
  })

  it('a wrong password shows the server message and stores nothing; a guest is sent to the login page', async () => {
    const page = await s.browser.newPage()
    await signInUi(page, s.app.url, 'admin', 'wrong')
    await expect.poll(() => page.getByText('用户名或密码错误').count(), { timeout: 5000 }).toBeGreaterThan(0)
    expect(page.url()).toContain('/login')
    expect((await page.context().cookies()).some((c) => c.name === 'atrium-access-token')).toBe(false)
    await page.goto(`${s.app.url}/system/user`)
    await page.waitForURL((u) => u.pathname === '/home/user-login')
    // The address changes in the back office's document first; the portal's
    // login page is a second document load. Wait for its form: closing the
    // page while that load is in flight can hang the close.
    await page.getByTestId('login-account').waitFor()
    await page.close()
  })
})
