import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser, signInUi } from '../support/browser.ts'
import { apiCall, tokenOf } from './pages-support.ts'

describeBrowser('admin shell behaviour (browser)', () => {
  const s = browserSession('admin')
  let page: Page
  beforeAll(() => {
    page = s.page
  })
  const tabPaths = () =>
    page
      .getByTestId('tab-bar')
      .locator('[data-testid^="tab-/"]')
      .evaluateAll((ts) => ts.map((t) => t.getAttribute('data-testid')!.slice(4)))

  it('tabs: one per page, no duplicates, closing the active opens the previous, close-others and close-all', async () => {
    for (const p of ['/system/param', '/system/post', '/system/param', '/system/client']) {
      await page.goto(s.app.url + p)
      await page.getByTestId('resource-table').or(page.getByText('暂无数据')).first().waitFor()
    }
    await expect.poll(tabPaths).toEqual(['/wel/index', '/system/param', '/system/post', '/system/client'])
    await page.getByTestId('tab-close-/system/client').click()
    await page.waitForURL('**/system/post')
    await expect.poll(tabPaths).toEqual(['/wel/index', '/system/param', '/system/post'])
    await page.getByTestId('tabs-menu').click()
    await page.getByTestId('tabs-close-others').click()
    await expect.poll(tabPaths).toEqual(['/wel/index', '/system/post'])
    await page.getByTestId('tabs-menu').click()
    await page.getByTestId('tabs-close-all').click()
    await page.waitForURL('**/wel/index')
    await expect.poll(tabPaths).toEqual(['/wel/index'])
    // The last remaining tab has no close button.
    expect(await page.getByTestId('tab-close-/wel/index').count()).toBe(0)
  })

  it('lock: a password is required, then every route goes to /lock until the right password', async () => {
    await page.getByTestId('lock-button').click()
    await page.getByTestId('lock-submit').click()
    await expect.poll(() => page.getByText('锁屏密码不能为空').count()).toBe(1)
    await page.getByTestId('lock-password').fill('l0ck')
    await page.getByTestId('lock-submit').click()
    await page.waitForURL('**/lock')
    await page.goto(`${s.app.url}/system/user`)
    await page.waitForURL('**/lock')
    await page.reload()
    await page.waitForURL('**/lock')
    await page.getByTestId('unlock-password').fill('wrong')
    await page.keyboard.press('Enter')
    expect(page.url()).toContain('/lock')
    await page.getByTestId('unlock-password').fill('l0ck')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/wel/index')
  })

  it('theme and language survive a reload', async () => {
    await page.getByTestId('theme-menu').click()
    await page.getByTestId('theme-theme-purple').click()
    await page.getByTestId('lang-menu').click()
    await page.getByTestId('lang-en').click()
    await expect.poll(() => page.getByRole('navigation', { name: 'menu' }).getByText('System').count()).toBe(1)
    await page.reload()
    await expect.poll(() => page.getByRole('navigation', { name: 'menu' }).getByText('System').count()).toBe(1)
    const brand = await page.evaluate(() =>
      getComputedStyle(document.querySelector('.fui-FluentProvider')!)
        .getPropertyValue('--colorBrandBackground')
        .trim()
        .toLowerCase(),
    )
    expect(brand).toBe('#722ed1')
    await page.getByTestId('lang-menu').click()
    await page.getByTestId('lang-zh').click()
  })

  it("a menu granted to a role appears in that role's sidebar after re-login", async () => {
    const teacherPage = await s.browser.newPage({ viewport: { width: 1366, height: 860 } })
    await signInUi(teacherPage, s.app.url, 'teacher')
    await teacherPage.waitForURL('**/wel/index')
    const sidebar = () => teacherPage.getByRole('navigation', { name: 'menu' })
    await expect.poll(() => sidebar().getByText('工作台').count()).toBe(1)
    expect(await sidebar().getByText('系统管理').count()).toBe(0)

    const admin = await tokenOf(s.app.url, 'admin')
    const tree = (await apiCall(s.app.url, admin, 'GET', '/api/blade-system/menu/grant-tree')).data.menu
    const flat = (ns: any[]): any[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])])
    const ids = flat(tree)
      .filter((m) => ['desk', 'desk:dashboard', 'desk:message', 'system', 'system:param'].includes(m.code))
      .map((m) => m.id)
    const teacherRole = (await apiCall(s.app.url, admin, 'GET', '/api/blade-system/role/list')).data.find(
      (r: any) => r.roleAlias === 'teacher',
    )
    expect(
      (
        await apiCall(
          s.app.url,
          admin,
          'POST',
          '/api/blade-system/role/grant',
          {},
          { roleIds: [teacherRole.id], menuIds: ids },
        )
      ).code,
    ).toBe(200)

    await teacherPage.getByTestId('user-menu').click()
    await teacherPage.getByTestId('logout').click()
    await teacherPage.getByTestId('confirm-ok').click()
    await teacherPage.waitForURL('**/login')
    await signInUi(teacherPage, s.app.url, 'teacher')
    await teacherPage.waitForURL('**/wel/index')
    await sidebar().getByText('系统管理').click()
    await expect.poll(() => sidebar().getByText('参数管理').count()).toBe(1)
    await teacherPage.close()
  })
})
