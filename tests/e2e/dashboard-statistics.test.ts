import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import {
  courseEvaluate,
  courseSection,
  courseStatistics,
  courseUser,
  dept,
  paperAnswer,
  paperTimeUser,
  role,
  sectionWare,
} from '../../db/schema/index.ts'
import { closeDb, openDatabase } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { first } from '../../server/lib/rows.ts'
import { formatDateTime } from '../../server/lib/time.ts'
import { describeViolations, seriousViolations } from '../support/axe.ts'
import {
  describeBrowser,
  launchBrowser,
  signedIn,
  signInUi,
  startAppliance,
  type Appliance,
} from '../support/browser.ts'
import { applianceDatabaseConfig } from '../support/server-process.ts'
import { apiCall, tokenOf } from './pages-support'

/**
 * The dashboard's teaching statistics (issue #31) as a new teacher sees them: their own course and exam only, rows
 * seeded with known figures (two learners, one finished; two questions, one right half the time), drawn by ECharts
 * in Chinese and English with no serious axe finding, and the export downloads a workbook with the same rows.
 */
describeBrowser('dashboard statistics', () => {
  const T = '000000'
  const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))
  let app: Appliance
  let browser: Browser
  let page: Page
  const klassName = '2024级计算机1班'

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    const admin = await tokenOf(app.url, 'admin')
    const db = openDatabase(await applianceDatabaseConfig(app.dataDir))
    try {
      const klass = (await first(db.select().from(dept).where(eq(dept.deptName, klassName))))!
      const roleOf = async (alias: string) =>
        (await first(db.select().from(role).where(eq(role.roleAlias, alias))))!.id as string
      const account = async (name: string, alias: string) => {
        const r = await apiCall(
          app.url,
          admin,
          'POST',
          '/api/blade-system/user/submit',
          {},
          {
            account: name,
            password: name,
            realName: name,
            roleId: await roleOf(alias),
            deptId: klass.id,
          },
        )
        if (r.code !== 200) throw new Error(r.msg)
        return r.data.id as string
      }
      await account('statteacher', 'teacher')
      const learners = [await account('statlearner1', 'student'), await account('statlearner2', 'student')]
      const teacher = await tokenOf(app.url, 'statteacher')
      const post = async (path: string, body: unknown) => {
        const r = await apiCall(app.url, teacher, 'POST', path, {}, body)
        if (r.code !== 200) throw new Error(`${path}: ${r.msg}`)
        return r.data.id as string
      }

      // The course: two courseware, learner 1 finished both, learner 2 one; both rated it.
      const courseId = await post('/api/hm-course/course/submit', { title: '看板统计课程' })
      const section = newId()
      await db.insert(courseSection).values({ id: section, tenantId: T, courseId, title: '第一章' })
      const wares = [newId(), newId()]
      for (const wareId of wares)
        await db.insert(sectionWare).values({ id: newId(), tenantId: T, sectionId: section, wareId })
      await db.insert(courseUser).values(
        learners.map((userId, i) => ({
          id: newId(),
          tenantId: T,
          courseId,
          userId,
          status: 1,
          createTime: at(-i * 24 * 60),
        })),
      )
      for (const [userId, wareId, progress] of [
        [learners[0], wares[0], 100],
        [learners[0], wares[1], 95],
        [learners[1], wares[0], 100],
        [learners[1], wares[1], 30],
      ] as const)
        await db
          .insert(courseStatistics)
          .values({ id: newId(), tenantId: T, courseId, wareId, userId, progress, updateTime: at(0) })
      await db.insert(courseEvaluate).values(
        learners.map((userId, i) => ({
          id: newId(),
          tenantId: T,
          courseId,
          userId,
          targetEvaluate: 4,
          contentEvaluate: 5,
          methodEvaluate: 4,
          effectEvaluate: i ? 3 : 5,
        })),
      )

      // The exam: question 甲 (协议) right for learner 1 only, question 乙 (路由) right for both.
      const q = (content: string, examCenter: string) =>
        post('/api/hm-question/question/submit', { type: 5, content, answer: '略', examCenter })
      const [qa, qb] = [await q('看板题目甲', '协议'), await q('看板题目乙', '路由')]
      const paperId = await post('/api/hm-paper/paper/submit', {
        name: '看板试卷',
        type: 2,
        questions: [
          { questionId: qa, score: 50 },
          { questionId: qb, score: 50 },
        ],
      })
      const examId = await post('/api/hm-paperTime/paperTime/submit', {
        title: '看板考试',
        startTime: at(-60),
        endTime: at(60),
        duration: 30,
        paperIds: paperId,
      })
      for (const [i, userId] of learners.entries()) {
        const sitting = newId()
        await db.insert(paperTimeUser).values({
          id: sitting,
          tenantId: T,
          paperTimeId: examId,
          userId,
          paperId,
          state: 3,
          startTime: at(-30),
          deadline: Date.now(),
        })
        for (const [questionId, correct] of [
          [qa, i === 0 ? 1 : 0],
          [qb, 1],
        ] as const)
          await db.insert(paperAnswer).values({
            id: newId(),
            tenantId: T,
            paperTimeUserId: sitting,
            questionId,
            answer: '"x"',
            version: 1,
            saveTime: at(-20),
            correct,
          })
      }
    } finally {
      await closeDb(db)
    }
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  const open = async (lang: 'zh' | 'en') => {
    await page?.close()
    page = await browser.newPage({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })
    page.setDefaultTimeout(15_000)
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, 'statteacher')
    await signedIn(page)
    await page.goto(`${app.url}/wel/dashboard`)
    await page.getByTestId('statistics').waitFor()
  }
  /** What a chart was given to draw, once ECharts drew it into its canvas. */
  const drawn = async (testId: string) => {
    const chart = page.getByTestId(testId)
    await chart.locator('canvas').waitFor()
    return {
      labels: JSON.parse((await chart.getAttribute('data-labels'))!) as string[],
      values: JSON.parse((await chart.getAttribute('data-values'))!) as number[][],
    }
  }
  const noSeriousViolations = async () => {
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
  }

  it('draws the course, exercise and learner figures of the teacher’s own rows', async () => {
    await open('zh')
    expect(await drawn('chart-hot-courses')).toEqual({ labels: ['看板统计课程'], values: [[2], [1]] })
    expect(await page.getByTestId('statistics-enrolments').textContent()).toBe('2')
    expect(await page.getByTestId('statistics-completion').textContent()).toBe('50%')
    expect(await drawn('chart-ratings')).toEqual({ labels: ['看板统计课程'], values: [[4.3]] })
    expect((await drawn('chart-enrolments-by-day')).values[0].reduce((a, b) => a + b, 0)).toBe(2)
    const trend = await drawn('chart-hot-by-day')
    expect(trend.labels).toHaveLength(2)
    expect(trend.values).toEqual([[1, 1]])
    await noSeriousViolations()
    await page.getByTestId('statistics').screenshot({ path: '/tmp/atrium-dashboard-courses.png' })

    await page.getByTestId('statistics-tab-exercise').click()
    const points = await drawn('chart-points')
    expect(Object.fromEntries(points.labels.map((l, i) => [l, points.values[0][i]]))).toEqual({ 协议: 50, 路由: 100 })
    expect(await drawn('chart-hardest')).toEqual({ labels: ['看板题目甲', '看板题目乙'], values: [[50, 100]] })
    expect(await page.getByTestId('statistics-attempts').textContent()).toBe('4')
    expect(await page.getByTestId('statistics-correct-rate').textContent()).toBe('75%')
    await noSeriousViolations()
    await page.getByTestId('statistics').screenshot({ path: '/tmp/atrium-dashboard-exercises.png' })

    await page.getByTestId('statistics-tab-user').click()
    expect(await drawn('chart-by-dept')).toEqual({ labels: [klassName], values: [[2]] })
    expect(await page.getByTestId('statistics-active-learners').textContent()).toBe('2')
    expect((await drawn('chart-active-by-day')).values[0].at(-1)).toBe(2)
    await noSeriousViolations()
    await page.getByTestId('statistics').screenshot({ path: '/tmp/atrium-dashboard-users.png' })
  })

  it('downloads the exercise figures as a workbook with the same rows', async () => {
    await page.getByTestId('statistics-tab-exercise').click()
    await page.getByTestId('chart-points').waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statistics-export').click()])
    expect(download.suggestedFilename()).toBe('statistics-exercise.xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile((await download.path())!)
    const rows = (name: string) =>
      (wb.getWorksheet(name)!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1))
    expect(wb.worksheets.map((s) => s.name)).toEqual(['题目正确率', '知识点', '最难题目'])
    const points = rows('知识点')
    expect(points[0]).toEqual(['知识点', '作答次数', '正确率（%）'])
    expect(points.slice(1)).toHaveLength(2)
    expect(points.slice(1)).toEqual(
      expect.arrayContaining([
        ['协议', 2, 50],
        ['路由', 2, 100],
      ]),
    )
    expect(rows('最难题目')).toEqual([
      ['题目', '知识点', '作答次数', '正确率（%）'],
      ['看板题目甲', '协议', 2, 50],
      ['看板题目乙', '路由', 2, 100],
    ])
  })

  it('reads in English, a period changes the figures asked for', async () => {
    await open('en')
    await page.getByRole('heading', { name: 'Teaching statistics' }).waitFor()
    await page.getByRole('tab', { name: 'Exercises' }).click()
    expect((await drawn('chart-points')).labels.sort()).toEqual(['协议', '路由'])
    await page.getByRole('heading', { name: 'Hardest questions' }).waitFor()
    const asked = page.waitForRequest((r) => r.url().includes('/statistics/exercise') && r.url().includes('days=7'))
    await page.getByTestId('statistics-period').selectOption('7')
    await asked
    expect(await page.getByTestId('statistics-attempts').textContent()).toBe('4')
    await noSeriousViolations()
    await page.getByTestId('statistics').screenshot({ path: '/tmp/atrium-dashboard-en.png' })
  })
})
