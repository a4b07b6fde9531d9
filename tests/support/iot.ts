import { spawnSync, type ChildProcess } from 'node:child_process'
import { it } from 'vitest'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { BASIC } from './harness.ts'
import { freePorts, spawnServer, stopChild } from './server-process.ts'

/**
 * The real appliance process (server/main.ts) for broker tests: HTTP + MQTT on
 * free ports over a copy of the seeded template, restartable on the same data
 * directory and ports (to prove what survives a SIGKILL), with helpers that
 * drive its API over HTTP and connect real mqtt.js clients.
 */
export async function iotAppliance(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-iot-'))
  if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
  const ports = await freePorts()
  const { port, mqttPort } = ports
  const url = `http://127.0.0.1:${port}`
  const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`
  let child: ChildProcess

  // Restarts keep the ports, so clients reconnect to the same broker address.
  async function start() {
    child = (await spawnServer({ dataDir, env, ports, stdout: process.env.ATRIUM_TEST_STDOUT ? 'inherit' : 'ignore' }))
      .child
  }
  await start()

  const terminate = (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => stopChild(child, signal)

  async function call(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    query: Record<string, string> = {},
  ) {
    const u = new URL(url + path)
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v)
    const res = await fetch(u, {
      method,
      headers: {
        ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  async function token(account: string, password = account, tenantId = '000000') {
    const u = new URL(`${url}/api/blade-auth/oauth/token`)
    for (const [k, v] of Object.entries({
      tenantId,
      username: account,
      password: md5Hex(password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    }))
      u.searchParams.set(k, v)
    const res = await fetch(u, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': tenantId } })
    const body = (await res.json()) as any
    if (!body.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(body)}`)
    return { token: body.access_token as string, userId: body.user_id as string }
  }
  /** Creates a product and a device through the API; answers what a device needs to connect. */
  async function provision(adminToken: string, o: { keepAliveTime?: number; sn?: string } = {}) {
    const p = await call('POST', '/api/blade-product/product/submit', adminToken, {
      name: `产品 ${Math.random().toString(36).slice(2, 7)}`,
      categoryId: 1,
      keepAliveTime: o.keepAliveTime ?? 60,
    })
    if (p.status !== 200) throw new Error(JSON.stringify(p.body))
    const sn = o.sn ?? `sn-${Math.random().toString(36).slice(2, 9)}`
    const d = await call('POST', '/api/blade-device/device/submit', adminToken, {
      name: `设备 ${sn}`,
      productId: p.body.data.id,
      sn,
    })
    if (d.status !== 200) throw new Error(JSON.stringify(d.body))
    const s = await call('GET', '/api/blade-device/device/secret', adminToken, undefined, { id: d.body.data.id })
    return {
      productId: p.body.data.id as string,
      productKey: p.body.data.productKey as string,
      deviceId: d.body.data.id as string,
      sn,
      secret: s.body.data.secret as string,
      root: `dev/${p.body.data.productKey}/${sn}`,
      username: `${p.body.data.productKey}/${sn}`,
    }
  }
  /** A connected mqtt.js client, or the CONNACK refusal as an error. */
  function connect(opts: IClientOptions = {}): Promise<MqttClient> {
    return new Promise((ok, fail) => {
      const c = mqtt.connect(mqttUrl, { reconnectPeriod: 0, connectTimeout: 5000, ...opts })
      c.once('connect', () => ok(c))
      c.once('error', (e) => {
        c.end(true)
        fail(e)
      })
      c.once('close', () => fail(new Error('closed before CONNACK')))
    })
  }
  /** Uploads bytes through put-file (as the back office's upload control does); answers the put-file data. */
  async function upload(tk: string, name: string, bytes: Uint8Array<ArrayBuffer>, kind = 'firmware') {
    const form = new FormData()
    form.append('files', new Blob([bytes]), name)
    const res = await fetch(`${url}/api/blade-resource/oss/endpoint/put-file?kind=${kind}`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${tk}` },
      body: form,
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  /** A product with n devices (and their secrets), made through the API. */
  async function fleet(tk: string, n: number) {
    const first = await provision(tk)
    const devices = [first]
    for (let i = 1; i < n; i++) {
      const sn = `sn-${Math.random().toString(36).slice(2, 9)}`
      const d = await call('POST', '/api/blade-device/device/submit', tk, {
        name: `设备 ${sn}`,
        productId: first.productId,
        sn,
      })
      const s = await call('GET', '/api/blade-device/device/secret', tk, undefined, { id: d.body.data.id })
      devices.push({
        ...first,
        deviceId: d.body.data.id,
        sn,
        secret: s.body.data.secret,
        root: `dev/${first.productKey}/${sn}`,
        username: `${first.productKey}/${sn}`,
      })
    }
    return { productId: first.productId, productKey: first.productKey, devices }
  }
  const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0)

  return {
    url,
    mqttUrl,
    mqttPort,
    port,
    dataDir,
    call,
    token,
    provision,
    fleet,
    upload,
    connect,
    rssKb,
    get process() {
      return child
    },
    /** kill -9 and start again on the same data and ports. */
    async crashAndRestart() {
      await terminate('SIGKILL')
      await start()
    },
    /** Stops as an administrator would (SIGTERM) and starts again on the same data and ports. */
    async restart() {
      await terminate()
      await start()
    },
    async stop() {
      await terminate()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type IotAppliance = Awaited<ReturnType<typeof iotAppliance>>

/** Subscribes and answers the granted QoS per filter, straight from the SUBACK (128 = refused; mqtt.js reports any 128 as an error carrying the packet). */
export const subscribeGranted = (c: MqttClient, filters: string[], qos: 0 | 1 = 0) =>
  new Promise<number[]>((ok, fail) =>
    c.subscribe(filters, { qos }, (err, granted) => {
      const suback = (err as { packet?: { granted?: number[] } } | null)?.packet
      if (suback?.granted) ok(suback.granted)
      else if (err) fail(err)
      else ok((granted ?? []).map((g) => g.qos))
    }),
  )

/** Waits for the first message on a topic (or any matching predicate), failing after ms. */
export const nextMessage = (c: MqttClient, match: (topic: string) => boolean, ms = 5000) =>
  new Promise<{ topic: string; payload: Buffer }>((ok, fail) => {
    const timer = setTimeout(() => {
      c.off('message', on)
      fail(new Error('no message'))
    }, ms)
    function on(topic: string, payload: Buffer) {
      if (!match(topic)) return
      clearTimeout(timer)
      c.off('message', on)
      ok({ topic, payload })
    }
    c.on('message', on)
  })

export const closed = (c: MqttClient, ms = 5000) =>
  new Promise<boolean>((ok) => {
    if (!c.connected) return ok(true)
    const timer = setTimeout(() => ok(false), ms)
    c.once('close', () => {
      clearTimeout(timer)
      ok(true)
    })
  })

/** it() for tests that drive Debian's mosquitto clients: skipped with a printed reason when they are missing, a failure under CI. */
export function itMosquitto(name: string, body: () => unknown, timeout?: number) {
  const missing = spawnSync('mosquitto_pub', ['--help']).error
    ? 'mosquitto_pub not found (apt-get install -y mosquitto-clients)'
    : ''
  if (!missing) return it(name, body, timeout)
  if (process.env.CI)
    return it(name, () => {
      throw new Error(missing)
    })
  console.warn(`[skip] ${name}: ${missing}`)
  return it.skip(name, body)
}
