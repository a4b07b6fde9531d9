import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  describeBrowser,
  launchBrowser,
  signedIn,
  signInUi,
  startAppliance,
  type Appliance,
} from '../support/browser.ts'
import { startTestSmtp } from '../support/smtp-server.ts'
import { apiCall, signInApi, tokenOf } from './pages-support.ts'

/**
 * A lost password from the sign-in page (issue #29): "forgot your password?" mails a one-time link through the
 * school's enabled account (a real SMTP server here), the link opens the sign-in page's new-password form, and the
 * new password signs in while the old one no longer does; the same link a second time is refused.
 */
describeBrowser('lost password from the sign-in page', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>
  let app: Appliance
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    smtp = await startTestSmtp()
    app = await startAppliance({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
    const admin = await tokenOf(app.url, 'admin')
    const account = await apiCall(
      app.url,
      admin,
      'POST',
      '/api/blade-email/config/submit',
      {},
      {
        name: '教务处',
        host: '127.0.0.1',
        port: smtp.port,
        tlsMode: 0,
        fromAddress: 'office@school.test',
        fromName: '教务处',
      },
    )
    expect(account.code, account.msg).toBe(200)
    expect(
      (await apiCall(app.url, admin, 'POST', '/api/blade-email/config/enable', { id: account.data.id })).code,
    ).toBe(200)
    const manager = await tokenOf(app.url, 'manager')
    const info = await apiCall(
      app.url,
      manager,
      'POST',
      '/api/blade-system/user/update-info',
      {},
      {
        email: 'manager@school.test',
      },
    )
    expect(info.code, info.msg).toBe(200)
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    page.setDefaultTimeout(10_000)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    await smtp?.close()
  })

  it('mails a link whose form sets a new password; the old one stops working, the link works once', async () => {
    await page.goto(`${app.url}/login`)
    await page.getByTestId('login-account').fill('manager')
    await page.getByTestId('login-forgot').click()
    const dialog = page.getByTestId('forgot-dialog')
    // The account typed on the sign-in page is carried over.
    expect(await dialog.getByTestId('forgot-account').inputValue()).toBe('manager')
    await dialog.getByTestId('forgot-submit').click()
    await dialog.getByTestId('forgot-sent').waitFor()
    let mail = smtp.received.find((r) => r.envelope.to.includes('manager@school.test'))
    for (let i = 0; !mail && i < 200; i++) {
      await Bun.sleep(50)
      mail = smtp.received.find((r) => r.envelope.to.includes('manager@school.test'))
    }
    expect(mail, 'the reset mail arrived').toBeDefined()
    const link = /href="([^"]*resetToken=[\w-]+)"/.exec(String(mail!.parsed.html))?.[1]
    expect(link).toBeDefined()
    const token = new URL(link!.replaceAll('&amp;', '&'), app.url).searchParams.get('resetToken')!

    await page.goto(`${app.url}/login?resetToken=${token}`)
    const reset = page.getByTestId('reset-dialog')
    await reset.getByTestId('reset-password').fill('n3w-secret')
    await reset.getByTestId('reset-again').fill('n3w-secre')
    await reset.getByTestId('reset-submit').click()
    await reset.getByText('两次输入的密码不一致').waitFor()
    await reset.getByTestId('reset-again').fill('n3w-secret')
    await reset.getByTestId('reset-submit').click()
    await reset.waitFor({ state: 'detached' })
    expect(new URL(page.url()).searchParams.get('resetToken')).toBeNull()
    expect((await signInApi(app.url, 'manager')).body.access_token).toBeUndefined()
    await signInUi(page, app.url, 'manager', 'n3w-secret')
    await signedIn(page)

    // The link was spent: opened again, its form is refused by the server with the reason.
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${app.url}/login?resetToken=${token}`)
    const again = page.getByTestId('reset-dialog')
    await again.getByTestId('reset-password').fill('another1')
    await again.getByTestId('reset-again').fill('another1')
    await again.getByTestId('reset-submit').click()
    await page.getByText('链接无效、已过期或已使用，请重新申请').first().waitFor()
    expect((await signInApi(app.url, 'manager', 'n3w-secret')).body.access_token).toBeDefined()
  })
})
