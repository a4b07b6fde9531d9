/**
 * The MQTT load both broker benches drive (tests/bench/broker.ts: Atrium beside Mosquitto and aedes alone;
 * tests/bench/broker-redis.ts: across processes through Redis): one product with its devices seeded in a data
 * directory, device clients, and rounds of readings whose trip from publisher to subscriber is timed by a stamp
 * in the payload. One generator, so the two benches' figures come from the same clients, payloads and counting.
 */
import mqtt, { type MqttClient } from 'mqtt'
import { device, product } from '../../db/schema/index.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { now } from '../../server/lib/time.ts'
import { withTransaction } from '../../server/lib/transaction.ts'

/** Every bench device's secret, and the product key of their user names `<KEY>/d<i>`. */
export const SECRET = 'bench-secret-0123456789'
export const KEY = 'pbench'

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The p-th percentile of a list (nearest rank). */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
}

/** A data directory holding one product and `count` devices d0…d<count-1>, all with SECRET. */
export async function seedDevices(dataDir: string, count: number) {
  const services = await boot(loadConfig({ ATRIUM_DATA_DIR: dataDir }), { logLevel: 'silent' })
  const productId = newId()
  await withTransaction(services.db, async (tx) => {
    await tx.insert(product).values({
      id: productId,
      tenantId: '000000',
      name: 'bench',
      productKey: KEY,
      productSecret: 'x',
      keepAliveTime: 600,
      createTime: now(),
      updateTime: now(),
    })
    for (let i = 0; i < count; i++)
      await tx.insert(device).values({
        id: newId(),
        tenantId: '000000',
        name: `d${i}`,
        sn: `d${i}`,
        productId,
        secret: SECRET,
        createTime: now(),
        updateTime: now(),
      })
  })
  await closeDb(services.db)
}

/** A connected MQTT client (no reconnects, a long keep-alive). */
export const connectClient = (port: number, username: string, clientId: string): Promise<MqttClient> =>
  new Promise((ok, fail) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username,
      password: SECRET,
      clientId,
      reconnectPeriod: 0,
      keepalive: 300,
    })
    c.once('connect', () => ok(c))
    c.once('error', fail)
  })

/** A reading stamped with the time it was sent (the first 20 characters after `{"t":`). */
const reading = (m: number) =>
  `{"t":${String(performance.now()).padEnd(20, '0').slice(0, 20)},"temperature":${(20 + (m % 10)).toFixed(1)}}`

/**
 * Subscriber i listens on topic(i) and publisher i sends there (the same client may be both). `round(count)`:
 * every publisher sends `count` readings — at QoS 1 each awaiting its PUBACK, at QoS 0 yielding every 200 —
 * and it resolves true once all were delivered, false after 60 s; then `delivered()` and `latencies()` (ms,
 * publish to delivery) tell that round.
 */
export async function tripRounds(o: {
  pubs: MqttClient[]
  subs: MqttClient[]
  topic: (i: number) => string
  qos: 0 | 1
}) {
  let latencies: number[] = []
  let [got, want] = [0, 0]
  let done = () => {}
  for (const [i, s] of o.subs.entries()) {
    await s.subscribeAsync(o.topic(i), { qos: o.qos })
    s.on('message', (_t, payload) => {
      latencies.push(performance.now() - Number(payload.toString().slice(5, 25)))
      if (++got === want) done()
    })
  }
  await sleep(300)
  const round = async (count: number) => {
    ;[got, want, latencies] = [0, o.pubs.length * count, []]
    const all = new Promise<void>((resolve) => (done = resolve))
    await Promise.all(
      o.pubs.map(async (c, i) => {
        for (let m = 0; m < count; m++) {
          if (o.qos === 1) await c.publishAsync(o.topic(i), reading(m), { qos: 1 })
          else c.publish(o.topic(i), reading(m), { qos: 0 })
          if (o.qos === 0 && m % 200 === 199) await sleep(0)
        }
      }),
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, 60_000, false)))
    // The timer is cleared, or it would keep the bench alive a minute after its last round.
    return Promise.race([all.then(() => true), late]).finally(() => clearTimeout(timer))
  }
  return { round, delivered: () => got, latencies: () => latencies }
}
