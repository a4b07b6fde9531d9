import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser } from '../support/browser.ts'

/**
 * A value that is taken comes back as a 409 naming its field: the form keeps
 * the dialog and what was typed, shows the message under that field, and saves
 * once the value is changed.
 */
describeBrowser('a taken value in a form (browser)', () => {
  const s = browserSession('admin')
  let page: Page
  beforeAll(() => {
    page = s.page
  })
  const dialog = () => page.getByTestId('form-dialog')
  const rows = () => page.getByTestId('resource-table').locator('tbody tr')

  it('names the taken post code on its field, keeps the input, and saves once changed', async () => {
    await page.goto(`${s.app.url}/system/post`)
    await expect.poll(() => rows().count()).toBeGreaterThan(0)
    await page.getByTestId('toolbar-add').click()
    await dialog().getByTestId('field-postCode').fill('dean')
    await dialog().getByTestId('field-postName').fill('第二位教务主任')
    await dialog().getByTestId('form-submit').click()
    await expect.poll(() => dialog().getByText('岗位编号已存在').count()).toBe(1)
    await page.screenshot({ path: '/tmp/atrium-unique-conflict.png' })
    expect(await dialog().getByTestId('field-postName').inputValue()).toBe('第二位教务主任')
    await dialog().getByTestId('field-postCode').fill('dean-2')
    await dialog().getByTestId('form-submit').click()
    await expect.poll(() => page.getByText('新增成功').count()).toBeGreaterThan(0)
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(() => rows().filter({ hasText: 'dean-2' }).count()).toBe(1)
  })
})
