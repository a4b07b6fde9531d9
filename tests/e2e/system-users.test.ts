import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser } from '../support/browser.ts'

describeBrowser('users screen (browser)', () => {
  const s = browserSession('admin')
  let page: Page
  beforeAll(() => {
    page = s.page
  })
  const dialog = () => page.getByTestId('form-dialog')
  const rows = () => page.getByTestId('resource-table').locator('tbody tr')

  it('opens users from the menu, searches, and keeps the search in the URL', async () => {
    await page.getByRole('navigation', { name: 'menu' }).getByText('系统管理').click()
    await page.getByTestId('menu-/system/user').click()
    await page.waitForURL('**/system/user')
    await expect.poll(() => rows().count()).toBe(4)
    await page.getByTestId('search-bar').getByTestId('field-account').fill('teach')
    await page.getByTestId('search-submit').click()
    await expect.poll(() => rows().count()).toBe(1)
    expect(page.url()).toContain('account=teach')
    await page.reload()
    await expect.poll(() => rows().count()).toBe(1)
    await expect.poll(() => rows().first().textContent()).toContain('李老师')
  })

  it('adds a user: a validation error first, then fixed; a bad phone is named on its field', async () => {
    await page.goto(`${s.app.url}/system/user`)
    await page.getByTestId('toolbar-add').click()
    await dialog().getByTestId('form-submit').click()
    await expect.poll(() => dialog().getByText('请输入登录账号').count()).toBe(1)
    await dialog().getByTestId('field-account').fill('zhao')
    await dialog().getByTestId('field-realName').fill('赵同学')
    await dialog().getByTestId('field-phone').fill('1380013800')
    await dialog().getByTestId('form-submit').click()
    await expect.poll(() => dialog().getByText('手机号必须为 11 位数字').count()).toBe(1)
    await dialog().getByTestId('field-phone').fill('13800138000')
    // The role choices load with the dialog; open the picker once they are there.
    await page.waitForLoadState('networkidle')
    await dialog().getByTestId('field-roleId').click()
    await page.locator('[role=option], [role=menuitemcheckbox]', { hasText: '学生' }).click()
    await page.keyboard.press('Escape')
    await dialog().getByTestId('form-submit').click()
    await expect.poll(() => page.getByText('新增成功').count()).toBeGreaterThan(0)
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(() => rows().filter({ hasText: 'zhao' }).count()).toBe(1)
  })

  it('edits that user and deletes it after confirmation', async () => {
    const row = rows().filter({ hasText: 'zhao' })
    await row.getByTestId('row-edit').click()
    await dialog().getByTestId('field-realName').fill('赵晓')
    await dialog().getByTestId('form-submit').click()
    await expect.poll(() => page.getByText('修改成功').count()).toBeGreaterThan(0)
    await expect.poll(() => rows().filter({ hasText: '赵晓' }).count()).toBe(1)
    await rows().filter({ hasText: '赵晓' }).getByTestId('row-delete').click()
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByText('删除成功').count()).toBeGreaterThan(0)
    await expect.poll(() => rows().filter({ hasText: 'zhao' }).count()).toBe(0)
  })

  it('batch delete with nothing selected warns', async () => {
    await page.getByTestId('toolbar-delete').click()
    await expect.poll(() => page.getByText('请选择至少一条数据').count()).toBeGreaterThan(0)
  })

  it("the add form fits a 375 px phone: one field a row, none past the dialog's right edge", async () => {
    await page.setViewportSize({ width: 375, height: 812 })
    try {
      await page.goto(`${s.app.url}/system/user`)
      await page.getByTestId('toolbar-add').click()
      await dialog().getByTestId('field-account').waitFor()
      const box = (await dialog().boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(375)
      // Fields that sit side by side at 1280 px stack: the second starts below the first, both inside the dialog.
      const account = (await dialog().getByTestId('field-account').boundingBox())!
      const realName = (await dialog().getByTestId('field-realName').boundingBox())!
      expect(realName.y).toBeGreaterThan(account.y + account.height)
      for (const f of [account, realName]) expect(f.x + f.width).toBeLessThanOrEqual(box.x + box.width)
      await dialog().getByRole('button', { name: '取消' }).click()
    } finally {
      await page.setViewportSize({ width: 1366, height: 860 })
    }
  })
})
