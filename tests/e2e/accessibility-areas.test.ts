import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeViolations, seriousViolations } from '../support/axe'
import { browserSession, describeBrowser } from '../support/browser'

/**
 * axe-core over the back-office screens of the exam, labs and IoT areas, as
 * the school administrator sees them with the demo data: each list screen,
 * then its add form (where it has one). No serious or critical violation.
 * The portal's pages are checked along the learner's path in
 * portal-learning.test.ts; the shell and a system screen in accessibility.test.ts.
 */
const SCREENS = [
  '/exam/question',
  '/exam/paper',
  '/exam/paperTime',
  '/exam/group',
  '/exam/team',
  '/lab/experiment',
  '/lab/image',
  '/lab/running',
  '/iot/product',
  '/iot/device',
  '/iot/command',
  '/iot/device-log',
  '/iot/ota',
  '/iot/client',
]

/** Waits until a lazily loaded screen has rendered and its first reads have answered. */
async function settled(page: Page, path: string) {
  await page.goto(page.url().replace(/^(https?:\/\/[^/]+).*$/, `$1${path}`))
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.locator('main [role=progressbar]').count()).toBe(0)
}

describeBrowser('accessibility of the exam, labs and IoT screens (axe-core)', () => {
  const s = browserSession('admin')

  for (const path of SCREENS)
    it(path, async () => {
      await settled(s.page, path)
      const found = await seriousViolations(s.page)
      expect(found, describeViolations(found)).toEqual([])
      const add = s.page.getByTestId('toolbar-add')
      if (!(await add.count())) return
      await add.click()
      await s.page.getByTestId('form-dialog').waitFor()
      const inForm = await seriousViolations(s.page)
      expect(inForm, describeViolations(inForm)).toEqual([])
      await s.page.keyboard.press('Escape')
      await expect.poll(() => s.page.getByTestId('form-dialog').count()).toBe(0)
    })
})
