import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect as tcpConnect } from 'node:net'
import mqtt from 'mqtt'
import mqttPacket from 'mqtt-packet'
import { closed, iotAppliance, nextMessage, subscribeGranted, type IotAppliance } from '../../../tests/support/iot.ts'
import { applianceQuery } from '../../../tests/support/server-process.ts'

/*
 * A device's life against the real appliance process: online/offline from
 * connect, disconnect, last will and keep-alive expiry; telemetry kept as
 * device logs; commands answered, acknowledged or timed out; a QoS 1 command
 * to a sleeping device delivered after the server is killed with SIGKILL.
 */
let a: IotAppliance
let admin: string

const status = async (id: string) =>
  (await a.call('GET', '/api/blade-device/device/detail', admin, undefined, { id })).body.data
const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

beforeAll(async () => {
  a = await iotAppliance()
  admin = (await a.token('admin')).token
}, 60_000)
afterAll(() => a?.stop())

describe('presence', () => {
  it('status flips to 1 on connect (activeTime set) and back to 0 on disconnect; staff watching the tenant see both live', async () => {
    const dev = await a.provision(admin)
    expect((await status(dev.deviceId)).status).toBe(0)
    const watcher = await a.connect({ username: 'browser', password: admin })
    expect(await subscribeGranted(watcher, ['tenant/000000/device/+/status'])).toEqual([0])
    const online = nextMessage(watcher, (t) => t === `tenant/000000/device/${dev.deviceId}/status`)
    const c = await a.connect({ username: dev.username, password: dev.secret })
    expect(JSON.parse((await online).payload.toString()).status).toBe(1)
    const d = await status(dev.deviceId)
    expect(d.status).toBe(1)
    expect(d.activeTime).toMatch(/^\d{4}-\d{2}-\d{2} /)
    const offline = nextMessage(watcher, (t) => t === `tenant/000000/device/${dev.deviceId}/status`)
    c.end()
    expect(JSON.parse((await offline).payload.toString()).status).toBe(0)
    expect((await status(dev.deviceId)).status).toBe(0)
    watcher.end(true)
  })

  it('keep-alive expiry: a device silent past its product keepAliveTime goes offline, and its last will is published', async () => {
    const dev = await a.provision(admin, { keepAliveTime: 5 })
    // A raw socket that connects (asking for keep-alive 0 = never; the product allows 5 s) and then says nothing.
    const sock = tcpConnect(a.mqttPort, '127.0.0.1')
    sock.resume()
    sock.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clientId: 'silent',
        clean: true,
        keepalive: 0,
        username: dev.username,
        password: Buffer.from(dev.secret),
        will: { topic: `${dev.root}/event`, payload: Buffer.from('{"event":"gone"}'), qos: 0, retain: false },
      }),
    )
    expect(await until(async () => (await status(dev.deviceId)).status === 1)).toBe(true)
    const t0 = Date.now()
    await new Promise((r) => sock.once('close', r))
    // aedes allows 1.5 × the keep-alive: 7.5 s for 5 s.
    expect(Date.now() - t0).toBeGreaterThan(6000)
    expect(await until(async () => (await status(dev.deviceId)).status === 0)).toBe(true)
    // The will went out as the device's event and was kept in its log, beside the keep-alive expiry.
    expect(
      await until(async () => {
        const events = (
          await a.call('GET', '/api/blade-deviceLog/deviceLog/list', admin, undefined, {
            deviceId: dev.deviceId,
            type: 'event',
          })
        ).body.data.records
        const seen = events.map((r: any) => JSON.parse(r.content).event)
        return seen.includes('gone') && seen.includes('keepalive-timeout')
      }),
    ).toBe(true)
  }, 20_000)

  it('telemetry is stored as device logs the API filters, and a numeric field comes back as a series', async () => {
    const dev = await a.provision(admin)
    const c = await a.connect({ username: dev.username, password: dev.secret })
    for (const t of [21.5, 22, 22.5])
      await c.publishAsync(`${dev.root}/telemetry`, JSON.stringify({ temperature: t, humidity: 40 }), { qos: 1 })
    // Quotes, backslashes, line breaks and Chinese come back as sent (the batch's JSON is put together by hand).
    const note = '门 "开"\\了\n'
    await c.publishAsync(`${dev.root}/event`, JSON.stringify({ event: 'door-open', note }), { qos: 1 })
    c.end()
    const list = async (type: string) =>
      (await a.call('GET', '/api/blade-deviceLog/deviceLog/list', admin, undefined, { deviceId: dev.deviceId, type }))
        .body.data
    let logs: any
    let events: any
    // The writer stores logs in batches: the event may land in a later batch than the readings before it.
    expect(
      await until(async () => {
        logs = await list('telemetry')
        events = await list('event')
        return logs.total === 3 && events.total === 1
      }),
    ).toBe(true)
    expect(JSON.parse(logs.records[0].content).humidity).toBe(40)
    expect(events.records.map((r: any) => JSON.parse(r.content))).toContainEqual({ event: 'door-open', note })
    const series = (
      await a.call('GET', '/api/blade-deviceLog/deviceLog/series', admin, undefined, {
        deviceId: dev.deviceId,
        field: 'temperature',
      })
    ).body.data
    expect(series.map((p: any) => p.value)).toEqual([21.5, 22, 22.5])
    const bad = await a.call('GET', '/api/blade-deviceLog/deviceLog/series', admin, undefined, {
      deviceId: dev.deviceId,
      field: "x') or 1=1 --",
    })
    expect(bad.status).toBe(400)
  })
})

