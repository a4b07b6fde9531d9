import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { describeViolations, seriousViolations } from '../support/axe'
import { apiCall, signedIn } from './pages-support'
import { arrangeExam, endExam, storedAnswers } from './exam-support'

const SHOTS = process.env.ATRIUM_SCREENSHOTS
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : Promise.resolve()
const CJK = /[\u4e00-\u9fff]/
const noSeriousViolations = async (page: Page) => {
  const found = await seriousViolations(page)
  expect(found, describeViolations(found)).toEqual([])
}

/**
 * The portal's competition pages: a visitor finds a competition and is asked to sign in to take part;
 * a learner enters it, answers, submits, finds it among their competitions, and after the teacher
 * corrects and distributes sees the score and reviews every answer. Both widths, both languages, axe.
 */
describeBrowser('portal competitions', () => {
  let app: Appliance
  let browser: Browser
  let comp: Awaited<ReturnType<typeof arrangeExam>>

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    comp = await arrangeExam(app.url, {
      exam: { title: '网络知识竞赛', category: 1, content: '<p>独立完成，交卷后不能修改。</p>' },
    })
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('a visitor on a phone finds the competition and its rules, and is asked to sign in to enter', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
    page.setDefaultTimeout(10_000)
    await page.goto(`${app.url}/home/competition`)
    const card = page.getByTestId('competition-card').filter({ hasText: '网络知识竞赛' })
    await card.waitFor()
    expect(await card.getByTestId('competition-phase').textContent()).toBe('进行中')
    await noSeriousViolations(page)
    // Nothing overflows sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await shot(page, 'competition-list-375')
    await card.getByRole('link', { name: '网络知识竞赛' }).click()
    await page.getByTestId('competition-title').waitFor()
    expect(await page.locator('main, body').first().innerText()).toContain('独立完成，交卷后不能修改。')
    expect(await page.getByTestId('competition-countdown').textContent()).toMatch(/距结束还有/)
    await noSeriousViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await shot(page, 'competition-detail-375')
    await page.getByTestId('competition-sign-in').click()
    await page.waitForURL(/\/home\/user-login\?redirect=/)
    // Company competitions: the spec's route, and the short one the brief names lands on it.
    await page.goto(`${app.url}/home/company-competition`)
    await page.waitForURL(/\/home\/competition\/company-competition$/)
    await page.getByRole('heading', { name: '企业竞赛' }).waitFor()
    // A learner's own competitions need a sign-in (isAuth).
    await page.goto(`${app.url}/home/competition/student-competition`)
    await page.waitForURL(/\/home\/user-login/)
    await page.close()
  })

  it('a learner enters, answers, submits, and after correction sees the score and reviews the answers', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(10_000)
    await signInUi(page, app.url, 'student')
    await signedIn(page)
    await page.goto(`${app.url}/home/competition`)
    await page.getByTestId('competition-card').filter({ hasText: '网络知识竞赛' }).getByRole('link').click()
    await page.getByTestId('competition-enter').click()
    await page.waitForURL(/\/home\/competition-test\?timeId=/)
    await page.getByTestId('exam-start').click()
    await page.getByTestId(`option-${comp.single.id}-1`).check()
    await page.getByTestId(`option-${comp.multi.id}-0`).check()
    await page.getByTestId(`blank-${comp.fill.id}-0`).fill('七')
    await page.getByTestId(`blank-${comp.fill.id}-1`).fill('物理')
    await page.getByTestId(`text-${comp.short.id}`).fill('SYN、SYN+ACK、ACK')
    await page.getByTestId('exam-submit').click()
    await page.getByTestId('exam-submit-confirm').click()
    await page.getByTestId('exam-submitted').waitFor()

    await page.goto(`${app.url}/home/competition/student-competition`)
    const mine = page.getByTestId('my-competition').filter({ hasText: '网络知识竞赛' })
    await mine.waitFor()
    expect(await mine.getByTestId('my-competition-score').textContent()).toBe('成绩待发布')
    await noSeriousViolations(page)

    const sittingId = (await storedAnswers(app.dataDir, comp.examId)).sitting!.id as string
    const teacherCall = (path: string, query: Record<string, string>, body?: unknown) =>
      apiCall(app.url, comp.teacher, 'POST', path, query, body)
    const corrected = await teacherCall(
      '/api/hm-paperTime/paperTimeUser/correctingPapers',
      {},
      { id: sittingId, items: [{ questionId: comp.short.id, score: 9, comment: '步骤完整' }] },
    )
    // single 2 + multi half of 4 (one of two right options) + fill 4 + short 9.
    expect(corrected.data).toMatchObject({ state: 3, score: 17 })
    await endExam(app.url, comp.teacher, comp.examId)
    expect((await teacherCall('/api/hm-paperTime/paperTime/distributeResults', { id: comp.examId })).code).toBe(200)

    await page.reload()
    await expect.poll(() => mine.getByTestId('my-competition-score').textContent()).toBe('17 分')
    await shot(page, 'my-competitions-1280')
    await mine.getByRole('link', { name: '网络知识竞赛' }).click()
    await expect.poll(() => page.getByTestId('review-question').count()).toBe(4)
    const short = page.getByTestId('review-question').nth(3)
    expect(await short.getByTestId('review-given').textContent()).toBe('SYN、SYN+ACK、ACK')
    expect(await short.getByTestId('review-comment').textContent()).toBe('步骤完整')
    expect(await short.getByTestId('review-score').textContent()).toContain('9 / 10')
    expect(await page.getByTestId('review-question').nth(1).innerText()).toContain('部分正确')
    await noSeriousViolations(page)
    await shot(page, 'competition-review-1280')

    // The detail page now says the paper is in and leads to the result instead of entering again.
    await page.goto(`${app.url}/home/competition-detail?id=${comp.examId}`)
    await page.getByRole('button', { name: '查看成绩' }).waitFor()
    expect(await page.getByTestId('competition-enter').count()).toBe(0)
    expect(await page.getByTestId('competition-participants').textContent()).toBe('1')
    await page.close()
  })

  it('reads in English at 375 and 1280 px with no Chinese interface text and no serious axe finding', async () => {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 860 } })
      await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
      await page.goto(`${app.url}/home/competition/company-competition`)
      await page.getByRole('heading', { name: 'Company competitions' }).waitFor()
      await page.goto(`${app.url}/home/competition-detail?id=${comp.examId}`)
      await page.getByTestId('competition-title').waitFor()
      // The school's own words (title, rules) stay as written; the interface around them is English.
      const ui = await page.evaluate(() =>
        [...document.querySelectorAll('main dt, main button, [role=tab], [data-testid=competition-phase]')]
          .map((e) => (e as HTMLElement).innerText)
          .join('\n'),
      )
      expect(ui.split('\n').filter((l) => CJK.test(l))).toEqual([])
      expect(ui).toContain('Sign in to take part')
      await noSeriousViolations(page)
      await shot(page, `competition-detail-en-${width}`)
      await page.close()
    }
  })
})
