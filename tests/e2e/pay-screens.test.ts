import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
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

/**
 * The payment screens (Payments, issue #30) on a running appliance: the five menus open on their screens with the
 * first start's samples, an Alipay account added keeps its private key out of the page, the merged config picks that
 * account from a list, and the demo refunded order is found by its state and exported as CSV with the list's search.
 */
describeBrowser('payment screens', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privatePem = String(privateKey.export({ format: 'pem', type: 'pkcs8' }))
  const publicPem = String(publicKey.export({ format: 'pem', type: 'spki' }))
  /** A stretch of the key's base64 body: were the key anywhere in the page, this would be too. */
  const keyPart = privatePem.split('\n').slice(3, 5).join('')
  let app: Appliance
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    app = await startAppliance()
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 }, acceptDownloads: true })
    page.setDefaultTimeout(8000)
    await signInUi(page, app.url, 'admin')
    await signedIn(page)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  const row = (text: string) => page.getByRole('row').filter({ hasText: text }).first()

  it.each([
    ['/pay/alipay', '支付宝（示例）'],
    ['/pay/wxpay', '微信支付（示例）'],
    ['/pay/merge', '电脑网页 / PC'],
    ['/pay/order', '已退款'],
    ['/pay/refund', '示例：学员申请退款'],
  ])('%s opens on its screen with the sample row and no serious accessibility violation', async (path, sample) => {
    await page.goto(`${app.url}${path}`)
    await row(sample).waitFor()
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
  })

  it('adds an Alipay account whose private key is never in the page again, and edits it keeping the key', async () => {
    await page.goto(`${app.url}/pay/alipay`)
    await row('支付宝（示例）').waitFor()
    await page.getByTestId('toolbar-add').click()
    const form = page.getByTestId('form-dialog')
    await form.waitFor()
    await form.getByLabel('配置名称').fill('学校支付宝')
    await form.getByLabel('应用ID').fill('2021000000000099')
    await form.getByLabel('应用私钥（留空不修改）').fill(privatePem)
    await form.getByLabel('支付宝公钥').fill(publicPem)
    // A new account starts with this appliance's own notify route, at the address the administrator is using.
    expect(await form.getByLabel('异步通知地址').inputValue()).toBe(`${app.url}/api/blade-pay/alipay/notify`)
    await form.getByLabel('异步通知地址').fill('https://school.example.com/api/blade-pay/alipay/notify')
    await page.getByTestId('form-submit').click()
    await form.waitFor({ state: 'hidden' })
    await row('学校支付宝').waitFor()
    expect(await page.content()).not.toContain(keyPart)

    // Editing starts with the key blank (the server never answers it) and saving leaves it as it was.
    await row('学校支付宝').getByTestId('row-edit').click()
    await form.waitFor()
    expect(await form.getByLabel('应用私钥（留空不修改）').inputValue()).toBe('')
    await form.getByLabel('配置名称').fill('学校支付宝（主）')
    await page.getByTestId('form-submit').click()
    await form.waitFor({ state: 'hidden' })
    await row('学校支付宝（主）').waitFor()
    expect(await page.content()).not.toContain(keyPart)
  })

  it("picks the merged config's Alipay account from the school's accounts", async () => {
    await page.goto(`${app.url}/pay/merge`)
    await row('电脑网页 / PC').getByTestId('row-edit').click()
    const form = page.getByTestId('form-dialog')
    await form.waitFor()
    await form.getByTestId('field-alipayConfigId').click()
    await page.getByRole('option', { name: '学校支付宝（主）' }).click()
    await page.getByTestId('form-submit').click()
    await form.waitFor({ state: 'hidden' })
    await row('电脑网页 / PC').getByText('学校支付宝（主）').waitFor()
  })

  /** Chooses an order state in the search bar and searches. */
  const searchState = async (state: string) => {
    await page.getByTestId('search-bar').getByTestId('field-status').click()
    await page.getByRole('option', { name: state }).click()
    await page.getByTestId('search-submit').click()
  }
  const exported = async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('order-export').click()])
    expect(download.suggestedFilename()).toBe('orders.csv')
    return readFileSync((await download.path())!, 'utf8')
  }

  it('finds the demo refunded order by its state (no refund offered) and exports what the search found', async () => {
    await page.goto(`${app.url}/pay/order`)
    await searchState('已退款')
    await expect.poll(() => page.url()).toContain('status=3')
    const refunded = row('已退款')
    await refunded.waitFor()
    expect(await refunded.getByTestId('row-refund').count()).toBe(0)
    const lines = (await exported()).trim().split('\r\n')
    expect(lines[0]).toContain('订单号')
    expect(lines.slice(1)).toEqual([expect.stringMatching(/99\.00,99\.00,alipay,已退款/)])

    await searchState('待支付')
    await expect.poll(() => page.url()).toContain('status=0')
    expect((await exported()).trim().split('\r\n')).toHaveLength(1)
  })

  it("refunds a paid order from its row: the server's refusal shown, then the refund listed", async () => {
    // A paid order of ¥49.00, arranged as a confirmed payment would leave it (the demo order, paid and not refunded).
    const id = `9${Date.now()}`
    const tradeNo = `A${id}`
    await applianceQuery(
      app.dataDir,
      `INSERT INTO blade_pay_order (id, tenant_id, status, is_deleted, create_time, update_time, out_trade_no,
         item_type, item_id, item_name, user_id, amount, refunded_amount, channel, pay_type, config_id,
         transaction_id, paid_time, expire_time)
       SELECT ?, tenant_id, 1, 0, create_time, update_time, ?, item_type, item_id, item_name, user_id, 4900, 0,
         channel, pay_type, config_id, ?, paid_time, expire_time
       FROM blade_pay_order WHERE tenant_id = '000000' AND status = 3`,
      [id, tradeNo, `T${id}`],
    )
    await page.goto(`${app.url}/pay/order`)
    await row(tradeNo).getByTestId('row-refund').click()
    const form = page.getByTestId('form-dialog')
    await form.getByText(`${tradeNo} · 可退 ¥49.00`).waitFor()
    const amount = form.getByTestId('field-amount')
    expect(await amount.inputValue()).toBe('49.00')
    await amount.fill('60')
    await form.getByLabel('退款原因').fill('学员申请退款')
    await page.getByTestId('form-submit').click()
    await form.getByText('退款金额必须在 0.01 元与可退金额 49.00 元之间').waitFor()
    await amount.fill('10')
    await page.getByTestId('form-submit').click()
    await form.waitFor({ state: 'hidden' })
    await page.getByText('退款已提交').first().waitFor()

    await page.goto(`${app.url}/pay/refund`)
    const refund = row('学员申请退款').filter({ hasNotText: '示例' })
    await refund.getByText(tradeNo).waitFor()
    await refund.getByText('10.00').waitFor()
  })
})
