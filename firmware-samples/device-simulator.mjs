#!/usr/bin/env node
// A campus device in software: connects to Atrium's broker, publishes telemetry
// every few seconds and prints the commands it is sent.
//   MQTT_URL=mqtt://localhost:1883 PRODUCT_KEY=demo DEVICE_SN=sim-001 node firmware-samples/device-simulator.mjs
// COUNT=n stops after n messages (tests use it).
import mqtt from 'mqtt'

const url = process.env.MQTT_URL ?? 'mqtt://localhost:1883'
const productKey = process.env.PRODUCT_KEY ?? 'demo'
const sn = process.env.DEVICE_SN ?? 'sim-001'
const every = Number(process.env.INTERVAL_MS ?? 5000)
const count = Number(process.env.COUNT ?? 0)
const base = `atrium/${productKey}/${sn}`

const client = mqtt.connect(url, { clientId: `${productKey}.${sn}`, will: { topic: `${base}/status`, payload: 'offline', retain: true } })
let sent = 0

client.on('connect', () => {
  console.log(`connected to ${url} as ${sn}`)
  client.publish(`${base}/status`, 'online', { retain: true })
  client.subscribe(`${base}/command`)
  const tick = () => {
    const reading = { sn, ts: Date.now(), temperature: +(20 + Math.random() * 8).toFixed(2), humidity: +(40 + Math.random() * 20).toFixed(1) }
    client.publish(`${base}/telemetry`, JSON.stringify(reading), { qos: 1 }, () => {
      sent++
      if (count && sent >= count) client.end()
    })
  }
  tick()
  if (count !== 1) setInterval(tick, every).unref()
})
client.on('message', (topic, payload) => console.log(`command on ${topic}: ${payload}`))
client.on('error', (e) => { console.error(`broker error: ${e.message}`); process.exitCode = 1 })
