import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { describeViolations, seriousViolations } from '../support/axe.ts'
import {
  describeBrowser,
  launchBrowser,
  signedIn,
  signInUi,
  startAppliance,
  type Appliance,
} from '../support/browser.ts'

/**
 * The reports screen (Workbench → Reports, issue #31): the demo exam's results rendered at first start are listed
 * with a download; a course's progress asked for from the dialog is rendered by the job and downloads as a workbook.
 */
describeBrowser('reports screen', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    page.setDefaultTimeout(8000)
    await signInUi(page, app.url, 'admin')
    await signedIn(page)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  /**
   * The row naming every one of `texts`, once the job made its file: the list is read again as a user would refresh
   * it. More than one text, as the demo exam's PDF row can name the same course.
   */
  const readyRow = async (...texts: string[]) => {
    const row = () => texts.reduce((rows, text) => rows.filter({ hasText: text }), page.getByRole('row')).first()
    await expect
      .poll(
        async () => {
          await page.reload()
          await row().waitFor()
          return row().getByTestId('report-download').count()
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1)
    return row()
  }

  it('lists the demo exam report with a download that is a PDF', async () => {
    await page.goto(`${app.url}/report/report`)
    const row = await readyRow('考试成绩')
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
    const href = await row.getByTestId('report-download').getAttribute('href')
    const res = await page.request.get(new URL(href!, app.url).href)
    expect(res.status()).toBe(200)
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('generates a course progress workbook from the dialog', async () => {
    await page.getByTestId('report-generate').click()
    await page.getByTestId('report-kind').click()
    await page.getByRole('option', { name: '课程学习进度' }).click()
    const subject = page.getByTestId('report-subject')
    await expect.poll(() => subject.inputValue().catch(() => subject.textContent())).not.toBe('')
    const course = (await subject.textContent())!.trim()
    await page.getByTestId('report-format').click()
    await page.getByRole('option', { name: 'Excel' }).click()
    await page.getByTestId('report-generate-start').click()
    await page.getByText('已开始生成').first().waitFor()
    const row = await readyRow(course, '课程学习进度', 'Excel')
    const href = await row.getByTestId('report-download').getAttribute('href')
    const res = await page.request.get(new URL(href!, app.url).href)
    expect(res.status()).toBe(200)
    // An XLSX file is a zip archive.
    expect((await res.body()).subarray(0, 2).toString()).toBe('PK')
    // As long as readyRow waits: the job renders on a machine the whole suite shares (the first workbook also loads
    // exceljs, which the appliance leaves out of its start).
  }, 90_000)
})
