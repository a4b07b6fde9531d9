import { afterEach, beforeAll, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSession, describeBrowser, signedIn, signInUi } from '../support/browser.ts'
import { apiCall, tokenOf } from './pages-support.ts'

const SHOTS = process.env.ATRIUM_SHOTS ?? '/tmp'

/** The element of the diagram with this BPMN id. */
const shape = (page: Page, id: string) => page.locator(`.djs-element[data-element-id="${id}"]`).first()

/** Clicks an entry of the context pad of the selected element (bpmn-js' append / replace / delete). */
const pad = (page: Page, action: string) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`).click()

/**
 * The modeller in Chromium: an administrator draws a two-step process with bpmn-js' own tools (context pad,
 * replace menu, the properties panel), saves and deploys it; a teacher starts it; each assignee approves from the
 * to-do list, and the diagram's highlight moves from step to step.
 */
describeBrowser('workflow modeller and approval (browser)', () => {
  const s = browserSession('admin')
  let page: Page
  beforeAll(() => {
    page = s.page
  })
  // What the administrator's page showed when a case failed, to look at.
  afterEach(async (c) => {
    if (c.task.result?.state === 'fail') await page.screenshot({ path: `${SHOTS}/workflow-modeler-failed.png` })
  })

  /** Another user's page, signed in through the login page in a context of its own. */
  const pageAs = async (account: string) => {
    const p = await (await s.browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage()
    p.setDefaultTimeout(8000)
    await signInUi(p, s.app.url, account)
    await signedIn(p)
    return p
  }

  /** The chart's marker of each diagram element that has one, once the diagram is drawn. */
  const marks = async (p: Page) => {
    await p.locator('[data-testid="process-diagram"] .djs-element').first().waitFor()
    return p.evaluate(() => {
      const out: Record<string, string> = {}
      for (const el of document.querySelectorAll('[data-testid="process-diagram"] .djs-element')) {
        const mark = [...el.classList].find((c) => c.startsWith('wf-'))
        const id = el.getAttribute('data-element-id')
        if (mark && id) out[id] = mark
      }
      return out
    })
  }

  it('draws a two-step process, saves and deploys it', async () => {
    const admin = await tokenOf(s.app.url, 'admin')
    const users = await apiCall(s.app.url, admin, 'GET', '/api/blade-system/user/page', { size: '50' })
    const idOf = (account: string) => users.data.records.find((u: { account: string }) => u.account === account).id
    await page.goto(`${s.app.url}/workflow/design/process/new`)
    await shape(page, 'task1').waitFor()
    await page.getByTestId('model-name').fill('两步审批')
    await page.getByTestId('model-key').fill('two_step')

    // Step one: the manager approves.
    await shape(page, 'task1').click()
    await page.getByTestId('prop-name').fill('主任审批')
    await page.getByTestId('prop-assignee').fill(idOf('manager'))

    // Step two, drawn: drop the end, append a task, make it a user task, append a new end.
    await shape(page, 'end').click()
    await pad(page, 'delete')
    await shape(page, 'task1').click()
    await pad(page, 'append.append-task')
    await page.keyboard.press('Escape')
    await pad(page, 'replace')
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click()
    await page.getByTestId('prop-name').fill('管理员审批')
    await page.getByTestId('prop-assignee').fill(idOf('admin'))
    await pad(page, 'append.end-event')
    await page.screenshot({ path: `${SHOTS}/workflow-modeler.png` })

    await page.getByTestId('model-save').click()
    await page.waitForURL(/\/workflow\/design\/process\/\d+$/)
    // Deploying saves first, then publishes: on a busy machine that takes a while.
    const deployed = page.waitForResponse((r) => r.url().includes('/design/model/deploy'), { timeout: 30_000 })
    await page.getByTestId('model-deploy').click()
    expect((await deployed).status()).toBe(200)
    const versions = async () =>
      (
        await apiCall(s.app.url, admin, 'GET', '/api/blade-workflow/design/deployment/list', { processKey: 'two_step' })
      ).data.records.map((r: { version: number }) => r.version)
    await expect.poll(versions, { timeout: 15_000 }).toEqual([1])
    // What was drawn is what was deployed: two user tasks in a row, with the assignees set on the panel.
    const model = await apiCall(s.app.url, admin, 'GET', '/api/blade-workflow/design/model/list', {
      modelKey: 'two_step',
    })
    const xml: string = model.data.records[0].xml ?? ''
    expect((xml.match(/<bpmn:userTask|<userTask/g) ?? []).length).toBe(2)
    expect(xml).toContain(`flowable:assignee="${idOf('manager')}"`)
  }, 60_000)

  it('a teacher starts it; the manager, then the administrator, approve; the highlight moves', async () => {
    const teacher = await pageAs('teacher')
    await teacher.goto(`${s.app.url}/work/start`)
    await teacher.getByTestId('start-card').filter({ hasText: '两步审批' }).click()
    await teacher.waitForURL(/\/workflow\/process\/start\//)
    await teacher.getByTestId('process-start-submit').click()
    await teacher.waitForURL(/\/work\/send$/)
    await expect
      .poll(() => teacher.getByRole('row').filter({ hasText: '两步审批' }).count(), { timeout: 15_000 })
      .toBe(1)

    const manager = await pageAs('manager')
    await manager.goto(`${s.app.url}/work/todo`)
    await manager.getByRole('row').filter({ hasText: '两步审批' }).getByTestId('row-handle').click()
    await manager.waitForURL(/\/workflow\/process\/detail\//)
    await expect
      .poll(() => marks(manager), { timeout: 15_000 })
      .toMatchObject({ start: 'wf-success', task1: 'wf-primary' })
    await manager.screenshot({ path: `${SHOTS}/workflow-approve-step1.png`, fullPage: true })
    await manager.getByTestId('task-comment').fill('同意')
    await manager.getByTestId('task-approve').click()
    await manager.waitForURL(/\/work\/todo$/)

    await page.goto(`${s.app.url}/work/todo`)
    await page.getByRole('row').filter({ hasText: '两步审批' }).getByTestId('row-handle').click()
    await page.waitForURL(/\/workflow\/process\/detail\//)
    const second = await marks(page)
    expect(second.task1).toBe('wf-success')
    expect(Object.entries(second).find(([, m]) => m === 'wf-primary')?.[0]).not.toBe('task1')
    await expect.poll(() => page.getByTestId('process-history').textContent(), { timeout: 15_000 }).toContain('赵主任')
    await page.getByTestId('task-approve').click()
    await page.waitForURL(/\/work\/todo$/)

    // The teacher reads the finished process from the sent list: every node finished, nothing current.
    await teacher.goto(`${s.app.url}/work/send`)
    await teacher.getByRole('row').filter({ hasText: '两步审批' }).getByTestId('row-detail').click()
    await teacher.waitForURL(/\/workflow\/process\/detail\//)
    await expect
      .poll(async () => Object.values(await marks(teacher)).includes('wf-primary'), { timeout: 15_000 })
      .toBe(false)
    const done = await marks(teacher)
    expect(Object.values(done).filter((m) => m === 'wf-success').length).toBeGreaterThanOrEqual(4)
    await teacher.screenshot({ path: `${SHOTS}/workflow-finished.png`, fullPage: true })
  }, 90_000)
})
