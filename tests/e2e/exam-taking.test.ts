import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { apiCall, signedIn } from './pages-support'
import { arrangeExam, endExam, storedAnswers } from './exam-support'

const clockSeconds = async (page: Page) => {
  const [h, m, s] = (await page.getByTestId('exam-clock').textContent())!.split(':').map(Number)
  return h * 3600 + m * 60 + s
}
const status = (page: Page) => page.getByTestId('save-status').textContent()

/** A learner takes a timed exam: answers, reloads mid-way (answers and time back), submits; the teacher corrects and distributes; the score shows. */
describeBrowser('taking an exam', () => {
  let app: Appliance
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    page = await context.newPage()
    page.setDefaultTimeout(10_000)
    await signInUi(page, app.url, 'student')
    await signedIn(page)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('keeps answers and remaining time across a reload, submits once, shows the score after distribution', async () => {
    const a = await arrangeExam(app.url)
    await page.goto(`${app.url}/home/competition-test?timeId=${a.examId}`)
    await page.getByTestId('exam-start').click()
    await page.getByTestId(`option-${a.single.id}-1`).check()
    await page.getByTestId(`option-${a.multi.id}-0`).check()
    await page.getByTestId(`option-${a.multi.id}-1`).check()
    await page.getByTestId(`blank-${a.fill.id}-0`).fill('七')
    await page.getByTestId(`blank-${a.fill.id}-1`).fill('物理')
    // Saved within a second or so of the last keystroke.
    await expect.poll(() => status(page), { timeout: 3000 }).toContain('已保存')
    const before = await clockSeconds(page)
    const readAt = Date.now()
    expect(before).toBeGreaterThan(29 * 60)

    await page.reload()
    await page.getByTestId(`option-${a.single.id}-1`).waitFor()
    expect(await page.getByTestId(`option-${a.single.id}-1`).isChecked()).toBe(true)
    expect(await page.getByTestId(`option-${a.multi.id}-1`).isChecked()).toBe(true)
    expect(await page.getByTestId(`option-${a.multi.id}-2`).isChecked()).toBe(false)
    expect(await page.getByTestId(`blank-${a.fill.id}-0`).inputValue()).toBe('七')
    const after = await clockSeconds(page)
    // The time kept running on the server's clock through the reload: not reset, not jumped — by no more than the
    // time the reload took (measured, not a fixed allowance that a busy machine exceeds).
    expect(after).toBeLessThanOrEqual(before)
    expect(before - after).toBeLessThanOrEqual(Math.ceil((Date.now() - readAt) / 1000) + 1)

    await page.getByTestId(`text-${a.short.id}`).fill('客户端发 SYN，服务器回 SYN+ACK，客户端再回 ACK')
    await page.getByTestId('exam-submit').click()
    await page.getByTestId('exam-submit-confirm').click()
    await page.getByTestId('exam-submitted').waitFor()
    expect(await page.getByTestId('exam-score').textContent()).toContain('待老师批改')
    const stored = await storedAnswers(app.dataDir, a.examId)
    expect(stored.sitting).toMatchObject({ state: 2, submit_kind: 1, objective_score: 10 })
    expect(stored.answers[a.short.id].answer).toContain('SYN+ACK')

    const sittingId = stored.sitting!.id
    const corrected = await apiCall(
      app.url,
      a.teacher,
      'POST',
      '/api/hm-paperTime/paperTimeUser/correctingPapers',
      {},
      { id: sittingId, items: [{ questionId: a.short.id, score: 8, comment: '较完整' }] },
    )
    expect(corrected.data).toMatchObject({ state: 3, score: 18 })
    await page.reload()
    await page.getByTestId('exam-submitted').waitFor()
    expect(await page.getByTestId('exam-score').textContent()).toContain('待老师批改')
    await endExam(app.url, a.teacher, a.examId)
    expect(
      (await apiCall(app.url, a.teacher, 'POST', '/api/hm-paperTime/paperTime/distributeResults', { id: a.examId }))
        .code,
    ).toBe(200)
    await page.reload()
    await expect.poll(() => page.getByTestId('exam-score').textContent()).toContain('18')
  })

  it('chaos: offline answering, the server killed with SIGKILL and restarted, network back — every answer arrives and is in the submitted paper', async () => {
    const a = await arrangeExam(app.url)
    await page.goto(`${app.url}/home/competition-test?timeId=${a.examId}`)
    await page.getByTestId('exam-start').click()
    await page.getByTestId(`option-${a.single.id}-1`).check()
    // "Saved" is also what the page shows before the change is queued, so wait for the server to hold it.
    await expect
      .poll(async () => (await storedAnswers(app.dataDir, a.examId)).answers[a.single.id]?.answer, { timeout: 5000 })
      .toEqual([a.single.options[1].id])
    await expect.poll(() => status(page), { timeout: 3000 }).toContain('已保存')

    await context.setOffline(true)
    await page.getByTestId(`option-${a.multi.id}-0`).check()
    await page.getByTestId(`blank-${a.fill.id}-0`).fill('7')
    await expect.poll(() => status(page), { timeout: 8000 }).toMatch(/离线，\d+ 个答案待发送/)

    // The server dies mid-exam and comes back; the learner keeps answering throughout.
    await app.kill9()
    await page.getByTestId(`blank-${a.fill.id}-1`).fill('物理')
    await app.restart()
    await page.getByTestId(`option-${a.multi.id}-1`).check()
    await page.getByTestId(`text-${a.short.id}`).fill('SYN → SYN+ACK → ACK')
    await expect.poll(() => status(page)).toContain('3 个答案待发送')
    expect((await storedAnswers(app.dataDir, a.examId)).answers[a.multi.id]).toBeUndefined()

    await context.setOffline(false)
    await expect.poll(() => status(page), { timeout: 10_000 }).toContain('已保存')
    const synced = (await storedAnswers(app.dataDir, a.examId)).answers
    expect(synced[a.single.id].answer).toEqual([a.single.options[1].id])
    expect(synced[a.multi.id].answer).toEqual([a.multi.options[0].id, a.multi.options[1].id])
    expect(synced[a.fill.id].answer).toEqual(['7', '物理'])
    expect(synced[a.short.id].answer).toBe('SYN → SYN+ACK → ACK')

    await page.getByTestId('exam-submit').click()
    await page.getByTestId('exam-submit-confirm').click()
    await page.getByTestId('exam-submitted').waitFor()
    const done = await storedAnswers(app.dataDir, a.examId)
    expect(done.sitting).toMatchObject({ state: 2, submit_kind: 1, objective_score: 10 })
    expect(done.answers[a.short.id].answer).toBe('SYN → SYN+ACK → ACK')
    expect([done.answers[a.single.id].score, done.answers[a.multi.id].score, done.answers[a.fill.id].score]).toEqual([
      2, 4, 4,
    ])
  })
})
