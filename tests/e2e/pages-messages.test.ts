import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  browserSession,
  describeBrowser,
  launchBrowser,
  signInUi,
  startAppliance,
  type Appliance,
} from '../support/browser'
import { apiCall, signedIn, tokenOf } from './pages-support'

const M = '/api/blade-message/message'

/** The message bell: the seeded unread count, reading one, mark-all-read, deleting. */
describeBrowser('message bell', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  const unread = async () =>
    (await apiCall(app.url, await tokenOf(app.url, 'teacher'), 'GET', `${M}/my/topList`)).data.total as number

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    page = await browser.newPage()
    await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, 'teacher')
    await signedIn(page)
    await page.getByTestId('message-bell').waitFor()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('shows the seeded unread count', async () => {
    const seeded = await unread()
    expect(seeded).toBeGreaterThan(1)
    await expect.poll(() => page.getByTestId('message-count').textContent()).toBe(String(seeded))
  })

  it('opening a message shows it and lowers the count', async () => {
    const before = await unread()
    await page.getByTestId('message-bell').click()
    await page.getByTestId('message-open').first().click()
    await page.getByTestId('message-detail').waitFor()
    await expect.poll(() => page.getByTestId('message-count').textContent()).toBe(String(before - 1))
    expect(await unread()).toBe(before - 1)
    await page.getByText('Back to the list').click()
  })

  it('mark all read asks first, then zeroes the count', async () => {
    await page.getByTestId('message-read-all').click()
    await page.getByText('confirm marking all messages as read?').waitFor()
    await page.getByTestId('confirm-ok').click()
    await page.getByText('operation successful').first().waitFor()
    await expect.poll(() => page.getByTestId('message-count').count()).toBe(0)
    expect(await unread()).toBe(0)
  })

  it('deletes a message after confirming', async () => {
    const token = await tokenOf(app.url, 'teacher')
    const total = (await apiCall(app.url, token, 'GET', `${M}/my/list`)).data.total as number
    await page.getByTestId('message-delete').first().click()
    await page.getByText('confirm deleting this message?').waitFor()
    await page.getByTestId('confirm-ok').click()
    await expect.poll(async () => (await apiCall(app.url, token, 'GET', `${M}/my/list`)).data.total).toBe(total - 1)
    await expect.poll(() => page.getByTestId('message-item').count()).toBe(total - 1)
  })

  it('writing a message names the missing title and recipients, then sends it to the person chosen', async () => {
    await page.goto(`${app.url}/desk/message`)
    await page.getByTestId('write-message').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('send-submit').click()
    await dialog.getByText('please enter the message title').waitFor()
    await dialog.getByText('please select the recipients').waitFor()
    await dialog.getByTestId('message-title').fill('Lab closed on Friday')
    await expect.poll(() => dialog.getByText('please enter the message title').count()).toBe(0)
    await dialog.getByTestId('pick-recipients').click()
    await page.getByTestId('user-picker-row').filter({ hasText: '王同学' }).click()
    await page.getByTestId('user-picker-ok').click()
    await expect.poll(() => dialog.getByText('please select the recipients').count()).toBe(0)
    await dialog.getByTestId('send-submit').click()
    await expect.poll(() => page.getByTestId('send-dialog').count()).toBe(0)
    const token = await tokenOf(app.url, 'student')
    const inbox = (await apiCall(app.url, token, 'GET', `${M}/my/list`)).data.records as { title: string }[]
    expect(inbox.map((m) => m.title)).toContain('Lab closed on Friday')
  })

  it('a teacher is offered ordinary and approval messages only: no broadcast the server would refuse', async () => {
    const refused: string[] = []
    const watch = (r: Response) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname)
    }
    page.on('response', watch)
    await page.goto(`${app.url}/desk/message`)
    await page.getByTestId('write-message').click()
    const dialog = page.getByTestId('send-dialog')
    await dialog.getByTestId('field-type').click()
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Ordinary', 'Approval'])
    await page.getByRole('option', { name: 'Approval' }).click()
    await dialog.getByTestId('pick-recipients').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page.getByTestId('send-dialog').count()).toBe(0)
    page.off('response', watch)
    expect(refused).toEqual([])
  })
})

/** The administrator may broadcast: the department picker is offered and the message reaches the department's people. */
describeBrowser('message broadcast by the administrator', () => {
  const s = browserSession('admin')

  it('offers every type, picks a department from its tree and reaches the people in it', async () => {
    const refused: string[] = []
    s.page.on('response', (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname)
    })
    await s.page.goto(`${s.app.url}/desk/message`)
    await s.page.getByTestId('write-message').click()
    const dialog = s.page.getByTestId('send-dialog')
    await dialog.getByTestId('field-type').click()
    await expect
      .poll(() => s.page.getByRole('option').allTextContents())
      .toEqual(['普通消息', '部门广播', '审批消息', '角色广播'])
    await s.page.getByRole('option', { name: '部门广播' }).click()
    await dialog.getByTestId('field-receivers').click()
    await s.page.getByRole('menuitemcheckbox', { name: '计算机系' }).click()
    await s.page.keyboard.press('Escape')
    await dialog.getByTestId('message-title').fill('计算机系教研会')
    await dialog.getByTestId('send-submit').click()
    await expect.poll(() => s.page.getByTestId('send-dialog').count()).toBe(0)
    // 李老师 belongs to 计算机系; the student is in a class below it, not in the department itself.
    const inbox = async (account: string) =>
      (
        (await apiCall(s.app.url, await tokenOf(s.app.url, account), 'GET', `${M}/my/list`)).data.records as {
          title: string
        }[]
      ).map((m) => m.title)
    expect(await inbox('teacher')).toContain('计算机系教研会')
    expect(refused).toEqual([])
  })
})
