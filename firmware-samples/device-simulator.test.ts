import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import mqtt from 'mqtt'
import pino from 'pino'
import { startBroker } from '../server/broker.ts'
import { freePort } from '../tests/support/browser.ts'

/** The simulator against the real embedded broker, watched by a real MQTT client. */
describe('device simulator', () => {
  it('announces itself and publishes telemetry the broker delivers to a subscriber', async () => {
    const port = await freePort()
    const broker = await startBroker(port, pino({ level: 'silent' }))
    const watcher = mqtt.connect(`mqtt://127.0.0.1:${port}`)
    const got: Record<string, string> = {}
    await new Promise<void>((ok) => watcher.on('connect', () => watcher.subscribe('atrium/demo/test-1/#', () => ok())))
    const arrived = new Promise<void>((ok) => watcher.on('message', (topic, payload) => {
      got[topic] = payload.toString()
      if (got['atrium/demo/test-1/telemetry']) ok()
    }))
    const sim = spawn('node', ['firmware-samples/device-simulator.mjs'], { env: { ...process.env, MQTT_URL: `mqtt://127.0.0.1:${port}`, DEVICE_SN: 'test-1', COUNT: '1' }, stdio: 'ignore' })
    await arrived
    await new Promise((r) => sim.once('exit', r))
    expect(got['atrium/demo/test-1/status']).toBe('online')
    const reading = JSON.parse(got['atrium/demo/test-1/telemetry'])
    expect(reading.sn).toBe('test-1')
    expect(typeof reading.temperature).toBe('number')
    watcher.end(true)
    await broker.close()
  })
})
