import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { describeViolations, seriousViolations } from '../support/axe.ts'
import {
  describeBrowser,
  launchBrowser,
  signedIn,
  signInUi,
  startAppliance,
  type Appliance,
} from '../support/browser.ts'
import { applianceQuery } from '../support/server-process.ts'
import { alipayKeys, startAlipayGateway } from '../support/alipay-gateway.ts'
import { startWechatpayGateway, wechatKeys } from '../support/wechatpay-gateway.ts'

const MCH = '1900000109'
const V3KEY = 'p'.repeat(32)
const SERIAL = '5157F09EFDC096DE15EBE81A47057A72'
const BASIC = `Basic ${btoa('saber:saber_secret')}`
const ALI_APP = '2021000100000001'

/**
 * Buying a course on the portal (issue #30) on a running appliance and a local WeChat Pay stand-in that checks the
 * merchant's real signatures: the course page says the price, the buy button places the order and shows WeChat's
 * native QR code, the stand-in's signed and encrypted notification credits it, and the open page learns it on the
 * learner's live queue — faster than it polls — and shows the learning button; the order is then listed, paid, in
 * the user centre, and a refund by the school shows there too. A phone is sent to Alipay's own page instead. In
 * Chinese and English, with no serious accessibility violation.
 */
describeBrowser('buying a course on the portal', () => {
  const merchant = wechatKeys()
  const wx = startWechatpayGateway({ [MCH]: { publicKey: merchant.publicKey, serial: SERIAL, apiV3Key: V3KEY } })
  const aliApp = alipayKeys()
  const ali = startAlipayGateway({ [ALI_APP]: aliApp.publicKey })
  let app: Appliance
  let browser: Browser
  let page: Page
  let courseId = ''

  async function call(method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  async function token(account: string) {
    const u = new URL(`${app.url}/api/blade-auth/oauth/token`)
    const q = { tenantId: '000000', username: account, password: md5Hex(account), grant_type: 'password' }
    for (const [k, v] of Object.entries({ ...q, scope: 'all', type: 'account' })) u.searchParams.set(k, v)
    const res = await fetch(u, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' } })
    return ((await res.json()) as { access_token: string }).access_token
  }

  beforeAll(async () => {
    // The stand-in listens on loopback: the school's gateway address passes the outbound policy this way.
    app = await startAppliance({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
    const admin = await token('admin')
    const made = await call('POST', '/api/blade-pay/wxconfig/submit', admin, {
      name: '学校微信支付',
      mchId: MCH,
      appId: 'wx8888888888888888',
      apiV3Key: V3KEY,
      serialNo: SERIAL,
      privateKey: merchant.privateKey,
      platformSerial: wx.platformSerial,
      platformCert: wx.platformPublicKey,
      baseUrl: wx.url,
      notifyUrl: `${app.url}/api/blade-pay/wxpay/notify`,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    // A listed course of the school the student has never joined, priced ¥49.90.
    const [free] = await applianceQuery<{ id: string }>(
      app.dataDir,
      `SELECT id FROM hm_course WHERE tenant_id = '000000' AND is_deleted = 0 AND status = 1 AND type = 1
         AND id NOT IN (SELECT course_id FROM hm_course_user WHERE tenant_id = '000000') ORDER BY id LIMIT 1`,
    )
    courseId = String(free.id)
    await applianceQuery(app.dataDir, 'UPDATE hm_course SET price = 4990 WHERE id = ?', [courseId])
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    page.setDefaultTimeout(8000)
    await signInUi(page, app.url, 'student')
    await signedIn(page)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    await wx.stop()
    await ali.stop()
  })

  it('pays a course through the WeChat QR code and lands enrolled without reloading', async () => {
    await page.goto(`${app.url}/home/course-detail?id=${courseId}`)
    await expect.poll(() => page.getByTestId('course-price').textContent()).toBe('价格：¥49.90')
    await page.getByTestId('enrol').click()
    const dialog = page.getByTestId('pay-dialog')
    await dialog.getByTestId('pay-amount').waitFor()
    expect(await dialog.getByTestId('pay-amount').textContent()).toBe('应付金额：¥49.90')
    await dialog.getByTestId('pay-wxpay').click()
    const qr = dialog.getByTestId('pay-qr')
    await qr.waitFor()
    expect(await qr.getAttribute('data-value')).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/)
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])

    // The learner scans and pays: WeChat Pay posts its signed, encrypted notification to the school's address.
    const outTradeNo = (await dialog.getByTestId('pay-order').getAttribute('data-order'))!
    const marker = await page.evaluate(() => ((window as any).__notReloaded = true))
    const n = wx.pay(outTradeNo)
    const answer = await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body })
    expect(answer.status).toBe(200)
    // The page polls every ten seconds: seeing it within five is the live queue's doing.
    await dialog.getByTestId('pay-done').waitFor({ timeout: 5000 })
    expect(await dialog.getByTestId('pay-done').textContent()).toBe('支付成功，您已报名')
    await dialog.getByTestId('pay-close').click()
    await page.getByTestId('learn').waitFor()
    expect(await page.evaluate(() => (window as any).__notReloaded)).toBe(marker)
    // Delivered again (WeChat retries until answered), it credits nothing more.
    expect((await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body })).status).toBe(200)
    const [{ n: enrolments }] = await applianceQuery<{ n: number }>(
      app.dataDir,
      'SELECT COUNT(*) AS n FROM hm_course_user WHERE course_id = ? AND is_deleted = 0',
      [courseId],
    )
    expect(Number(enrolments)).toBe(1)
  })

  it('lists the paid order in the user centre, in Chinese and in English', async () => {
    await page.goto(`${app.url}/home/user-center?tab=orders`)
    const row = page.getByTestId('my-order').first()
    await row.waitFor()
    expect(await row.getByTestId('order-amount').textContent()).toBe('¥49.90')
    expect(await row.getByTestId('order-state').textContent()).toBe('已支付')
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
    await page.evaluate(() => localStorage.setItem('atrium-lang', JSON.stringify('en')))
    await page.reload()
    await expect.poll(() => page.getByTestId('my-order').first().getByTestId('order-state').textContent()).toBe('Paid')
    await page.evaluate(() => localStorage.removeItem('atrium-lang'))
  })

  it('shows a full refund by the school in the user centre, and the course to buy again', async () => {
    const admin = await token('admin')
    const [order] = await applianceQuery<{ id: string }>(
      app.dataDir,
      'SELECT id FROM blade_pay_order WHERE item_id = ? AND status = 1',
      [courseId],
    )
    const refund = await call('POST', '/api/blade-pay/refund/submit', admin, {
      orderId: String(order.id),
      amount: 4990,
      reason: '学员申请退款',
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    // The appliance's job runner asks the stand-in for the refund; WeChat Pay then notifies that it went through.
    const outRefundNo = refund.body.data.outRefundNo as string
    await expect.poll(() => wx.refunds.has(outRefundNo), { timeout: 15_000 }).toBe(true)
    const n = wx.refunded(outRefundNo)
    expect((await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body })).status).toBe(200)

    await page.goto(`${app.url}/home/user-center?tab=orders`)
    const row = page.getByTestId('my-order').first()
    await expect.poll(() => row.getByTestId('order-state').textContent()).toBe('已退款')
    expect(await row.getByTestId('order-refunded').textContent()).toBe('已退款 ¥49.90')
    await page.goto(`${app.url}/home/course-detail?id=${courseId}`)
    await expect.poll(() => page.getByTestId('enrol').textContent()).toBe('购买 ¥49.90')
  })

  it("sends a phone to Alipay's own payment page (H5) instead of showing a code", async () => {
    const made = await call('POST', '/api/blade-pay/alipay/config/submit', await token('admin'), {
      name: '学校支付宝',
      appId: ALI_APP,
      privateKey: aliApp.privateKey,
      alipayPublicKey: ali.publicKey,
      gateway: ali.url,
      notifyUrl: `${app.url}/api/blade-pay/alipay/notify`,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    // The same signed-in page, on a phone-sized screen.
    const phone = page
    await phone.setViewportSize({ width: 390, height: 844 })
    try {
      await phone.goto(`${app.url}/home/course-detail?id=${courseId}`)
      await phone.getByTestId('enrol').click()
      const dialog = phone.getByTestId('pay-dialog')
      await dialog.getByTestId('pay-alipay').waitFor()
      // WeChat's H5 payment checks the payer's address, which a page cannot give: a phone is offered Alipay only.
      expect(await dialog.getByTestId('pay-wxpay').count()).toBe(0)
      const [sent] = await Promise.all([
        phone.waitForRequest((r) => r.url().startsWith(ali.url)),
        dialog.getByTestId('pay-alipay').click(),
      ])
      expect(new URL(sent.url()).searchParams.get('method')).toBe('alipay.trade.wap.pay')
    } finally {
      await phone.setViewportSize({ width: 1366, height: 860 })
    }
  })
})
