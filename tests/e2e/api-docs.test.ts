import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser } from '../support/browser.ts'

/**
 * The API documentation as the platform administrator meets it (issue #26):
 * reached from the System menu, every /api route listed from the OpenAPI
 * document, a route's request body shown with its fields.
 */
describeBrowser('API documentation screen (browser)', () => {
  const s = browserSession('admin')
  let page: Page
  beforeAll(() => {
    page = s.page
  })

  it('lists every route of the document and shows a resource submit with its fields', async () => {
    const link = page.getByTestId('menu-/system/api-docs')
    if (!(await link.isVisible())) await page.getByRole('navigation', { name: 'menu' }).getByText('系统管理').click()
    await link.click()
    await page.waitForURL('**/system/api-docs')
    const docs = page.getByTestId('api-docs')
    await docs.getByText('/api/health', { exact: true }).waitFor()
    expect(await docs.getByText(/OpenAPI 3 文档（\d+ 个接口）/).textContent()).toMatch(/（[1-9]\d{2,} 个接口）/)

    await page.getByTestId('api-docs-filter').fill('/api/blade-system/post/submit')
    await docs.getByText('/api/blade-system/post/submit', { exact: true }).click()
    await docs
      .getByText(/"postName"/)
      .first()
      .waitFor()
    // Each heading on a line of its own: run together they read "参数 无请求体" above a request body.
    expect(await docs.getByTestId('api-docs-operation').innerText()).toMatch(/^参数\n+无\n+请求体\n/)
    expect(await docs.getByText('/api/health', { exact: true }).count()).toBe(0)
  })
})
