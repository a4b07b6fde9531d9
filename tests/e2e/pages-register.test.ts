import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { apiCall, signInApi, tokenOf } from './pages-support'
import { applianceQuery } from '../support/server-process.ts'

/**
 * What a third-party sign-in without a local account leaves behind: an identity linked to nobody, under an
 * unguessable id the login page is sent with (the server links only such an identity).
 */
async function rememberIdentity(dataDir: string, name: string) {
  const id = `${randomUUID()}${randomUUID()}`.replaceAll('-', '')
  await applianceQuery(
    dataDir,
    "INSERT INTO blade_user_oauth (id, tenant_id, uuid, source, nickname, create_time) VALUES (?, '000000', ?, 'e2e', ?, ?)",
    [id, `e2e-${name}`, name, new Date().toISOString().slice(0, 19).replace('T', ' ')],
  )
  return id
}

/** Account registration for a third-party sign-in without a local account: checks in the spec's order, then a pending application. */
describeBrowser('registration dialog', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  let identity = ''
  const dialog = () => page.getByTestId('register-dialog')
  const submitShows = async (text: string) => {
    await page.getByTestId('register-submit').click()
    await expect.poll(() => dialog().getByText(text, { exact: true }).count()).toBe(1)
  }

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    page = await browser.newPage()
    await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    // The login page opens the dialog for the oauth_id a third-party sign-in answered with.
    identity = await rememberIdentity(app.dataDir, 'guest')
    await page.goto(`${app.url}/login?oauthId=${identity}`)
    await dialog().waitFor()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('checks tenant, account, both passwords, then that they match, in that order', async () => {
    const requests: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('register-guest')) requests.push(r.url())
    })
    await submitShows('please enter the tenant number first')
    await page.getByTestId('register-tenant').fill('000000')
    await submitShows('please enter the account')
    await page.getByTestId('register-account').fill('e2e.guest')
    await page.getByTestId('register-name').fill('E2E Guest')
    await submitShows('please enter the password first')
    await page.getByTestId('register-password').fill('Guest-pass-1')
    await submitShows('please enter the password first')
    await page.getByTestId('register-password2').fill('Guest-pass-2')
    await submitShows('the two passwords do not match')
    expect(requests).toEqual([])
  })

  it('submits a pending application that cannot sign in until an administrator approves it', async () => {
    await page.getByTestId('register-password2').fill('Guest-pass-1')
    await page.getByTestId('register-submit').click()
    await page.getByTestId('register-pending').waitFor()
    expect(await page.getByTestId('register-pending').textContent()).toContain('awaits administrator approval')
    const refused = await signInApi(app.url, 'e2e.guest', 'Guest-pass-1')
    expect(refused.status).not.toBe(200)
    await page.getByTestId('register-finish').click()
    await expect.poll(() => dialog().count()).toBe(0)

    const admin = await tokenOf(app.url, 'admin')
    const found = await apiCall(app.url, admin, 'GET', '/api/blade-system/user/page', { account: 'e2e.guest' })
    expect(found.data.records).toHaveLength(1)
    expect(found.data.records[0]).toMatchObject({ realName: 'E2E Guest', status: 0, oauthId: identity })
    expect(
      (await apiCall(app.url, admin, 'POST', '/api/blade-system/user/audit-pass', { ids: found.data.records[0].id }))
        .code,
    ).toBe(200)

    await signInUi(page, app.url, 'e2e.guest', 'Guest-pass-1')
    // A student account lands on the site root (the portal).
    await page.waitForURL((u) => u.pathname.startsWith('/home'), { timeout: 15_000 })
  })

  it('shows the server message when the application is refused', async () => {
    const fresh = await browser.newPage()
    await fresh.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await fresh.goto(`${app.url}/login?oauthId=${await rememberIdentity(app.dataDir, 'other')}`)
    await fresh.getByTestId('register-tenant').fill('000000')
    await fresh.getByTestId('register-account').fill('e2e.guest')
    await fresh.getByTestId('register-password').fill('x')
    await fresh.getByTestId('register-password2').fill('x')
    await fresh.getByTestId('register-submit').click()
    // The account is taken now: the dialog stays open and shows the server's words.
    await expect
      .poll(() => fresh.getByTestId('register-dialog').getByText('the account e2e.guest already exists').count())
      .toBe(1)
    expect(await fresh.getByTestId('register-pending').count()).toBe(0)
    await fresh.close()
  })
})
