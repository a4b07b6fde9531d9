import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeViolations, seriousViolations } from '../support/axe'
import { browserSession, describeBrowser } from '../support/browser'

/**
 * axe-core over the back-office screens of the content, exam, labs and IoT areas, as
 * the school administrator sees them with the demo data: each list screen,
 * then its add form (where it has one). No serious or critical violation.
 * The portal's pages are checked along the learner's path in
 * portal-learning.test.ts; the shell and a system screen in accessibility.test.ts.
 */
const SCREENS = [
  '/content/course',
  '/content/camp',
  '/content/hot-course',
  '/content/review',
  '/content/application',
  '/content/ware',
  '/content/series',
  '/content/evaluate',
  '/content/card',
  '/content/banner',
  '/content/blog',
  '/content/download',
  '/content/lead',
  '/content/cloud',
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

/**
 * Opens a screen as the menu does (the router follows the history, no page load: the shell and its bundle stay), then
 * waits until the lazily loaded screen has rendered and its first reads have answered. The shell remounts the screen
 * per address (a Suspense keyed by the path), so the previous screen's nodes, marked stale, are gone once it has.
 */
async function settled(page: Page, path: string) {
  await page.evaluate((to) => {
    for (const node of document.querySelectorAll('main > *')) node.setAttribute('data-stale', '')
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect.poll(() => page.locator('main [data-stale]').count()).toBe(0)
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.locator('main [role=progressbar]').count()).toBe(0)
}

describeBrowser('accessibility of the content, exam, labs and IoT screens (axe-core)', () => {
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

  // The news body has its own editor dialog (not ResourcePage's form): its editing area must carry the field's name.
  it('/content/blog body editor', async () => {
    await settled(s.page, '/content/blog')
    await s.page.getByTestId('row-blog-content').first().click()
    await s.page.getByTestId('blog-editor').waitFor()
    await expect.poll(() => s.page.getByRole('textbox', { name: '正文' }).count()).toBe(1)
    const found = await seriousViolations(s.page)
    expect(found, describeViolations(found)).toEqual([])
    await s.page.keyboard.press('Escape')
  })
})
