import { afterAll, beforeAll, expect, it } from 'vitest'
import mqtt from 'mqtt'
import { closed, iotAppliance, nextMessage, subscribeGranted, type IotAppliance } from '../../../tests/support/iot.ts'
import { describeRedis, startRedis } from '../../../tests/support/redis.ts'

/*
 * The broker across processes (ATRIUM_REDIS_URL): two real appliance processes, A and B, on one data
 * directory and one redis-server. A device on one process gets what is sent through the other; what a
 * broker keeps (retained messages, a sleeping device's queued QoS 1 messages) is shared; the per-device
 * connection limit counts both processes' connections.
 */
let redis: Awaited<ReturnType<typeof startRedis>>
let a: IotAppliance
let b: IotAppliance
let admin: string

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}
const refused = (p: Promise<mqtt.MqttClient>) =>
  p.then(
    (c) => {
      c.end(true)
      return 'connected'
    },
    (e: { code?: number; message: string }) => e.code ?? e.message,
  )

async function commandFor(app: IotAppliance, productId: string, timeout: number) {
  const cmd = await app.call('POST', '/api/blade-command/command/submit', admin, {
    productId,
    name: '开关',
    code: 'switch',
    timeout,
  })
  expect(cmd.status).toBe(200)
  return cmd.body.data.id as string
}

