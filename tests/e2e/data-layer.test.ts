import { beforeAll, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import { browserSession, describeBrowser } from '../support/browser.ts'

/**
 * The web data layer (web/src/shared/data.ts) as a user meets it: writes
 * refresh what other screens show, a slow old answer never replaces a newer
 * one, and signing out leaves nothing cached for the next session.
 */
describeBrowser('web data layer (browser)', () => {
  const s = browserSession('admin')
  let page: Page
  beforeAll(() => {
    page = s.page
  })
  const dialog = () => page.getByTestId('form-dialog')
  const rows = () => page.getByTestId('resource-table').locator('tbody tr')
  /**
   * Opens a screen from the sidebar (within the page: no reload) and waits until that screen shows: the address
   * changes before a screen whose code is still loading appears, and the toolbar of the screen before it must
   * not be the one clicked next.
   */
  const openScreen = async (path: string, title: string, group = '系统管理') => {
    const link = page.getByTestId(`menu-${path}`)
    if (!(await link.isVisible())) await page.getByRole('navigation', { name: 'menu' }).getByText(group).click()
    await link.click()
    await page.waitForURL(`**${path}`)
    await page.getByRole('main').getByText(title, { exact: true }).first().waitFor()
  }
  /** The role picker's choices once they have loaded (the list closes again afterwards). */
  const roleOptions = async () => {
    await dialog().getByTestId('field-roleId').click()
    // A multiple choice lists its options as menu item checkboxes.
    const options = page.locator('[role=option], [role=menuitemcheckbox]')
    await options.filter({ hasText: '学生' }).waitFor()
    const texts = await options.allTextContents()
    await page.keyboard.press('Escape')
    await options.first().waitFor({ state: 'hidden' })
    return texts.map((t) => t.trim())
  }
  const closeDialog = async () => {
    await dialog().getByRole('button', { name: '取消' }).click()
    await expect.poll(() => dialog().count()).toBe(0)
  }

  it('a role added on the roles screen is offered in the user form without a reload', async () => {
    await page.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })
    await openScreen('/system/user', '用户管理')
    await page.getByTestId('toolbar-add').click()
    expect(await roleOptions()).not.toContain('助教')
    await closeDialog()

    await openScreen('/authority/role', '角色管理', '权限管理')
    await page.getByTestId('toolbar-add').click()
    await dialog().getByTestId('field-roleName').fill('助教')
    await dialog().getByTestId('field-roleAlias').fill('assistant')
    await dialog().getByTestId('form-submit').click()
    await expect.poll(() => dialog().count()).toBe(0)

    await openScreen('/system/user', '用户管理')
    await page.getByTestId('toolbar-add').click()
    await expect.poll(roleOptions).toContain('助教')
    await closeDialog()
    // All of it happened in one document: no reload brought the new role.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  it('a slow list answer cannot overwrite a newer one; the superseded request is aborted', async () => {
    await openScreen('/system/user', '用户管理')
    await expect.poll(() => rows().count()).toBeGreaterThan(1)
    const aborted: string[] = []
    const onFailed = (r: Request) => {
      if (r.url().includes('account=adm')) aborted.push(r.failure()?.errorText ?? '')
    }
    page.on('requestfailed', onFailed)
    // The search for "adm" is held until the search for "teach" has been answered and shown, then let through.
    let release = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    await page.route('**/api/blade-system/user/list?*account=adm*', async (route) => {
      await held
      await route.continue().catch(() => undefined)
    })
    const search = page.getByTestId('search-bar').getByTestId('field-account')
    // The newer search starts while the slow one is on the wire (not merely asked for).
    const slowSent = page.waitForRequest((r) => r.url().includes('account=adm'))
    await search.fill('adm')
    await page.getByTestId('search-submit').click()
    await slowSent
    await search.fill('teach')
    await page.getByTestId('search-submit').click()
    await expect.poll(() => rows().count()).toBe(1)
    await expect.poll(() => rows().first().textContent()).toContain('李老师')
    // The superseded request was aborted; letting its answer through afterwards changes nothing.
    release()
    await expect.poll(() => aborted.length).toBeGreaterThan(0)
    await page.waitForTimeout(1000)
    expect(await rows().count()).toBe(1)
    expect(await rows().first().textContent()).toContain('teacher')
    page.off('requestfailed', onFailed)
    await page.unroute('**/api/blade-system/user/list?*account=adm*')
  })

  it('signing out clears the picker and dictionary caches', async () => {
    const seen: string[] = []
    page.on('request', (r) => {
      if (/role\/tree|dict\/dictionary\?code=sex/.test(r.url())) seen.push(r.url())
    })
    await openScreen('/system/user', '用户管理')
    await page.getByTestId('toolbar-add').click()
    expect(await roleOptions()).toContain('学生')
    await closeDialog()
    // A second opening in the same session is served from the cache.
    seen.length = 0
    await page.getByTestId('toolbar-add').click()
    expect(await roleOptions()).toContain('学生')
    await closeDialog()
    expect(seen).toEqual([])

    await page.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })
    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').click()
    await page.getByTestId('confirm-ok').click()
    await page.waitForURL('**/login')
    // Signing in again on the page the app navigated to: no reload clears anything for us.
    await page.getByTestId('login-account').fill('admin')
    await page.getByTestId('login-password').fill('admin')
    await page.getByTestId('login-submit').click()
    await page.waitForURL((u) => !u.pathname.startsWith('/login'))
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    await openScreen('/system/user', '用户管理')
    await page.getByTestId('toolbar-add').click()
    expect(await roleOptions()).toContain('学生')
    await closeDialog()
    // The new session read the role tree and the sex dictionary again.
    expect(seen.some((u) => u.includes('role/tree'))).toBe(true)
    expect(seen.some((u) => u.includes('code=sex'))).toBe(true)
  })
})
