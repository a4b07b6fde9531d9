import { beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser } from '../support/browser.ts'

/** A learner practises: by type with immediate feedback, the wrong-answer book, a paper built by requirement and its check page. */
describeBrowser('practice pages (browser)', () => {
  const s = browserSession('student')
  let page: Page
  beforeAll(() => {
    page = s.page
  })

  it('answers a question by type and gets the key and analysis at once; the wrong answer is in the book', async () => {
    await page.goto(`${s.app.url}/home/questionType?type=1`)
    const card = page.locator('[data-testid^="practice-"]').filter({ hasText: 'HTTP 协议默认使用哪个端口' })
    await expect.poll(() => card.count()).toBe(1)
    await card.getByText('21', { exact: true }).click()
    await card.getByTestId('practice-check').click()
    await expect.poll(() => card.locator('[data-testid^="feedback-"]').textContent()).toContain('回答错误')
    expect(await card.locator('[data-testid^="feedback-"]').textContent()).toContain('正确答案：B')
    expect(await card.locator('[data-testid^="feedback-"]').textContent()).toContain('HTTPS 默认端口 443')
    await card.getByTestId('practice-collect').click()
    await page.getByTestId('practice-tab-errors').click()
    await expect.poll(() => page.getByTestId('last-wrong').textContent()).toContain('A')
    await page.getByTestId('practice-tab-collect').click()
    await expect
      .poll(() => page.locator('[data-testid^="practice-"]').filter({ hasText: 'HTTP 协议默认使用哪个端口' }).count())
      .toBe(1)
    await page.screenshot({ path: '/tmp/exam-practice.png' })
  })

  it('builds a paper by requirement, hands it in and sees every result on /home/check', async () => {
    await page.getByTestId('practice-tab-questionByRequire').click()
    await page.getByTestId('require-build').click()
    await page.waitForURL('**/home/questionByRequirePaper')
    await expect.poll(() => page.locator('input[type=radio]').count()).toBeGreaterThan(0)
    await page.getByTestId('require-check').click()
    await page.waitForURL('**/home/check')
    await expect.poll(() => page.getByTestId('check-total').textContent()).toMatch(/总分 \d+(\.\d+)? \/ \d+/)
    expect(await page.locator('[data-testid^="feedback-"]').count()).toBeGreaterThanOrEqual(4)
  })
})