describe('commands', () => {
  async function commandFor(productId: string, timeout = 3) {
    const cmd = await a.call('POST', '/api/blade-command/command/submit', admin, {
      productId,
      name: '开关',
      code: 'switch',
      timeout,
    })
    expect(cmd.status).toBe(200)
    const p = await a.call('POST', '/api/blade-command/commandDetail/submit', admin, {
      commandId: cmd.body.data.id,
      name: '状态',
      code: 'on',
      type: 'bool',
      required: 1,
    })
    expect(p.status).toBe(200)
    return cmd.body.data.id as string
  }

  /** A device connected and subscribed to its commands, a command of its product, and sendCommend for the two. */
  async function commandable(timeout?: number) {
    const dev = await a.provision(admin)
    const commandId = await commandFor(dev.productId, timeout)
    const c = await a.connect({ username: dev.username, password: dev.secret })
    await subscribeGranted(c, [`${dev.root}/command`], 1)
    const send = (params: Record<string, unknown> = { on: 'true' }) =>
      a.call('POST', '/api/blade-command/command/sendCommend', admin, { deviceId: dev.deviceId, commandId, params })
    return { dev, commandId, c, send }
  }

  it('sendCommend publishes to the device, which acknowledges and answers; the record holds both', async () => {
    const { dev, commandId, c, send } = await commandable()
    c.on('message', (_t, payload) => {
      const msg = JSON.parse(payload.toString())
      c.publish(`${dev.root}/command/reply`, JSON.stringify({ id: msg.id, ack: true }), { qos: 1 })
      setTimeout(
        () =>
          c.publish(
            `${dev.root}/command/reply`,
            JSON.stringify({ id: msg.id, code: 0, data: { on: msg.params.on, method: msg.method } }),
            { qos: 1 },
          ),
        100,
      )
    })
    const r = await send()
    expect(r.status).toBe(200)
    expect(r.body.data.state).toBe(2)
    expect(r.body.data.ackTime).toBeTruthy()
    expect(JSON.parse(r.body.data.answer)).toEqual({ on: true, method: 'switch' })
    const bad = await send({ on: 'maybe' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('on')
    const listed = await a.call('GET', '/api/blade-command/command/getCommandByDeviceId', admin, undefined, {
      deviceId: dev.deviceId,
    })
    expect(listed.body.data.map((x: any) => x.id)).toContain(commandId)
    c.end(true)
  })

  it('an answer that arrives without (or before) its ack still records when the device had the command', async () => {
    const { dev, c, send } = await commandable()
    c.on('message', (_t, payload) => {
      const msg = JSON.parse(payload.toString())
      c.publish(`${dev.root}/command/reply`, JSON.stringify({ id: msg.id, code: 0, data: { done: 1 } }), { qos: 1 })
    })
    const r = await send()
    expect(r.body.data.state).toBe(2)
    expect(r.body.data.ackTime).toBe(r.body.data.answerTime)
    c.end(true)
  })

  it('an answer recorded where no announcement reaches the waiting request still ends its wait', async () => {
    const { c, send } = await commandable(60)
    // As another process would, whose announcement was lost: the answer is written to the record, nothing is said.
    c.on(
      'message',
      (_t, payload) =>
        void applianceQuery(
          a.dataDir,
          `update blade_command_record set state = 2, answer = '{"late":1}' where id = ?`,
          [JSON.parse(payload.toString()).id],
        ),
    )
    const t = Date.now()
    const r = await send()
    expect(r.body.data.state).toBe(2)
    expect(JSON.parse(r.body.data.answer)).toEqual({ late: 1 })
    expect(Date.now() - t).toBeLessThan(30_000)
    c.end(true)
  })

  it('a device that never answers: the record times out', async () => {
    const { c, send } = await commandable(1)
    const r = await send({ on: true })
    expect(r.body.data.state).toBe(3)
    c.end(true)
  })

  it('a browser watching a device gets its readings in order, at most the last 20 of each batch', async () => {
    const dev = await a.provision(admin)
    const watcher = await a.connect({ username: 'browser', password: admin })
    const topic = `tenant/000000/device/${dev.deviceId}/telemetry`
    expect(await subscribeGranted(watcher, [topic])).toEqual([0])
    const seen: number[][] = []
    const last = new Promise<void>((done) =>
      watcher.on('message', (t, payload) => {
        if (t !== topic) return
        const n = JSON.parse(payload.toString()).readings.map((r: any) => r.data.n)
        seen.push(n)
        if (n.at(-1) === 99) done()
      }),
    )
    const c = await a.connect({ username: dev.username, password: dev.secret })
    // A reading that is not a JSON object is stored but not forwarded (it would show as a reading without n).
    c.publish(`${dev.root}/telemetry`, 'not json', { qos: 0 })
    for (let i = 0; i < 100; i++) c.publish(`${dev.root}/telemetry`, JSON.stringify({ n: i }), { qos: 0 })
    await last
    for (const batch of seen) {
      expect(batch.length).toBeLessThanOrEqual(20)
      expect(batch).toEqual([...batch].sort((x, y) => x - y))
    }
    expect(seen.flat().every((n) => typeof n === 'number')).toBe(true)
    expect(seen.flat()).toEqual([...new Set(seen.flat())].sort((x, y) => x - y))
    c.end(true)
    watcher.end(true)
  })

  it('readings still gathering when the appliance stops are written before it exits', async () => {
    const dev = await a.provision(admin)
    const c = await a.connect({ username: dev.username, password: dev.secret })
    for (let i = 0; i < 300; i++) await c.publishAsync(`${dev.root}/telemetry`, JSON.stringify({ n: i }), { qos: 1 })
    c.end(true)
    // At once: the last readings are still waiting for the next batch when SIGTERM arrives.
    await a.restart()
    admin = (await a.token('admin')).token
    const logs = (
      await a.call('GET', '/api/blade-deviceLog/deviceLog/series', admin, undefined, {
        deviceId: dev.deviceId,
        field: 'n',
      })
    ).body.data
    expect(logs.map((p: any) => p.value).sort((x: number, y: number) => x - y)).toEqual(
      Array.from({ length: 300 }, (_, i) => i),
    )
  }, 40_000)

  it('a QoS 1 command to a sleeping device is delivered when it wakes, even after the server is killed with SIGKILL', async () => {
    const dev = await a.provision(admin)
    const commandId = await commandFor(dev.productId, 1)
    // The device keeps a persistent session subscribed to its commands, then sleeps.
    const first = await a.connect({ username: dev.username, password: dev.secret, clientId: 'sleepy', clean: false })
    expect(await subscribeGranted(first, [`${dev.root}/command`], 1)).toEqual([1])
    first.end()
    await closed(first)
    const sent = await a.call('POST', '/api/blade-command/command/sendCommend', admin, {
      deviceId: dev.deviceId,
      commandId,
      params: { on: true },
    })
    expect(sent.body.data.state).toBe(3)
    await a.crashAndRestart()
    // Listening before CONNECT: the queued message follows the CONNACK at once.
    const woke = mqtt.connect(a.mqttUrl, {
      username: dev.username,
      password: dev.secret,
      clientId: 'sleepy',
      clean: false,
      reconnectPeriod: 0,
    })
    const msg = await nextMessage(woke, (t) => t === `${dev.root}/command`, 10_000)
    expect(JSON.parse(msg.payload.toString())).toMatchObject({
      id: sent.body.data.id,
      method: 'switch',
      params: { on: true },
    })
    // A late answer is still recorded.
    woke.publish(`${dev.root}/command/reply`, JSON.stringify({ id: sent.body.data.id, code: 0, data: { on: true } }), {
      qos: 1,
    })
    admin = (await a.token('admin')).token
    expect(
      await until(async () => {
        const recs = (
          await a.call('GET', '/api/blade-command/command/records', admin, undefined, { deviceId: dev.deviceId })
        ).body.data
        return recs[0]?.state === 2
      }),
    ).toBe(true)
    woke.end(true)
  }, 40_000)
})
