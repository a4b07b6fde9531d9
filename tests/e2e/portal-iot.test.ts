import type { Browser, Page } from 'playwright-core'
import mqtt from 'mqtt'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeViolations, seriousViolations } from '../support/axe'
import { describeBrowser, freePort, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { apiCall, signedIn, tokenOf } from './pages-support'

const CJK = /[\u3400-\u9fff]/

/**
 * The portal's IoT pages (spec portal §2) in Chromium: a guest browses the product catalogue, a product's
 * devices and one device (status, latest reading, telemetry chart; the page polls); a signed-in learner's
 * device page follows a real MQTT device over the page's one broker connection — it comes online and the
 * readings it publishes appear in the figures and the chart without a reload. zh and en, 1280 and 375 px,
 * no serious axe violation.
 */
describeBrowser('portal IoT pages', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  let mqttPort: number
  let demo: { id: string; sn: string; name: string; productId: string; productKey: string; secret: string }

  beforeAll(async () => {
    mqttPort = await freePort()
    app = await startAppliance({ MQTT_PORT: String(mqttPort) })
    const admin = await tokenOf(app.url, 'admin')
    const devices = (await apiCall(app.url, admin, 'GET', '/api/blade-device/device/list', { size: '50' })).data.records
    const d = devices.find((x: any) => x.sn === 'sim-001')
    const p = (await apiCall(app.url, admin, 'GET', '/api/blade-product/product/detail', { id: d.productId })).data
    const secret = (await apiCall(app.url, admin, 'GET', '/api/blade-device/device/secret', { id: d.id })).data.secret
    demo = { id: d.id, sn: d.sn, name: d.name, productId: d.productId, productKey: p.productKey, secret }
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
    page.setDefaultTimeout(10_000)
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })
  /** SCREENSHOT_DIR=… keeps a picture of each page for a person to look at. */
  const shot = async (name: string) => {
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/portal-iot-${name}.png`, fullPage: true })
  }
  const clean = async () => {
    const found = await seriousViolations(page)
    expect(found, describeViolations(found)).toEqual([])
  }

  it('a guest goes from the catalogue to a product’s devices to one device with its reading and chart (zh, 1280 px)', async () => {
    await page.goto(`${app.url}/home/iot`)
    const products = page.getByTestId('iot-products')
    await products.getByText('教室环境传感器').waitFor()
    await expect.poll(() => products.textContent()).toMatch(/0\/3 台在线/)
    await clean()
    await shot('catalogue')
    await products.getByText('教室环境传感器').click()
    await page.waitForURL(`**/home/iot-device?productId=${demo.productId}`)
    const devices = page.getByTestId('iot-devices')
    await devices.getByText(demo.name).waitFor()
    await clean()
    await devices.getByText(demo.name).click()
    await page.waitForURL(`**/home/iot-device-detail?id=${demo.id}`)
    const detail = page.getByTestId('iot-device-detail')
    await expect.poll(() => detail.getByTestId('portal-device-status').textContent()).toBe('离线')
    // A guest holds no broker connection: the page says it refreshes itself.
    expect(await detail.getByTestId('portal-device-live').textContent()).toBe('每 5 秒刷新')
    await expect
      .poll(async () => Number(await page.getByTestId('reading-temperature').textContent()))
      .toBeGreaterThan(0)
    // The seeded day of readings is on the chart.
    await expect
      .poll(async () => Number(await page.getByTestId('telemetry-chart').getAttribute('data-points')))
      .toBeGreaterThanOrEqual(24)
    await clean()
    await shot('device-guest')
    // Another numeric field redraws the chart.
    await page.getByTestId('telemetry-field-humidity').click()
    await expect.poll(() => page.getByTestId('telemetry-chart').getAttribute('aria-label')).toBe('humidity 的遥测曲线')
    // A device that does not exist is a clear message, not an empty page.
    await page.goto(`${app.url}/home/iot-device-detail?id=999999999`)
    await expect.poll(() => page.getByTestId('iot-device-missing').textContent()).toBe('找不到该设备')
    await page.getByRole('link', { name: '← 全部产品' }).waitFor()
  })

  it('a signed-in learner’s device page follows a real device live: online, then each reading it publishes (en, 375 px)', async () => {
    await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, 'student')
    await signedIn(page)
    await page.setViewportSize({ width: 375, height: 800 })
    // Signing in ends with the app's own redirect (to the portal document), which may interrupt a navigation.
    const open = `${app.url}/home/iot-device-detail?id=${demo.id}`
    await page.goto(open).catch(() => page.waitForTimeout(1000).then(() => page.goto(open)))
    const detail = page.getByTestId('iot-device-detail')
    await expect.poll(() => detail.getByTestId('portal-device-status').textContent()).toBe('Offline')
    // Subscribed over the page's broker connection: no more polling.
    await expect.poll(() => detail.getByTestId('portal-device-live').textContent()).toBe('Live')
    const chart = page.getByTestId('telemetry-chart')
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(24)
    const before = Number(await chart.getAttribute('data-points'))

    const device = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
      username: `${demo.productKey}/${demo.sn}`,
      password: demo.secret,
      reconnectPeriod: 0,
    })
    await new Promise((ok) => device.once('connect', ok))
    // Within the push window, far below the 5 s poll a guest's page would need.
    await expect.poll(() => detail.getByTestId('portal-device-status').textContent(), { timeout: 3000 }).toBe('Online')
    for (const [i, temperature] of [31.7, 32.4, 33.1].entries()) {
      await device.publishAsync(
        `dev/${demo.productKey}/${demo.sn}/telemetry`,
        JSON.stringify({ temperature, humidity: 40 + i }),
        { qos: 1 },
      )
      await expect
        .poll(() => page.getByTestId('reading-temperature').textContent(), { timeout: 3000 })
        .toBe(String(temperature))
      await expect.poll(() => chart.getAttribute('data-last'), { timeout: 3000 }).toBe(String(temperature))
    }
    expect(Number(await chart.getAttribute('data-points'))).toBe(Math.min(300, before + 3))
    // Nothing overflows the phone's width, and the English page shows no Chinese UI text.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    // (The school's own data — device name, product, address — stays as the school wrote it.)
    const ui = [demo.name, '教室环境传感器', '一号楼三层'].reduce(
      (t, data) => t.split(data).join(''),
      (await detail.textContent())!,
    )
    expect(ui).not.toMatch(CJK)
    await clean()
    await shot('device-live-375')

    device.end(true)
    await expect.poll(() => detail.getByTestId('portal-device-status').textContent(), { timeout: 8000 }).toBe('Offline')
    await page.setViewportSize({ width: 1280, height: 860 })
    await page.goto(`${app.url}/home/iot`)
    await page.getByTestId('iot-products').getByText('0 of 3 online').waitFor()
    await clean()
    await shot('catalogue-en')
  })
})
