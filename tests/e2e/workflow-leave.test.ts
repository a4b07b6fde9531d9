import { afterEach, beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser, signedIn, signInUi } from '../support/browser.ts'

const SHOTS = process.env.ATRIUM_SHOTS ?? '/tmp'

/**
 * The leave sample in Chromium: a teacher applies on its own form (dates, days, reason, the approving manager), the
 * manager approves it from the to-do list on the handling page, and the teacher reads it finished — once in
 * Chinese, and the manager's pages once more in English.
 */
describeBrowser('workflow leave sample (browser)', () => {
  const s = browserSession()
  let teacher: Page
  let manager: Page

  const pageAs = async (account: string, lang: 'zh' | 'en' = 'zh') => {
    const p = await (await s.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage()
    p.setDefaultTimeout(8000)
    if (lang === 'en') await p.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(p, s.app.url, account)
    await signedIn(p)
    return p
  }

  beforeAll(async () => {
    teacher = await pageAs('teacher')
    manager = await pageAs('manager', 'en')
  })
  // What both pages showed when the case failed, to look at.
  afterEach(async (c) => {
    if (c.task.result?.state !== 'fail') return
    await teacher.screenshot({ path: `${SHOTS}/workflow-leave-failed-teacher.png` })
    await manager.screenshot({ path: `${SHOTS}/workflow-leave-failed-manager.png` })
  })

  const apply = async (days: string, reason: string) => {
    await teacher.goto(`${s.app.url}/work/start`)
    await teacher.getByTestId('start-card').filter({ hasText: '请假' }).click()
    await teacher.waitForURL(/\/work\/process\/leave\/form\//)
    // Nothing filled: each required field says so, and no process starts.
    await teacher.getByTestId('leave-submit').click()
    await expect.poll(() => teacher.getByText('请选择人员').count(), { timeout: 15_000 }).toBe(1)
    await teacher.getByTestId('field-startTime').fill('2026-12-01T09:00:00')
    await teacher.getByTestId('field-endTime').fill('2026-12-02T18:00:00')
    await teacher.getByTestId('field-days').fill(days)
    await teacher.getByTestId('field-reason').fill(reason)
    await teacher.getByTestId('leave-pick-manager').click()
    await teacher.getByTestId('user-picker-row').filter({ hasText: '赵主任' }).click()
    await teacher.getByTestId('user-picker-ok').click()
    await expect.poll(() => teacher.getByTestId('leave-manager').inputValue(), { timeout: 15_000 }).toBe('赵主任')
    await teacher.getByTestId('user-picker').waitFor({ state: 'detached' })
    // Each corrected field dropped its message.
    expect(await teacher.getByText('请选择人员').count()).toBe(0)
    expect(await teacher.getByText('请输入请假理由').count()).toBe(0)
    await teacher.screenshot({ path: `${SHOTS}/workflow-leave-form.png`, fullPage: true })
    await teacher.getByTestId('leave-submit').click()
    await teacher.waitForURL(/\/work\/send$/)
  }

  const sentLeaves = () => teacher.getByTestId('resource-table').locator('tbody tr').filter({ hasText: '请假' })

  it('a teacher applies for two days; the manager approves; the request ends', async () => {
    // The demo school may hold leave requests already: this one is the newest, first in each list.
    await teacher.goto(`${s.app.url}/work/send`)
    await teacher.getByTestId('resource-table').waitFor()
    const before = await sentLeaves().count()
    await apply('2', '参加教研活动')
    await expect.poll(() => sentLeaves().count(), { timeout: 15_000 }).toBe(before + 1)

    await manager.goto(`${s.app.url}/work/todo`)
    await manager.getByRole('row').filter({ hasText: '请假' }).first().getByTestId('row-handle').click()
    await manager.waitForURL(/\/work\/process\/leave\/handle\//)
    await expect
      .poll(() => manager.getByTestId('form-view').textContent(), { timeout: 15_000 })
      .toContain('参加教研活动')
    await manager.locator('[data-testid="process-diagram"] .djs-element.wf-primary').first().waitFor()
    await expect.poll(() => manager.getByText('Approve leave').count(), { timeout: 15_000 }).toBe(1)
    await manager.screenshot({ path: `${SHOTS}/workflow-leave-handle-en.png`, fullPage: true })
    await manager.getByTestId('task-comment').fill('Approved, enjoy')
    await manager.getByTestId('task-approve').click()
    await manager.waitForURL(/\/work\/todo$/)

    await teacher.goto(`${s.app.url}/work/send`)
    const row = sentLeaves().first()
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('已办结')
    await row.getByTestId('row-detail').click()
    await teacher.waitForURL(/\/work\/process\/leave\/detail\//)
    await expect
      .poll(() => teacher.getByTestId('process-history').textContent(), { timeout: 15_000 })
      .toContain('Approved, enjoy')
    await teacher.locator('[data-testid="process-diagram"] .djs-element.wf-success').first().waitFor()
    expect(await teacher.locator('[data-testid="process-diagram"] .djs-element.wf-primary').count()).toBe(0)
    expect(await teacher.getByTestId('task-approve').count()).toBe(0)
    await teacher.screenshot({ path: `${SHOTS}/workflow-leave-detail.png`, fullPage: true })
  }, 90_000)
})
