import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { apiCall, signedIn, tokenOf } from './pages-support'

/** The top bar's error log: capture, badge (capped at 99), upload to the server, clear. */
describeBrowser('error log', () => {
  let app: Appliance
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    page = await browser.newPage()
    await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, 'admin')
    await signedIn(page)
    await page.getByTestId('error-log-button').waitFor()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('counts a thrown error and uploads it to the server error log', async () => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e thrown error 4711')
      })
    })
    await expect.poll(() => page.getByTestId('error-log-badge').textContent()).toBe('1')
    await page.getByTestId('error-log-button').click()
    await page
      .getByTestId('error-log-dialog')
      .getByRole('cell', { name: 'e2e thrown error 4711', exact: true })
      .waitFor()
    await page.getByTestId('error-log-upload').click()
    await page.getByText('confirm uploading local logs to the server?').waitFor()
    await page.getByTestId('confirm-ok').click()
    await page.getByText('sent successfully').first().waitFor()
    await expect.poll(() => page.getByTestId('error-log-badge').count()).toBe(0)
    const list = await apiCall(app.url, await tokenOf(app.url, 'admin'), 'GET', '/api/blade-log/error/list', {
      current: '1',
      size: '50',
    })
    const row = list.data.records.find((r: { message?: string }) => r.message === 'e2e thrown error 4711')
    expect(row).toMatchObject({ createBy: 'admin' })
    expect(row.type).toContain('error')
    await page.keyboard.press('Escape')
  })

  it('caps the badge at 99 and clears the local records after confirming', async () => {
    await page.evaluate(() => {
      const entries = Array.from({ length: 120 }, (_, i) => ({
        type: 'error',
        url: location.href,
        message: `queued ${i}`,
        stack: '',
        time: '2026-01-01 00:00:00',
      }))
      localStorage.setItem('atrium-error-log', JSON.stringify(entries))
    })
    await page.reload()
    await expect.poll(() => page.getByTestId('error-log-badge').textContent()).toBe('99+')
    await page.getByTestId('error-log-button').click()
    await page.getByTestId('error-log-clear').click()
    await page.getByText('confirm clearing the local log records?').waitFor()
    await page.getByTestId('confirm-ok').click()
    await page.getByText('cleared successfully').first().waitFor()
    await expect.poll(() => page.getByTestId('error-log-badge').count()).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem('atrium-error-log'))).toBe('[]')
  })
})
