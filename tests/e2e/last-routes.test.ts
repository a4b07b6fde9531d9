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
import { apiCall, tokenOf } from './pages-support.ts'

/**
 * The last admin routes of spec §2 (issue #31): the teacher's course overview (/wel/CourseDetails, from the course
 * list) and chapter page (/wel/viewChapter, from the overview) over the demo course with a learner's progress, the
 * courseware step editor as a page (/courseWare/step, from the menu) and the administrator's API tryout
 * (/test/index, from the menu) — each in Chinese and English with no serious axe violation; a student reaches none.
 */
describeBrowser('the last admin routes', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  let courseId: string
  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    // The demo learner has seen half of the Python course's video; here they finish its handout too.
    const teacher = await tokenOf(app.url, 'teacher')
    const student = await tokenOf(app.url, 'student')
    courseId = (await apiCall(app.url, teacher, 'GET', '/api/hm-course/course/list', { title: 'Python' })).data
      .records[0].id
    const [first] = (
      await apiCall(app.url, teacher, 'GET', '/api/hm-courseSection/courseSection/getCourseSection', { id: courseId })
    ).data
    const wares = (
      await apiCall(app.url, teacher, 'GET', '/api/hm-courseWare/courseWare/getCourseWareId', { id: first.id })
    ).data as { id: string; title: string }[]
    const handout = wares.find((w) => w.title === '课程讲义（PDF）')!
    const saved = await apiCall(
      app.url,
      student,
      'POST',
      '/api/nep-wbp/courseStatistics/save',
      {},
      {
        courseId,
        wareId: handout.id,
        position: 1,
        progress: 100,
      },
    )
    expect(saved.code, saved.msg).toBe(200)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  const signIn = async (account: string, lang: 'zh' | 'en' = 'zh') => {
    await page?.close()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    page.setDefaultTimeout(10_000)
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, account)
    await signedIn(page)
  }
  /** Opens a screen from the sidebar, unfolding its group first. */
  const fromMenu = async (path: string, group: string) => {
    const link = page.getByTestId(`menu-${path}`)
    if (!(await link.isVisible())) await page.getByRole('navigation', { name: 'menu' }).getByText(group).click()
    await link.click()
    await page.waitForURL(`**${path}`)
  }
  const noSeriousViolations = async () => {
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
  }
  const figure = (key: string) => page.getByTestId(`figure-${key}`)
  const rowOf = (table: string, text: string) => page.getByTestId(table).locator('tbody tr').filter({ hasText: text })

  it("opens a course's overview from the course list with its enrolments, progress and rating", async () => {
    await signIn('teacher')
    await fromMenu('/content/course', '教学内容')
    await page
      .getByTestId('resource-table')
      .locator('tbody tr')
      .filter({ hasText: 'Python 程序设计基础' })
      .getByTestId('row-overview')
      .click()
    await page.waitForURL(`**/wel/CourseDetails?id=${courseId}`)
    await page.getByRole('heading', { name: 'Python 程序设计基础' }).waitFor()
    // One learner, who finished one of the four courseware (the video is half seen): a quarter.
    expect(await figure('approved').textContent()).toBe('1')
    expect(await figure('pending').textContent()).toBe('0')
    expect(await figure('average').textContent()).toBe('25%')
    expect(await figure('completed').textContent()).toBe('0')
    expect(await figure('rating').textContent()).toBe('4.5 / 5')
    const learner = rowOf('course-learners', 'student')
    expect(await learner.textContent()).toContain('1 / 4')
    expect(await learner.getByTestId('percent').textContent()).toBe('25%')
    expect(await rowOf('course-chapters', '第一章 课程导学').getByTestId('percent').textContent()).toBe('50%')
    expect(await rowOf('course-chapters', '第二章 动手实践').getByTestId('percent').textContent()).toBe('0%')
    await noSeriousViolations()
  })

  it("opens a chapter from the overview with its material and each learner's progress", async () => {
    await page.getByTestId('chapter-link').filter({ hasText: '第一章 课程导学' }).click()
    await page.waitForURL('**/wel/viewChapter?id=*')
    await page.getByRole('heading', { name: '第一章 课程导学' }).waitFor()
    expect(await figure('wares').textContent()).toBe('2')
    expect(await figure('downloads').textContent()).toBe('1')
    expect(await figure('completed').textContent()).toBe('0')
    const video = rowOf('chapter-wares', '课程导学视频')
    expect(await video.textContent()).toContain('0 / 1')
    expect(await video.getByTestId('percent').textContent()).toBe('50%')
    const handout = rowOf('chapter-wares', '课程讲义（PDF）')
    expect(await handout.textContent()).toContain('1 / 1')
    const learner = rowOf('chapter-learners', 'student')
    expect(await learner.locator('td').allTextContents()).toEqual([
      expect.stringContaining('student'),
      '50%',
      '100%',
      '50%',
    ])
    expect(await page.getByTestId('chapter-downloads').textContent()).toContain('课程安装指南')
    await noSeriousViolations()
    // Back to the course the chapter belongs to.
    await page.getByTestId('chapter-course').click()
    await page.waitForURL(`**/wel/CourseDetails?id=${courseId}`)
  })

  it('opens the courseware step editor from the menu and edits a step there', async () => {
    await fromMenu('/courseWare/step', '教学内容')
    await page.getByTestId('ware-picker').click()
    await page.getByRole('option', { name: '实验：点亮 LED' }).click()
    await page.waitForURL('**/courseWare/step?id=*')
    const steps = page.getByTestId('resource-table').locator('tbody tr')
    await steps.filter({ hasText: '连接电路' }).waitFor()
    expect(await steps.count()).toBe(3)
    await noSeriousViolations()
    await page.getByTestId('toolbar-add').click()
    await page.getByTestId('form-dialog').getByTestId('field-title').fill('拍照记录')
    await page.getByTestId('form-submit').click()
    await steps.filter({ hasText: '拍照记录' }).waitFor()
    expect(await steps.count()).toBe(4)
  })

  it('shows the course and chapter pages in English', async () => {
    await signIn('teacher', 'en')
    await fromMenu('/wel/CourseDetails', 'Teaching content')
    await page.getByText('Choose the course to look at.').waitFor()
    await page.getByTestId('course-picker').click()
    await page.getByRole('option', { name: 'Python 程序设计基础' }).click()
    await page.waitForURL(`**/wel/CourseDetails?id=${courseId}`)
    await page.getByText('Enrolled learners').waitFor()
    // The course picked replaces the chooser in its tab: one tab for the screen.
    const tabsOf = (path: string) =>
      page.getByTestId('tab-bar').locator(`[data-testid^="tab-${path}"]:not([data-testid^="tab-close"])`)
    await expect.poll(() => tabsOf('/wel/CourseDetails').count()).toBe(1)
    expect(await tabsOf(`/wel/CourseDetails?id=${courseId}`).count()).toBe(1)
    expect(await page.getByRole('heading', { name: "Learners' progress" }).count()).toBe(1)
    expect(await figure('rating').textContent()).toBe('4.5 / 5')
    await noSeriousViolations()
    await fromMenu('/wel/viewChapter', 'Teaching content')
    await page.getByTestId('course-picker').click()
    await page.getByRole('option', { name: 'Python 程序设计基础' }).click()
    await page.getByTestId('chapter-picker').click()
    await page.getByRole('option', { name: '第二章 动手实践' }).click()
    await page.waitForURL('**/wel/viewChapter?id=*')
    await page.getByRole('heading', { name: 'Courseware', exact: true }).waitFor()
    await expect.poll(() => tabsOf('/wel/viewChapter').count()).toBe(1)
    expect(await rowOf('chapter-wares', '实验：点亮 LED').textContent()).toContain('Experiment steps')
    await noSeriousViolations()
    // Two sign-ins' worth of pages and pickers: under both engines' browser suites at once it has passed 30 s.
  }, 60_000)

  it('lets the administrator try a route with their own sign-in from the menu', async () => {
    await signIn('admin')
    await fromMenu('/test/index', '系统管理')
    await page.getByTestId('tryout-filter').fill('course/overview')
    await page.getByTestId('tryout-route').selectOption('GET /api/hm-course/course/overview')
    await page.getByTestId('tryout-param-id').fill(courseId)
    await page.getByTestId('tryout-send').click()
    await expect.poll(() => page.getByTestId('tryout-status').textContent()).toContain('状态码 200')
    const answer = JSON.parse((await page.getByTestId('tryout-answer').textContent())!)
    expect(answer).toMatchObject({ code: 200, data: { title: 'Python 程序设计基础', enrolled: { approved: 1 } } })
    // A missing id is the server's 400 naming the field, shown as it came.
    await page.getByTestId('tryout-param-id').fill('')
    await page.getByTestId('tryout-send').click()
    await expect.poll(() => page.getByTestId('tryout-status').textContent()).toContain('状态码 400')
    expect(JSON.parse((await page.getByTestId('tryout-answer').textContent())!)).toMatchObject({ field: 'id' })
    await noSeriousViolations()
  })

  it('refuses a student every one of these pages and their reads', async () => {
    const student = await tokenOf(app.url, 'student')
    const refused = await apiCall(app.url, student, 'GET', '/api/hm-course/course/overview', { id: courseId })
    expect(refused.code).toBe(403)
    expect((await apiCall(app.url, student, 'GET', '/api/openapi.json')).code).toBe(403)
    await signIn('student')
    for (const path of [`/wel/CourseDetails?id=${courseId}`, '/wel/viewChapter', '/courseWare/step', '/test/index']) {
      await page.goto(`${app.url}${path}`)
      await page.waitForURL((u) => u.pathname !== path.split('?')[0])
      expect(new URL(page.url()).pathname, path).toMatch(/^\/(404)?$/)
    }
    // A sign-in and four pages: it passed 30 s once under both engines' browser suites at once.
  }, 60_000)
})
