import { expect, it } from 'vitest'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { browserSession, describeBrowser } from '../support/browser.ts'
import { BASIC } from '../support/harness.ts'
import { applianceQuery } from '../support/server-process.ts'

/**
 * The sign-in page: its two ways to an account say whom they are for, and it
 * follows the server's captcha setting at run time (same built bundle).
 */
describeBrowser('sign-in page: account links and run-time captcha mode (browser)', () => {
  const s = browserSession()

  it('the learner sign-up and the staff application are told apart, in Chinese and English', async () => {
    const page = s.page
    await page.goto(`${s.app.url}/home/user-login`)
    const learner = page.getByTestId('login-sign-up')
    const staff = page.getByTestId('login-register')
    await expect.poll(() => learner.textContent()).toBe('学员注册')
    expect(await staff.textContent()).toBe('教职工申请后台账号')
    expect(await page.getByText('还没有账号？').count()).toBe(1)

    await staff.click()
    const dialog = page.getByTestId('register-dialog')
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('申请教职工账号')
    expect(await dialog.textContent()).toContain('学员请返回登录页')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    await learner.click()
    await page.waitForURL('**/home/user-sign-up')

    await page.goto(`${s.app.url}/login`)
    await page.getByTestId('login-lang').click()
    await expect.poll(() => page.getByTestId('login-sign-up').textContent()).toBe('Sign up as a learner')
    expect(await page.getByTestId('login-register').textContent()).toBe('Staff: apply for a back-office account')
    await page.getByTestId('login-lang').click()
  })

  it('fits a 375 px phone in both languages: nothing wider than the screen, both links visible', async () => {
    const context = await s.browser.newContext({ viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    for (const path of ['/home/user-login', '/login'])
      for (const lang of ['zh', 'en']) {
        await page.addInitScript((l) => localStorage.setItem('atrium-lang', JSON.stringify(l)), lang)
        await page.goto(`${s.app.url}${path}`)
        await page.getByTestId('login-register').waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} ${lang}`).toBeLessThanOrEqual(
          375,
        )
        for (const id of ['login-sign-up', 'login-register', 'login-submit']) {
          const box = (await page.getByTestId(id).boundingBox())!
          expect(box.x >= 0 && box.x + box.width <= 375, `${id} on ${path} ${lang}`).toBe(true)
        }
      }
    await context.close()
  })

  it('follows the captcha parameter an administrator switches, without a rebuild', async () => {
    const page = s.page
    const api = (path: string, init: RequestInit = {}) => fetch(s.app.url + path, init).then((r) => r.json())
    const { access_token: admin } = await api(
      `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password&scope=all`,
      { method: 'POST', headers: { authorization: BASIC } },
    )
    const auth = { 'blade-auth': `bearer ${admin}`, 'content-type': 'application/json' }
    const setting = (
      await api('/api/blade-system/param/list?current=1&size=10&paramKey=account.captchaMode', { headers: auth })
    ).data.records[0]
    const setCaptcha = async (value: string) =>
      expect(
        (
          await api('/api/blade-system/param/submit', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ ...setting, paramValue: value }),
          })
        ).success,
      ).toBe(true)

    await page.goto(`${s.app.url}/login`)
    await page.getByTestId('login-account').waitFor()
    expect(await page.getByTestId('login-captcha').count()).toBe(0)

    await setCaptcha('true')
    const image = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'))
    await page.reload()
    const key = ((await (await image).json()) as { data: { key: string } }).data.key
    await page.getByTestId('login-captcha').waitFor()
    await expect.poll(() => page.getByRole('img', { name: '验证码' }).count()).toBe(1)

    // The code the server keeps for this image (a person would read it off the picture).
    const [{ code }] = await applianceQuery<{ code: string }>(
      s.app.dataDir,
      'SELECT code FROM blade_captcha WHERE key = ?',
      [key],
    )
    await page.getByTestId('login-account').fill('admin')
    await page.getByTestId('login-password').fill('admin')
    await page.getByTestId('login-captcha').fill(code)
    const signIn = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/token'))
    await page.getByTestId('login-submit').click()
    expect((await signIn).postData()).toContain('grant_type=captcha')
    await page.waitForURL('**/wel/index')

    await setCaptcha('false')
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${s.app.url}/login`)
    await page.getByTestId('login-account').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('login-captcha').count()).toBe(0)
  })
})