describeRedis('the broker across processes (Redis)', () => {
  beforeAll(async () => {
    redis = await startRedis()
    a = await iotAppliance({ ATRIUM_REDIS_URL: redis.url })
    b = await iotAppliance({ ATRIUM_REDIS_URL: redis.url, ATRIUM_DATA_DIR: a.dataDir })
    admin = (await a.token('admin')).token
  }, 90_000)
  afterAll(async () => {
    await b?.stop()
    await a?.stop()
    await redis?.stop()
  })

  it('a command sent through B reaches the device on A, and B answers with the device’s reply at once', async () => {
    const dev = await a.provision(admin)
    // A timeout longer than this test may run: B answers because the reply reached it, not because it gave up.
    const commandId = await commandFor(a, dev.productId, 120)
    const c = await a.connect({ username: dev.username, password: dev.secret })
    expect(await subscribeGranted(c, [`${dev.root}/command`], 1)).toEqual([1])
    c.on('message', (_t, payload) => {
      const msg = JSON.parse(payload.toString())
      c.publish(`${dev.root}/command/reply`, JSON.stringify({ id: msg.id, ack: true }), { qos: 1 }, () =>
        c.publish(`${dev.root}/command/reply`, JSON.stringify({ id: msg.id, code: 0, data: { done: true } }), {
          qos: 1,
        }),
      )
    })
    const r = await b.call('POST', '/api/blade-command/command/sendCommend', admin, {
      deviceId: dev.deviceId,
      commandId,
    })
    expect(r.status).toBe(200)
    expect(r.body.data.state).toBe(2)
    expect(r.body.data.ackTime).toBeTruthy()
    expect(JSON.parse(r.body.data.answer)).toEqual({ done: true })
    c.end(true)
  }, 30_000)

  it('a QoS 1 message queued for a sleeping device that left A is delivered when it wakes on B', async () => {
    const dev = await a.provision(admin)
    const commandId = await commandFor(a, dev.productId, 1)
    const first = await a.connect({ username: dev.username, password: dev.secret, clientId: 'sleepy', clean: false })
    expect(await subscribeGranted(first, [`${dev.root}/command`], 1)).toEqual([1])
    first.end()
    await closed(first)
    const sent = await a.call('POST', '/api/blade-command/command/sendCommend', admin, {
      deviceId: dev.deviceId,
      commandId,
    })
    expect(sent.body.data.state).toBe(3)
    // Listening before CONNECT: the queued message follows the CONNACK at once.
    const woke = mqtt.connect(b.mqttUrl, {
      username: dev.username,
      password: dev.secret,
      clientId: 'sleepy',
      clean: false,
      reconnectPeriod: 0,
    })
    const msg = await nextMessage(woke, (t) => t === `${dev.root}/command`, 10_000)
    expect(JSON.parse(msg.payload.toString())).toMatchObject({ id: sent.body.data.id, method: 'switch' })
    woke.end(true)
  }, 30_000)

  it('a retained message published through A is received by a subscriber on B', async () => {
    const dev = await a.provision(admin)
    const pub = await a.connect({ username: dev.username, password: dev.secret, clientId: 'pub' })
    await new Promise<void>((ok, fail) =>
      pub.publish(`${dev.root}/event`, '{"event":"boot"}', { qos: 1, retain: true }, (e) => (e ? fail(e) : ok())),
    )
    pub.end()
    await closed(pub)
    const sub = await b.connect({ username: dev.username, password: dev.secret, clientId: 'sub' })
    const got = nextMessage(sub, (t) => t === `${dev.root}/event`)
    expect(await subscribeGranted(sub, [`${dev.root}/#`], 1)).toEqual([1])
    expect(JSON.parse((await got).payload.toString())).toEqual({ event: 'boot' })
    sub.end(true)
  }, 30_000)

  it('the per-device connection limit counts both processes; a freed slot is free on either; a client id still takes over', async () => {
    const dev = await a.provision(admin)
    const as = (clientId: string) => ({ username: dev.username, password: dev.secret, clientId })
    const one = await a.connect(as('one'))
    const two = await b.connect(as('two'))
    // MQTT_MAX_CONNECTIONS_PER_DEVICE is 2: a third is refused (CONNACK 5) whichever process it reaches.
    expect(await refused(a.connect(as('three')))).toBe(5)
    expect(await refused(b.connect(as('three')))).toBe(5)
    // The same client id on the other process takes over (MQTT-3.1.4-2): the old connection on A is closed.
    const oneAgain = await b.connect(as('one'))
    expect(await closed(one)).toBe(true)
    expect(await refused(a.connect(as('three')))).toBe(5)
    // A connection that ends gives its slot back to both processes.
    two.end()
    await closed(two)
    let three: mqtt.MqttClient | undefined
    expect(
      await until(async () => {
        three = await a.connect(as('three')).catch(() => undefined)
        return !!three
      }),
    ).toBe(true)
    oneAgain.end(true)
    three?.end(true)
  }, 30_000)

  it('rotating a device’s secret through B ends its connection on A', async () => {
    const dev = await a.provision(admin)
    const c = await a.connect({ username: dev.username, password: dev.secret })
    const r = await b.call('POST', '/api/blade-device/device/rotate-secret', admin, undefined, { id: dev.deviceId })
    expect(r.status).toBe(200)
    expect(await closed(c)).toBe(true)
  }, 30_000)

  it('a browser connected to A is listed on B (client-info) until it closes; each school sees only its own', async () => {
    const list = async () =>
      (await b.call('GET', '/api/blade-websocket/client-info/list', admin)).body.data as {
        account: string
        connections: number
      }[]
    const teacher = await a.token('teacher')
    const one = await a.connect({ username: 'teacher', password: teacher.token })
    const two = await a.connect({ username: 'teacher', password: teacher.token })
    expect(await until(async () => (await list()).some((u) => u.account === 'teacher' && u.connections === 2))).toBe(
      true,
    )
    // Another school's administrator sees none of this school's browsers.
    const other = await b.call(
      'GET',
      '/api/blade-websocket/client-info/list',
      (await b.token('admin', 'admin', '100001')).token,
    )
    expect(other.status).toBe(200)
    expect(other.body.data.map((u: { account: string }) => u.account)).not.toContain('teacher')
    one.end(true)
    two.end(true)
    expect(await until(async () => !(await list()).some((u) => u.account === 'teacher'))).toBe(true)
  }, 30_000)
})
