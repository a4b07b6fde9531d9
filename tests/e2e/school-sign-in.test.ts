import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { browserSession, describeBrowser, signedIn } from '../support/browser.ts'
import { apiCall, tokenOf } from './pages-support.ts'

/** What the session stored under a key ending in `name` (the web app prefixes its keys). */
const stored = (page: Page, name: string) =>
  page.evaluate((n) => Object.entries(localStorage).find(([k]) => k.endsWith(n))?.[1] ?? null, name)

/**
 * One appliance hosts several schools: a school's administrator signs in on
 * the appliance's shared address with the school's number, and on the
 * school's own host name without it (spec: the tenant field is hidden when
 * the tenant is found from the host).
 */
describeBrowser('a school signs in on the shared address and on its own host name (browser)', () => {
  const s = browserSession()

  it('asks for the school number, refuses an empty one, and signs the school administrator in to that school', async () => {
    const page = await s.browser.newPage()
    await page.goto(`${s.app.url}/login`)
    await page.getByTestId('login-tenant').fill('')
    await page.getByTestId('login-account').fill('admin')
    await page.getByTestId('login-password').fill('admin')
    await page.getByTestId('login-submit').click()
    await expect.poll(() => page.getByText('请输入租户编号').count()).toBeGreaterThan(0)
    expect(await stored(page, 'user')).toBeNull()
    await page.getByTestId('login-tenant').fill('100001')
    await page.getByTestId('login-submit').click()
    await signedIn(page)
    expect(await stored(page, 'tenantId')).toContain('100001')
    await page.close()
  })

  it("on the school's own host name hides the field, names the school, and signs in to it", async () => {
    const platform = await tokenOf(s.app.url, 'admin')
    const schools = (await apiCall(s.app.url, platform, 'GET', '/api/blade-system/tenant/page', { size: '100' })).data
    const school = schools.records.find((r: { tenantId: string }) => r.tenantId === '100001')
    expect(school).toMatchObject({ tenantName: expect.any(String) })
    const before = school.domain
    // The page is opened on 127.0.0.1: make that the school's host name for this test, and give it back after.
    const moved = await apiCall(
      s.app.url,
      platform,
      'POST',
      '/api/blade-system/tenant/submit',
      {},
      {
        ...school,
        domain: '127.0.0.1',
      },
    )
    expect(moved).toMatchObject({ code: 200 })
    const page = await s.browser.newPage()
    try {
      await page.goto(`${s.app.url}/login`)
      await expect.poll(() => page.getByTestId('login-school').textContent()).toBe(school.tenantName)
      expect(await page.getByTestId('login-tenant').count()).toBe(0)
      await page.getByTestId('login-account').fill('admin')
      await page.getByTestId('login-password').fill('admin')
      await page.getByTestId('login-submit').click()
      await signedIn(page)
      expect(await stored(page, 'tenantId')).toContain('100001')
    } finally {
      await apiCall(s.app.url, platform, 'POST', '/api/blade-system/tenant/submit', {}, { ...school, domain: before })
      await page.close()
    }
  })
})
