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
import { startAliyunSms } from '../support/sms-aliyun.ts'

/**
 * The SMS accounts screen (Resources → SMS, issue #29) on a running appliance: the sample account, an Aliyun account
 * added against the local stand-in, a message sent from the row's dialog and received, a wrong key's refusal shown
 * with Aliyun's reason, and enabling one.
 */
describeBrowser('SMS accounts screen', () => {
  const aliyun = startAliyunSms({ LTAIschool: 'aliyun-secret' })
  let app: Appliance
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    app = await startAppliance({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    page.setDefaultTimeout(8000)
    await signInUi(page, app.url, 'admin')
    await signedIn(page)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    await aliyun.stop()
  })

  const add = async (code: string, secret: string) => {
    await page.getByTestId('toolbar-add').click()
    const form = page.getByTestId('form-dialog')
    await form.waitFor()
    await form.getByLabel('资源编号').fill(code)
    await form.getByLabel('模板ID').fill('SMS_1001')
    await form.getByLabel('短信签名').fill('阿特里姆学校')
    await form.getByLabel('accessKey（留空不修改）').fill('LTAIschool')
    await form.getByLabel('secretKey（留空不修改）').fill(secret)
    await form.getByLabel('接口地址（留空为官方地址）').fill(aliyun.url)
    await page.getByTestId('form-submit').click()
    await form.waitFor({ state: 'hidden' })
  }
  const sendFrom = async (code: string, phone: string) => {
    const row = page.getByRole('row').filter({ hasText: code }).first()
    await row.getByTestId('row-send').click()
    const form = page.getByTestId('form-dialog')
    await form.waitFor()
    await form.getByLabel('手机号（逗号分隔）').fill(phone)
    await page.getByTestId('form-submit').click()
    return form
  }

  it('lists the sample account and adds one whose keys it never shows again', async () => {
    await page.goto(`${app.url}/resource/sms`)
    await page.getByRole('row').filter({ hasText: 'SMS_000000' }).first().waitFor()
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
    await add('school', 'aliyun-secret')
    await page.getByRole('row').filter({ hasText: 'school' }).first().waitFor()
    expect(await page.content()).not.toContain('aliyun-secret')
  })

  it('sends from the row: the stand-in receives it, signed with the stored keys', async () => {
    const form = await sendFrom('school', '13800000009')
    await form.waitFor({ state: 'hidden' })
    await page.getByText('短信已发送').first().waitFor()
    expect(aliyun.sent.at(-1)).toMatchObject({
      phones: ['13800000009'],
      templateCode: 'SMS_1001',
      params: { code: '123456' },
    })
  })

  it("shows Aliyun's reason when it refuses a wrong key", async () => {
    await add('wrong-key', 'not-the-secret')
    const form = await sendFrom('wrong-key', '13800000009')
    await page
      .getByText(/短信服务商拒绝发送：SignatureDoesNotMatch/)
      .first()
      .waitFor()
    await page.screenshot({ path: '/tmp/sms-refused.png' })
    // Refused, the dialog stays open with what was typed; cancelling closes it.
    expect(await form.getByLabel('手机号（逗号分隔）').inputValue()).toBe('13800000009')
    await form.getByRole('button', { name: '取消' }).click()
    await form.waitFor({ state: 'hidden' })
  })

  it('enables one account: its row shows it in use', async () => {
    const row = page.getByRole('row').filter({ hasText: 'school' }).first()
    await row.getByTestId('row-enable').click()
    await row.getByText('使用中').waitFor()
  })
})
