import { afterEach, beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser, signedIn, signInUi } from '../support/browser.ts'
import { twoStep } from '../support/workflow-bpmn.ts'

const SHOTS = process.env.ATRIUM_SHOTS ?? '/tmp'

/**
 * The administrator's workflow screens in Chromium, as the demo school's administrator: statistics, tracking,
 * classic models and definitions (a .bpmn uploaded and deployed), and operations — the seeded leave request is
 * terminated with a reason, and the statistics count it finished.
 */
describeBrowser('workflow operations, statistics and the classic flow screens (browser)', () => {
  const s = browserSession()
  let admin: Page

  beforeAll(async () => {
    admin = await (await s.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage()
    admin.setDefaultTimeout(8000)
    await signInUi(admin, s.app.url, 'admin')
    await signedIn(admin)
  })
  afterEach(async (c) => {
    if (c.task.result?.state === 'fail') await admin.screenshot({ path: `${SHOTS}/workflow-ops-failed.png` })
  })

  const rows = () => admin.getByTestId('resource-table').locator('tbody tr')
  const figure = async (name: string) => Number(await admin.getByTestId(`stat-${name}`).textContent())
  const openStatistics = async () => {
    await admin.goto(`${s.app.url}/workflow/statistics`)
    await admin.getByTestId('stat-finished').waitFor()
    await admin.getByTestId('stats-by-month').locator('canvas').waitFor()
  }

  it('shows, deploys and terminates; the statistics follow', async () => {
    await openStatistics()
    const started = await figure('started')
    const finished = await figure('finished')
    expect(started).toBeGreaterThan(0)
    await admin.getByTestId('stats-by-process').locator('canvas').waitFor()
    await admin.screenshot({ path: `${SHOTS}/workflow-statistics-before.png`, fullPage: true })

    // Tracking lists the running instances, the seeded leave request among them.
    await admin.goto(`${s.app.url}/flow/follow`)
    await expect.poll(() => rows().filter({ hasText: '请假' }).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await admin.screenshot({ path: `${SHOTS}/workflow-flow-follow.png`, fullPage: true })

    await admin.goto(`${s.app.url}/flow/model`)
    await expect.poll(() => rows().filter({ hasText: 'leave' }).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await admin.screenshot({ path: `${SHOTS}/workflow-flow-model.png`, fullPage: true })
    // Deployed again from the classic list: a second version of the leave definition.
    await rows().filter({ hasText: 'leave' }).first().getByTestId('row-deploy').click()
    await admin.getByTestId('deploy-ok').click()
    await admin.getByTestId('deploy-dialog').waitFor({ state: 'detached' })

    // A .bpmn file uploaded with a category becomes a definition of this school.
    await admin.goto(`${s.app.url}/flow/manager`)
    await expect.poll(() => rows().filter({ hasText: 'leave' }).count(), { timeout: 15_000 }).toBe(2)
    await admin.getByTestId('manager-upload').click()
    await admin.getByTestId('deploy-ok').click()
    await expect.poll(() => admin.getByText('请选择要部署的流程文件').count()).toBe(1)
    await admin.getByTestId('deploy-files').setInputFiles({
      name: 'ops_e2e.bpmn',
      mimeType: 'application/xml',
      buffer: Buffer.from(twoStep('ops_e2e', '运维演示')),
    })
    await expect.poll(() => admin.getByTestId('deploy-file-names').textContent()).toBe('ops_e2e.bpmn')
    await admin.getByTestId('field-category').click()
    await admin.getByRole('option').first().click()
    await admin.screenshot({ path: `${SHOTS}/workflow-flow-upload.png` })
    await admin.getByTestId('deploy-ok').click()
    await admin.getByTestId('deploy-dialog').waitFor({ state: 'detached' })
    await expect.poll(() => rows().filter({ hasText: 'ops_e2e' }).count(), { timeout: 15_000 }).toBe(1)
    await admin.screenshot({ path: `${SHOTS}/workflow-flow-manager.png`, fullPage: true })

    // Operations: the leave request's open task, then the instance terminated with a reason.
    await admin.goto(`${s.app.url}/workflow/ops`)
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await admin.screenshot({ path: `${SHOTS}/workflow-ops-tasks.png`, fullPage: true })
    await admin.getByTestId('ops-tab-process').click()
    const running = rows().filter({ hasText: '请假' }).filter({ hasText: '运行中' }).first()
    await running.waitFor({ timeout: 15_000 })
    const runningBefore = await rows().filter({ hasText: '运行中' }).count()
    await running.getByTestId('row-terminate').click()
    // No reason: the dialog says so and nothing is sent.
    await admin.getByTestId('reason-ok').click()
    await expect.poll(() => admin.getByText('请填写原因').count()).toBe(1)
    await admin.getByTestId('reason-text').fill('演示数据，运维终止')
    await admin.getByTestId('reason-ok').click()
    await expect.poll(() => rows().filter({ hasText: '运行中' }).count(), { timeout: 15_000 }).toBe(runningBefore - 1)
    await expect.poll(() => rows().filter({ hasText: '已终止' }).count()).toBeGreaterThan(0)
    await admin.screenshot({ path: `${SHOTS}/workflow-ops-instances.png`, fullPage: true })

    await openStatistics()
    await expect.poll(() => figure('finished'), { timeout: 15_000 }).toBe(finished + 1)
    expect(await figure('started')).toBe(started)
    await admin.screenshot({ path: `${SHOTS}/workflow-statistics-after.png`, fullPage: true })
  }, 120_000)
})
