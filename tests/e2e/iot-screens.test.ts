import type { Browser, Page } from 'playwright-core'
import mqtt from 'mqtt'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { deviceFields } from '../../db/fields/iot'
import { rangeText, requiredText } from '../../db/fields/types'
import { describeBrowser, freePort, launchBrowser, signInUi, startAppliance, type Appliance } from '../support/browser'
import { apiCall, signedIn, tokenOf } from './pages-support'

/**
 * The IoT screens in Chromium: the device grid flips a card to online when a real MQTT device connects
 * (over the page's own broker connection, no reload); a device's page charts its telemetry and sends a
 * command the device answers; the OTA dialog starts a release and shows per-device progress.
 */
describeBrowser('IoT screens', () => {
  let app: Appliance
  let browser: Browser
  let page: Page
  let mqttPort: number
  let admin: string
  let demo: { id: string; sn: string; productId: string; productKey: string; secret: string }

  beforeAll(async () => {
    mqttPort = await freePort()
    app = await startAppliance({ MQTT_PORT: String(mqttPort) })
    admin = await tokenOf(app.url, 'admin')
    const devices = (await apiCall(app.url, admin, 'GET', '/api/blade-device/device/list', { size: '50' })).data.records
    const d = devices.find((x: any) => x.sn === 'sim-001')
    const p = (await apiCall(app.url, admin, 'GET', '/api/blade-product/product/detail', { id: d.productId })).data
    const secret = (await apiCall(app.url, admin, 'GET', '/api/blade-device/device/secret', { id: d.id })).data.secret
    demo = { id: d.id, sn: d.sn, productId: d.productId, productKey: p.productKey, secret }
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    await page.addInitScript(() => localStorage.setItem('atrium-lang', '"en"'))
    await signInUi(page, app.url, 'admin')
    await signedIn(page)
  })
  /** SCREENSHOT_DIR=… keeps a picture of each screen state for a person to look at. */
  const shot = async (name: string) => {
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/iot-${name}.png` })
  }
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it('a device card turns online when the device connects, without a reload', async () => {
    await page.goto(`${app.url}/iot/device`)
    const card = page.locator('.fui-Card', { hasText: 'sim-001' })
    await expect.poll(() => card.textContent()).toContain('Offline')
    const device = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
      username: `${demo.productKey}/${demo.sn}`,
      password: demo.secret,
      reconnectPeriod: 0,
    })
    await new Promise((ok) => device.once('connect', ok))
    device.subscribe(`dev/${demo.productKey}/${demo.sn}/command`, { qos: 1 })
    device.on('message', (_t, payload) => {
      const cmd = JSON.parse(payload.toString())
      device.publish(
        `dev/${demo.productKey}/${demo.sn}/command/reply`,
        JSON.stringify({ id: cmd.id, code: 0, data: { seconds: cmd.params.seconds } }),
        { qos: 1 },
      )
    })
    await expect.poll(() => card.textContent(), { timeout: 8000 }).toContain('Online')
    await shot('devices')

    // Its page: the telemetry chart has the seeded day of readings; a command goes out and its answer comes back.
    await card.click()
    await page.getByTestId('device-dialog').waitFor()
    await expect.poll(() => page.getByTestId('device-status').textContent()).toBe('Online')
    await page.getByTestId('tab-telemetry').click()
    await expect
      .poll(async () => Number(await page.getByTestId('telemetry-chart').getAttribute('data-points')))
      .toBeGreaterThanOrEqual(24)
    await shot('telemetry')
    await page.getByTestId('tab-command').click()
    await page.getByTestId('command-pick').click()
    await page.getByRole('option', { name: /setInterval/ }).click()
    await page.getByTestId('param-seconds').fill('1.5')
    await page.getByTestId('command-send').click()
    await expect.poll(() => page.getByTestId('command-records').textContent()).toBe('No data')
    await shot('command-invalid')
    await page.getByTestId('param-seconds').fill('15')
    await page.getByTestId('command-send').click()
    await expect
      .poll(() => page.getByTestId('command-records').textContent(), { timeout: 12_000 })
      .toContain('Answered')
    await expect.poll(() => page.getByTestId('command-records').textContent()).toContain('"seconds":15')
    await shot('command-answered')
    device.end(true)
    await expect.poll(() => page.getByTestId('device-status').textContent(), { timeout: 8000 }).toBe('Offline')
  })

  it("the OTA dialog starts a release and follows each device's progress as it is pushed", async () => {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(4096).fill(7)]), 'fw-1.1.0.bin')
    const up = (await (
      await fetch(`${app.url}/api/blade-resource/oss/endpoint/put-file?kind=firmware`, {
        method: 'POST',
        headers: { 'blade-auth': `bearer ${admin}` },
        body: form,
      })
    ).json()) as any
    const made = await apiCall(
      app.url,
      admin,
      'POST',
      '/api/blade-productOta/productOta/submit',
      {},
      { productId: demo.productId, firmVersion: '1.1.0', status: 2, firmFile: up.data.link, devices: demo.id },
    )
    expect(made.code).toBe(200)
    // The device keeps a persistent session subscribed to its OTA topic, then sleeps.
    const root = `dev/${demo.productKey}/${demo.sn}`
    const jobs: { otaId: string }[] = []
    const wake = async () => {
      const c = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
        username: `${demo.productKey}/${demo.sn}`,
        password: demo.secret,
        clientId: 'sim-ota',
        clean: false,
        reconnectPeriod: 0,
      })
      c.on('message', (_t, p) => jobs.push(JSON.parse(p.toString())))
      await new Promise((ok) => c.once('connect', ok))
      return c
    }
    const asleep = await wake()
    await asleep.subscribeAsync(`${root}/ota`, { qos: 1 })
    asleep.end(true)
    await page.goto(`${app.url}/iot/ota`)
    await page.getByTestId('row-progress').first().click()
    await page.getByTestId('ota-progress').waitFor()
    await expect.poll(() => page.getByTestId('ota-phase').getAttribute('data-phase')).toBe('draft')
    await page.getByTestId('ota-start').click()
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('ota-phase').getAttribute('data-phase')).toBe('grey')
    // The chosen device, waiting (it is offline); the dialog now hears the release's changes over the broker.
    await expect.poll(() => page.getByTestId('ota-task').count()).toBe(1)
    const task = page.getByTestId('ota-task').first()
    expect(await task.getAttribute('data-state')).toBe('pending')
    await expect.poll(() => page.getByTestId('ota-progress').getAttribute('data-live')).toBe('true')

    // The device wakes, is told, downloads and reports: each report shows without the 15 s safety refresh.
    const device = await wake()
    await expect.poll(() => jobs.length).toBe(1)
    const { otaId } = jobs[0]
    await expect.poll(() => task.getAttribute('data-state')).toBe('notified')
    await device.publishAsync(`${root}/ota/progress`, JSON.stringify({ otaId, state: 'downloading', progress: 40 }))
    await expect.poll(() => task.getAttribute('data-state'), { timeout: 3000 }).toBe('downloading')
    await expect.poll(() => task.textContent()).toContain('40%')
    await shot('ota-progress')
    await device.publishAsync(
      `${root}/ota/progress`,
      JSON.stringify({ otaId, state: 'failed', progress: 40, error: 'flash write failed' }),
    )
    await expect.poll(() => task.getAttribute('data-state'), { timeout: 3000 }).toBe('failed')
    await expect.poll(() => task.textContent()).toContain('flash write failed')
    // One failure of a one-device cohort passes the error threshold: the release stopped itself.
    await expect.poll(() => page.getByTestId('ota-phase').getAttribute('data-phase')).toBe('stopped')
    await shot('ota-stopped')
    device.end(true)
    await page.getByTestId('ota-cancel').click()
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => page.getByTestId('ota-phase').getAttribute('data-phase')).toBe('cancelled')
  })

  it('the device form checks what its field description (db/fields/iot.ts) says, in the page language', async () => {
    await page.goto(`${app.url}/iot/device`)
    await page.getByTestId('toolbar-add').click()
    const form = page.getByTestId('form-dialog')
    await form.getByTestId('form-submit').click()
    for (const f of [deviceFields.name, deviceFields.productId, deviceFields.sn])
      await form.getByText(requiredText(f)!.en, { exact: true }).waitFor()
    // The label carries the required mark ("Name *"): matched from its start.
    const input = (label: string) => form.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))
    await input(deviceFields.name.label.en).fill('Hall sensor')
    await input(deviceFields.sn.label.en).fill('s'.repeat(deviceFields.sn.max + 1))
    await form.getByText(`at most ${deviceFields.sn.max} characters`).waitFor()
    await input(deviceFields.sn.label.en).fill('room 1/#')
    await form.getByText(deviceFields.sn.pattern.message.en).waitFor()
    await expect.poll(() => form.getByText(requiredText(deviceFields.name)!.en).count()).toBe(0)
    // A latitude beyond ±90: the description's range, said by the form before the server would.
    await input(deviceFields.lat.label.en).fill('91')
    await input(deviceFields.lat.label.en).press('Tab')
    await form.getByText(rangeText(deviceFields.lat)!.en).waitFor()
    await shot('device-form')
    await page.keyboard.press('Escape')
    await expect.poll(() => form.count()).toBe(0)
  })
})
