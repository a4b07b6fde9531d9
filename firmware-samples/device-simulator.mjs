#!/usr/bin/env node
// A campus device in software. It signs in to Atrium's broker with its product
// key, serial number and its own secret, publishes telemetry, answers commands
// and performs firmware upgrades (download, SHA-256 check, progress, "reboot").
//
//   MQTT_URL=mqtt://localhost:1883 PRODUCT_KEY=<key> DEVICE_SN=<sn> DEVICE_SECRET=<secret> \
//     node firmware-samples/device-simulator.mjs
//
// INTERVAL_MS (5000) between readings; COUNT=n stops after n readings when nothing else is going on;
// FIRMWARE (1.0.0) the version it starts with; OTA_FAIL=1 fails every upgrade on purpose (after the
// download, as a device whose flash write fails); CLIENT_ID / CLEAN=0 keep a persistent session.
import mqtt from 'mqtt'
import { createHash } from 'node:crypto'

const url = process.env.MQTT_URL ?? 'mqtt://localhost:1883'
const productKey = process.env.PRODUCT_KEY ?? ''
const sn = process.env.DEVICE_SN ?? ''
const secret = process.env.DEVICE_SECRET ?? ''
const every = Number(process.env.INTERVAL_MS ?? 5000)
const count = Number(process.env.COUNT ?? 0)
const failOta = process.env.OTA_FAIL === '1'
let version = process.env.FIRMWARE ?? '1.0.0'
const root = `dev/${productKey}/${sn}`

if (!productKey || !sn || !secret) {
  console.error(
    'PRODUCT_KEY, DEVICE_SN and DEVICE_SECRET are required (the device secret is shown on its page in the back office)',
  )
  process.exit(2)
}

const client = mqtt.connect(url, {
  username: `${productKey}/${sn}`,
  password: secret,
  clientId: process.env.CLIENT_ID ?? `sim-${sn}`,
  clean: process.env.CLEAN !== '0',
  reconnectPeriod: 2000,
  will: { topic: `${root}/event`, payload: JSON.stringify({ event: 'lost' }), qos: 1, retain: false },
})
let sent = 0
let busy = 0
const say = (line) => console.log(`[${sn}] ${line}`)
const publish = (channel, body, qos = 1) =>
  new Promise((ok) => client.publish(`${root}/${channel}`, JSON.stringify(body), { qos }, () => ok()))
const maybeStop = () => {
  if (count && sent >= count && busy === 0) client.end()
}

client.on('connect', () => {
  say(`connected to ${url}, firmware ${version}`)
  client.subscribe([`${root}/command`, `${root}/ota`], { qos: 1 }, (err, granted) => {
    if (err || granted.some((g) => g.qos === 128)) say('subscription refused')
  })
  publish('event', { event: 'boot', version })
  const tick = async () => {
    if (count && sent >= count) return
    await publish('telemetry', {
      ts: Date.now(),
      temperature: +(20 + Math.random() * 8).toFixed(2),
      humidity: +(40 + Math.random() * 20).toFixed(1),
      version,
    })
    sent++
    maybeStop()
  }
  tick()
  if (count !== 1) setInterval(tick, every).unref()
})

client.on('message', (topic, payload) => {
  let msg
  try {
    msg = JSON.parse(payload.toString())
  } catch {
    return say(`unreadable message on ${topic}`)
  }
  if (topic === `${root}/command`) return answer(msg)
  if (topic === `${root}/ota`) return upgrade(msg)
})

/** A command: acknowledge at once, then answer with what was done. */
async function answer(cmd) {
  busy++
  say(`command ${cmd.method} ${JSON.stringify(cmd.params ?? {})}`)
  await publish('command/reply', { id: cmd.id, ack: true })
  await publish('command/reply', { id: cmd.id, code: 0, data: { method: cmd.method, ...cmd.params, version } })
  busy--
  maybeStop()
}

/** An upgrade: {otaId, version, url, sha256, size}. Progress goes up on ota/progress. */
async function upgrade(job) {
  busy++
  const report = (state, progress, extra = {}) =>
    publish('ota/progress', { otaId: job.otaId, state, progress, ...extra })
  try {
    say(`upgrade to ${job.version} from ${job.url}`)
    await report('downloading', 0)
    const res = await fetch(job.url)
    if (!res.ok) throw new Error(`download failed: HTTP ${res.status}`)
    const total = Number(res.headers.get('content-length') ?? job.size ?? 0)
    const hash = createHash('sha256')
    let got = 0,
      lastShown = 0
    for await (const chunk of res.body) {
      hash.update(chunk)
      got += chunk.length
      const pct = total ? Math.min(99, Math.floor((got / total) * 100)) : 50
      if (pct - lastShown >= 25) {
        lastShown = pct
        await report('downloading', pct)
      }
    }
    await report('verifying', 100)
    const sum = hash.digest('hex')
    if (job.sha256 && sum !== job.sha256) throw new Error(`checksum mismatch: ${sum}`)
    if (failOta) throw new Error('flash write failed (OTA_FAIL=1)')
    // "Reboot": the new version is what the device runs and reports from now on.
    version = job.version
    await report('success', 100, { version })
    say(`now running ${version}`)
  } catch (e) {
    say(`upgrade failed: ${e.message}`)
    await report('failed', 0, { error: e.message })
  }
  busy--
  maybeStop()
}

client.on('error', (e) => {
  console.error(`broker error: ${e.message}`)
  process.exitCode = 1
  if (/not authorized|Not authorized/i.test(e.message)) client.end(true)
})
