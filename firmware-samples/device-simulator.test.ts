import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { iotAppliance, type IotAppliance } from '../tests/support/iot.ts'

/** The Node simulator against the real appliance: it signs in with its secret, reports telemetry and answers commands. */
let a: IotAppliance
let admin: string
const sims: ChildProcess[] = []

beforeAll(async () => {
  a = await iotAppliance()
  admin = (await a.token('admin')).token
}, 60_000)
afterAll(async () => {
  for (const s of sims) s.kill('SIGKILL')
  await a?.stop()
})

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 150))
  }
  return false
}

function simulate(dev: { productKey: string; sn: string; secret: string }, env: Record<string, string> = {}) {
  const out: string[] = []
  const sim = spawn('node', ['firmware-samples/device-simulator.mjs'], {
    env: {
      ...process.env,
      MQTT_URL: a.mqttUrl,
      PRODUCT_KEY: dev.productKey,
      DEVICE_SN: dev.sn,
      DEVICE_SECRET: dev.secret,
      INTERVAL_MS: '300',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  sim.stdout!.on('data', (d) => out.push(String(d)))
  sim.stderr!.on('data', (d) => out.push(String(d)))
  sims.push(sim)
  return { sim, out }
}

describe('device simulator', () => {
  it('signs in with its secret, goes online, stores telemetry and answers a command', async () => {
    const dev = await a.provision(admin)
    const { sim } = simulate(dev)
    const detail = async () =>
      (await a.call('GET', '/api/blade-device/device/detail', admin, undefined, { id: dev.deviceId })).body.data
    expect(await until(async () => (await detail()).status === 1)).toBe(true)
    expect(
      await until(
        async () =>
          (
            await a.call('GET', '/api/blade-deviceLog/deviceLog/list', admin, undefined, {
              deviceId: dev.deviceId,
              type: 'telemetry',
            })
          ).body.data.total >= 2,
      ),
    ).toBe(true)

    const cmd = await a.call('POST', '/api/blade-command/command/submit', admin, {
      productId: dev.productId,
      name: '重启',
      code: 'reboot',
      timeout: 5,
    })
    const r = await a.call('POST', '/api/blade-command/command/sendCommend', admin, {
      deviceId: dev.deviceId,
      commandId: cmd.body.data.id,
      params: {},
    })
    expect(r.body.data.state).toBe(2)
    expect(JSON.parse(r.body.data.answer)).toMatchObject({ method: 'reboot', version: '1.0.0' })

    sim.kill('SIGTERM')
    expect(await until(async () => (await detail()).status === 0)).toBe(true)
  }, 40_000)

  it('with a wrong secret it is refused and exits', async () => {
    const dev = await a.provision(admin)
    const { sim, out } = simulate({ ...dev, secret: 'wrong' })
    const code = await new Promise((r) => sim.once('exit', r))
    expect(code).toBe(1)
    expect(out.join('')).toMatch(/not authorized/i)
  }, 20_000)

  it('performs a firmware upgrade: downloads, checks the SHA-256, reports progress and runs the new version; OTA_FAIL=1 fails on purpose', async () => {
    const release = async (productId: string) => {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(150_000).fill(3)]), 'fw-1.2.0.bin')
      const up = (await (
        await fetch(`${a.url}/api/blade-resource/oss/endpoint/put-file?kind=firmware`, {
          method: 'POST',
          headers: { 'blade-auth': `bearer ${admin}` },
          body: form,
        })
      ).json()) as any
      const r = await a.call('POST', '/api/blade-productOta/productOta/submit', admin, {
        productId,
        firmVersion: '1.2.0',
        status: 1,
        firmFile: up.data.link,
        errorThreshold: 0,
      })
      return r.body.data.id as string
    }
    const phase = async (id: string) =>
      (await a.call('GET', '/api/blade-productOta/productOta/progress', admin, undefined, { id })).body.data
    const good = await a.provision(admin)
    const { out } = simulate(good)
    const detail = async (id: string) =>
      (await a.call('GET', '/api/blade-device/device/detail', admin, undefined, { id })).body.data
    expect(await until(async () => (await detail(good.deviceId)).status === 1)).toBe(true)
    const ok = await release(good.productId)
    await a.call('POST', '/api/blade-productOta/productOta/start', admin, undefined, { id: ok })
    expect(await until(async () => (await phase(ok)).ota.phase === 'done', 30_000)).toBe(true)
    expect((await detail(good.deviceId)).firmVersion).toBe('1.2.0')
    expect(out.join('')).toContain('now running 1.2.0')

    const bad = await a.provision(admin)
    simulate(bad, { OTA_FAIL: '1' })
    expect(await until(async () => (await detail(bad.deviceId)).status === 1)).toBe(true)
    const ko = await release(bad.productId)
    await a.call('POST', '/api/blade-productOta/productOta/start', admin, undefined, { id: ko })
    expect(await until(async () => (await phase(ko)).ota.phase === 'stopped', 30_000)).toBe(true)
    expect((await phase(ko)).tasks[0]).toMatchObject({ state: 'failed', error: 'flash write failed (OTA_FAIL=1)' })
    expect((await detail(bad.deviceId)).firmVersion).not.toBe('1.2.0')
  }, 90_000)
})
