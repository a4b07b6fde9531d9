import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { browserSession, describeBrowser } from '../support/browser.ts'
import { WEB_DIST } from '../support/server-process.ts'
import { backOfficeOnlyFiles, entryFiles } from '../support/web-manifest.ts'

/**
 * The learner portal is its own entry (web/entries.ts): a guest's pages never
 * fetch back-office code, and crossing between the two (signing in from the
 * portal, the back office's link to the portal) loads the other document.
 */
describeBrowser('portal and back office are separate entries (browser)', () => {
  const s = browserSession()

  it("a guest's /home/index fetches the portal entry and no back-office chunk", async () => {
    const backOnly = backOfficeOnlyFiles()
    // The back office has code of its own worth splitting off: its entry and its screens.
    expect(backOnly.has(entryFiles().backOffice)).toBe(true)
    expect(backOnly.size).toBeGreaterThan(20)

    const context = await s.browser.newContext()
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1))
    })
    await page.goto(`${s.app.url}/home/index`, { waitUntil: 'networkidle' })
    await expect.poll(() => page.getByTestId('portal-login').count()).toBe(1)
    await page.getByRole('link', { name: '课程' }).first().click()
    await page.waitForURL('**/home/course')
    await page.waitForLoadState('networkidle')

    expect(scripts).toContain(entryFiles().portal)
    expect(scripts.filter((f) => backOnly.has(f))).toEqual([])
    await context.close()
  })

  it('the bundle the suites load is the production build (React without its development checks)', () => {
    // A build started under vitest (NODE_ENV=test) shipped React's development build: 235 kB, not 163, gzipped.
    for (const file of Object.values(entryFiles()))
      expect(readFileSync(join(WEB_DIST, file), 'utf8'), file).not.toContain('Invalid hook call')
  })

  it('staff signing in on the portal reach the back office; its portal link loads the portal again', async () => {
    const context = await s.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${s.app.url}/home/index`)
    await page.getByTestId('portal-login').click()
    await page.waitForURL('**/home/user-login')
    await page.getByTestId('login-account').fill('admin')
    await page.getByTestId('login-password').fill('admin')
    await page.getByTestId('login-submit').click()
    await page.waitForURL('**/wel/index')
    // The back office's own document and shell, not the portal's.
    await expect.poll(() => page.getByRole('navigation', { name: 'menu' }).count()).toBe(1)
    const entry = await page.evaluate(() => [...document.scripts].map((e) => e.src).join(' '))
    expect(entry).toContain(entryFiles().backOffice)

    // The top bar's user menu → portal home: a client-side navigation the back office hands to the portal document.
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: '门户首页' }).click()
    await page.waitForURL('**/home/index')
    await expect.poll(() => page.getByTestId('portal-user').count()).toBe(1)
    const portalEntry = await page.evaluate(() => [...document.scripts].map((e) => e.src).join(' '))
    expect(portalEntry).toContain(entryFiles().portal)

    // The signed-in staff member's portal menu leads back to the back office.
    await page.getByTestId('portal-user').click()
    await page.getByTestId('portal-console').click()
    await page.waitForURL('**/wel/index')
    await expect.poll(() => page.getByRole('navigation', { name: 'menu' }).count()).toBe(1)
    await context.close()
  })

  it('a learner signing in on the portal stays in the portal; an unknown portal address is the 404 page', async () => {
    const context = await s.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${s.app.url}/home/user-login`)
    await page.getByTestId('login-account').fill('student')
    await page.getByTestId('login-password').fill('student')
    await page.getByTestId('login-submit').click()
    await page.waitForURL((u) => u.pathname === '/home/index')
    await expect.poll(() => page.getByTestId('portal-user').count()).toBe(1)

    await page.goto(`${s.app.url}/home/no-such/page`)
    await page.waitForURL('**/404')
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0)
    // One level deep too: an unknown section is not a "coming soon" home any more.
    await page.goto(`${s.app.url}/home/no-such-section`)
    await page.waitForURL('**/404')
    // /404 is a second document load (the back office's entry); closing while it loads can hang.
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0)
    await context.close()
  })
})
