import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { apiCall, signedIn, signInApi, tokenOf } from './pages-support'

/** The personal-information page: profile rules and saving, avatar limits, password change. */
describeBrowser('personal information page', () => {
  let app: Appliance
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    page = await browser.newPage()
    await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, 'teacher')
    await signedIn(page)
    await page.goto(`${app.url}/info/index`)
    await page.getByTestId('info-realName').waitFor()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('refuses a 10-digit phone with the spec message and saves nothing', async () => {
    await page.getByTestId('info-phone').fill('1380013800')
    await page.getByTestId('info-save').click()
    await expect.poll(() => page.getByText('phone number must be 11 digits').count()).toBe(1)
    await page.getByTestId('info-phone').fill('')
    await page.getByTestId('info-save').click()
    await expect.poll(() => page.getByText('phone number cannot be empty').count()).toBe(1)
    const me = await apiCall(app.url, await tokenOf(app.url, 'teacher'), 'GET', '/api/blade-system/user/info')
    expect(me.data.phone ?? '').not.toBe('1380013800')
  })

  it('saves a valid profile', async () => {
    await page.getByTestId('info-realName').fill('Li Ming')
    await page.getByTestId('info-phone').fill('13800138000')
    await page.getByTestId('info-email').fill('li.ming@school.example')
    await page.getByTestId('info-save').click()
    await page.getByText('updated successfully').first().waitFor()
    const me = await apiCall(app.url, await tokenOf(app.url, 'teacher'), 'GET', '/api/blade-system/user/info')
    expect(me.data).toMatchObject({ real_name: 'Li Ming', phone: '13800138000', email: 'li.ming@school.example' })
  })

  it('refuses an avatar over 500 KB before uploading it, and a gif', async () => {
    const uploads: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/put-file')) uploads.push(r.url())
    })
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(501 * 1024)])
    await page.getByTestId('info-avatar-file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png })
    await expect
      .poll(() => page.getByTestId('info-avatar-error').textContent())
      .toBe('the avatar must not exceed 500 KB')
    await page
      .getByTestId('info-avatar-file')
      .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await expect
      .poll(() => page.getByTestId('info-avatar-error').textContent())
      .toBe('the avatar must be a jpg or png image')
    expect(uploads).toEqual([])
  })

  it('uploads a small png avatar and saves it with the profile', async () => {
    // A 1x1 PNG: the server judges the type by content.
    const tiny = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    await page.getByTestId('info-avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tiny })
    await expect.poll(() => page.locator('[data-testid="info-avatar"] img').count()).toBe(1)
    await page.getByTestId('info-save').click()
    await expect
      .poll(
        async () =>
          (await apiCall(app.url, await tokenOf(app.url, 'teacher'), 'GET', '/api/blade-system/user/info')).data.avatar,
      )
      .toMatch(/^\/upload\//)
  })

  it('refuses mismatching new passwords without asking the server', async () => {
    const calls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('update-password')) calls.push(r.url())
    })
    await page.getByTestId('info-tab-password').click()
    await page.getByTestId('info-oldPassword').fill('teacher')
    await page.getByTestId('info-newPassword').fill('Fresh-pass-1')
    await page.getByTestId('info-newPassword1').fill('Fresh-pass-2')
    await page.getByTestId('info-password-save').click()
    await expect.poll(() => page.getByText('the two passwords do not match').count()).toBe(1)
    expect(calls).toEqual([])
    expect((await signInApi(app.url, 'teacher', 'teacher')).status).toBe(200)
  })

  it('changes the password; the new one signs in and the old one no longer does', async () => {
    await page.getByTestId('info-newPassword1').fill('Fresh-pass-1')
    await page.getByTestId('info-password-save').click()
    await page.getByText('password changed').first().waitFor()
    expect((await signInApi(app.url, 'teacher', 'teacher')).status).not.toBe(200)
    const fresh = await browser.newPage()
    await signInUi(fresh, app.url, 'teacher', 'Fresh-pass-1')
    await signedIn(fresh)
    expect(new URL(fresh.url()).pathname).toBe('/wel/index')
    await fresh.close()
  })
})
