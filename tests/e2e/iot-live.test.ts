import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { apiCall, signedIn, signInApi, tokenOf } from './pages-support'

/**
 * Live pushes through the broker to a signed-in browser (its one MQTT-over-WebSocket connection): a new
 * message raises the bell at once (the bell's own poll is 60 s), an administrator sees the teacher among the
 * live connections, a chat line shows, and force-logout signs the browser out and ends its sessions.
 */
describeBrowser('live pushes to browsers', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  let admin: string
  let teacherId: string

  beforeAll(async () => {
    app = await startAppliance()
    admin = await tokenOf(app.url, 'admin')
    teacherId = (await signInApi(app.url, 'teacher')).body.user_id
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, 'teacher')
    await signedIn(page)
    await page.getByTestId('message-bell').waitFor()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  const count = async () =>
    Number(
      (await page
        .getByTestId('message-count')
        .textContent()
        .catch(() => '0')) || 0,
    )
  const live = async () =>
    (await apiCall(app.url, admin, 'GET', '/api/blade-websocket/client-info/list')).data as {
      userId: string
      account: string
    }[]

  it('a message sent to the teacher raises the bell count without a reload', async () => {
    await expect
      .poll(live, { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.objectContaining({ account: 'teacher', userId: teacherId })]))
    const before = await count()
    const sent = await apiCall(
      app.url,
      admin,
      'POST',
      '/api/blade-message/message/save',
      {},
      { type: 1, title: '实时消息', receivers: teacherId },
    )
    expect(sent.code).toBe(200)
    await expect.poll(count, { timeout: 4000 }).toBe(before + 1)
  })

  it('a chat line shows; a user above the sender cannot be pushed; bad input names its field', async () => {
    const chat = await apiCall(
      app.url,
      admin,
      'POST',
      '/api/blade-websocket/client-info/send',
      {},
      { userId: teacherId, type: 'chat', content: '请到机房' },
    )
    expect(chat.code).toBe(200)
    await expect.poll(() => page.getByText('请到机房').count()).toBeGreaterThan(0)
    const bad = await fetch(`${app.url}/api/blade-websocket/client-info/send`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: teacherId, type: 'shout' }),
    })
    expect(((await bad.json()) as any).field).toBe('type')
    const teacher = await tokenOf(app.url, 'teacher')
    const adminId = (await signInApi(app.url, 'admin')).body.user_id
    const up = await apiCall(
      app.url,
      teacher,
      'POST',
      '/api/blade-websocket/client-info/send',
      {},
      { userId: adminId, type: 'force-logout' },
    )
    expect(up.code).toBe(403)
  })

  it("force-logout signs the teacher's browser out at once and ends the sessions", async () => {
    const other = await tokenOf(app.url, 'teacher')
    const r = await apiCall(
      app.url,
      admin,
      'POST',
      '/api/blade-websocket/client-info/send',
      {},
      { userId: teacherId, type: 'force-logout' },
    )
    expect(r.code).toBe(200)
    await page.waitForURL((u) => u.pathname.includes('login'), { timeout: 5000 })
    expect(
      (await fetch(`${app.url}/api/blade-auth/oauth/user-info`, { headers: { 'Blade-Auth': `bearer ${other}` } }))
        .status,
    ).toBe(401)
    await expect.poll(async () => (await live()).some((c) => c.userId === teacherId), { timeout: 5000 }).toBe(false)
  })
})
