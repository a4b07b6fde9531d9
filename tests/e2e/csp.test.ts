import { expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser, signInUi } from '../support/browser.ts'

/** Every CSP violation the page reports, recorded from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? [])
}

describeBrowser('Content-Security-Policy on the built app (browser)', () => {
  const s = browserSession()

  it('the back office runs under the policy with no violation; the refresh token is not readable by scripts', async () => {
    const page = await s.browser.newPage()
    const violations = await watchViolations(page)
    const first = await page.goto(`${s.app.url}/login`)
    expect(first!.headers()['content-security-policy']).toContain("script-src 'self'")
    expect(first!.headers()['x-frame-options']).toBe('SAMEORIGIN')
    await signInUi(page, s.app.url, 'admin')
    await page.waitForURL('**/wel/index')
    await page.getByRole('navigation', { name: 'menu' }).getByText('系统管理').click()
    await page.getByTestId('menu-/system/user').click()
    await page.waitForURL('**/system/user')
    await expect.poll(() => page.getByText('teacher').count()).toBeGreaterThan(0)
    expect(await violations()).toEqual([])

    const cookies = await page.context().cookies()
    const refresh = cookies.find((c) => c.name === 'atrium-refresh')
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
    expect(await page.evaluate(() => document.cookie)).not.toContain('atrium-refresh')
    expect(cookies.some((c) => c.name.includes('refresh') && !c.httpOnly)).toBe(false)
    await page.close()
  })

  it('the portal runs under the policy with no violation', async () => {
    const page = await s.browser.newPage()
    const violations = await watchViolations(page)
    await signInUi(page, s.app.url, 'student')
    await page.waitForURL((u) => u.pathname === '/home/index')
    await expect.poll(() => page.getByTestId('portal-user').textContent()).toContain('王同学')
    expect(await violations()).toEqual([])
    await page.close()
  })
})
