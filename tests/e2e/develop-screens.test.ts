import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { describeViolations, seriousViolations } from '../support/axe.ts'
import { BASIC } from '../support/harness.ts'
import {
  describeBrowser,
  launchBrowser,
  signedIn,
  signInUi,
  startAppliance,
  type Appliance,
} from '../support/browser.ts'

/**
 * The development tools (System → Development, issue #31) on a running appliance, as the platform administrator:
 * the built-in datasource, a model's field prototypes edited in the model screen and kept, and a code generation
 * downloaded as a zip from its row.
 */
describeBrowser('development tools screens', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  let token = ''
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return ((await res.json()) as { data: Record<string, unknown> }).data
  }
  let modelId = ''
  beforeAll(async () => {
    app = await startAppliance()
    const signIn = await fetch(
      `${app.url}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password&scope=all&type=account`,
      { method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' } },
    )
    token = ((await signIn.json()) as { access_token: string }).access_token
    const model = await api('POST', '/api/blade-develop/model/submit', {
      datasourceId: '1',
      modelName: '公告',
      modelNameEn: 'Bulletin',
      modelCode: 'bulletin',
      modelTable: 'blade_notice',
    })
    modelId = String(model.id)
    await api('POST', '/api/blade-develop/code/submit', {
      modelId,
      codeName: '公告栏',
      codeNameEn: 'Bulletins',
      serviceName: 'blade-bulletin',
      packageName: 'bulletins',
      tableName: 'blade_bulletin',
    })
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

  it('lists the built-in datasource', async () => {
    await page.goto(`${app.url}/develop/datasource`)
    await page.getByRole('row').filter({ hasText: '本机数据库' }).first().waitFor()
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
  })

  it('edits a model’s field prototypes, suggested from its table, and keeps them', async () => {
    await page.goto(`${app.url}/develop/model`)
    const row = page.getByRole('row').filter({ hasText: 'bulletin' }).first()
    await row.getByTestId('row-prototype').click()
    await page.getByTestId('prototype-title').waitFor()
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
    await page.getByLabel('title 中文标签').fill('公告标题')
    await page.getByTestId('prototype-save').click()
    await page.getByTestId('prototype-save').waitFor({ state: 'hidden' })
    const saved = (await api('GET', `/api/blade-develop/model/model-prototype?modelId=${modelId}`)) as unknown
    expect(saved).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyName: 'title', comment: '公告标题' })]),
    )
  })

  it('downloads the generated code from the row', async () => {
    await page.goto(`${app.url}/develop/code`)
    const row = page.getByRole('row').filter({ hasText: '公告栏' }).first()
    const download = page.waitForEvent('download', { timeout: 20_000 })
    await row.getByTestId('row-gen').click()
    expect((await download).suggestedFilename()).toBe('bulletins.zip')
  })
})
