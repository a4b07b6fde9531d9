import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { signedIn } from './pages-support'
import { arrangeExam, storedAnswers } from './exam-support'

const clockSeconds = async (page: Page) => {
  const [h, m, s] = (await page.getByTestId('exam-clock').textContent())!.split(':').map(Number)
  return h * 3600 + m * 60 + s
}
const status = (page: Page) => page.getByTestId('save-status').textContent()

/**
 * The exam page reopens without the network (issue #25): its service worker
 * (web/src/portal/exam/exam-sw.ts) answers the page, its scripts and the paper
 * from what the page kept; unsent answers wait in IndexedDB and arrive when the
 * network returns. While "offline" the appliance is also stopped, so nothing
 * the page or its worker asks can reach it, whatever the browser's offline
 * emulation covers.
 */
describeBrowser('an exam without the network', () => {
  let app: Appliance
  let browser: Browser
  let context: BrowserContext

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await signInUi(page, app.url, 'student')
    await signedIn(page)
    await page.close()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('start, go offline, reload, answer, close, reopen offline, answer, go online: every answer arrives', async () => {
    const a = await arrangeExam(app.url)
    const examUrl = `${app.url}/home/competition-test?timeId=${a.examId}`
    let page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(examUrl)
    await page.getByTestId('exam-start').click()
    await page.getByTestId(`option-${a.single.id}-1`).check()
    await expect.poll(() => status(page), { timeout: 10_000 }).toContain('已保存')
    // The worker is active and the page's copy is complete (document, paper acknowledged with the first answer).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration('/home/competition-test')
            const cache = await caches.open('atrium-exam-v1')
            const paper = await cache.match(`/api/nep-wbp/paperQuestion/toAnswer?${location.search.slice(1)}`)
            const answers = paper ? Object.keys((await paper.json()).data.answers).length : 0
            return Boolean(reg?.active) && Boolean(await cache.match('/home/competition-test')) && answers === 1
          }),
        { timeout: 20_000 },
      )
      .toBe(true)

    await context.setOffline(true)
    await app.kill9()
    const shownBefore = await clockSeconds(page)
    const readAt = Date.now()
    await page.reload()
    // The page, its scripts and the paper came back; the first answer (acknowledged online) is in it.
    await page.getByTestId(`option-${a.multi.id}-0`).waitFor()
    await expect.poll(() => page.getByTestId(`option-${a.single.id}-1`).isChecked()).toBe(true)
    // The countdown runs on the server's clock as last known: not reset to the full duration, not stopped.
    const shownAfter = await clockSeconds(page)
    expect(shownAfter).toBeLessThanOrEqual(shownBefore)
    expect(shownBefore - shownAfter).toBeLessThanOrEqual(Math.ceil((Date.now() - readAt) / 1000) + 1)
    await page.getByTestId(`option-${a.multi.id}-0`).check()
    await page.getByTestId(`option-${a.multi.id}-1`).check()
    await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(/离线，1 个答案待发送/)

    // The tab is closed (a crash, a restarted laptop) and the exam reopened, still without the network.
    await page.close()
    page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(examUrl)
    await page.getByTestId(`blank-${a.fill.id}-0`).waitFor()
    // The paper renders from the cached copy first; the answers still waiting to be sent are laid over it as the
    // page reads them back from its store, a moment later: wait for them rather than read the first frame.
    await expect.poll(() => page.getByTestId(`option-${a.single.id}-1`).isChecked()).toBe(true)
    await expect.poll(() => page.getByTestId(`option-${a.multi.id}-1`).isChecked()).toBe(true)
    await page.getByTestId(`blank-${a.fill.id}-0`).fill('七')
    await page.getByTestId(`blank-${a.fill.id}-1`).fill('物理')
    await page.getByTestId(`text-${a.short.id}`).fill('SYN, SYN+ACK, ACK')
    await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(/离线，3 个答案待发送/)
    expect((await storedAnswers(app.dataDir, a.examId)).answers[a.multi.id]).toBeUndefined()

    await app.restart()
    await context.setOffline(false)
    await expect.poll(() => status(page), { timeout: 20_000 }).toContain('已保存')
    const stored = (await storedAnswers(app.dataDir, a.examId)).answers
    expect(stored[a.single.id].answer).toEqual([a.single.options[1].id])
    expect(stored[a.multi.id].answer).toEqual([a.multi.options[0].id, a.multi.options[1].id])
    expect(stored[a.fill.id].answer).toEqual(['七', '物理'])
    expect(stored[a.short.id].answer).toBe('SYN, SYN+ACK, ACK')
    await page.close()
  }, 180_000)

  it('signing out drops the offline copy (it is that learner’s data), even when the appliance does not answer', async () => {
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${app.url}/home/index`)
    const kept = () => page.evaluate(async () => (await caches.keys()).includes('atrium-exam-v1'))
    expect(await kept()).toBe(true)
    // The appliance never answers the sign-out (a hung network): the browser signs out all the same.
    await page.route('**/api/blade-auth/oauth/logout', () => {})
    await page.getByTestId('portal-user').click()
    await page.getByTestId('portal-logout').click()
    // The copy goes first, before the server is asked (admin/shell/logout.ts).
    await expect.poll(kept, { timeout: 3_000 }).toBe(false)
    // …and the session once the bounded wait for the server is over.
    await page.getByTestId('portal-login').waitFor({ timeout: 15_000 })
    await page.close()
  })
})
