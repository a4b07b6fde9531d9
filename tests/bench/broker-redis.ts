/**
 * The broker across processes (ATRIUM_REDIS_URL) beside one process with the SQLite persistence, same load:
 * P devices each publish M QoS 1 readings (each publish awaits its PUBACK) to their own telemetry topic
 * through process A, and the same device's second connection, subscribed at QoS 1 through process B, receives
 * them (one process: both connections on it). Counted when delivered; p50/p99 trip times; median of R rounds
 * after an untimed warm-up; the two setups take turns in each round.
 *
 * Env: BENCH_MQTT_PUBLISHERS (20), BENCH_MQTT_MESSAGES (per publisher, 2000), BENCH_MQTT_WARMUP (200),
 * BENCH_MQTT_ROUNDS (3). Needs Debian's redis-server. Run: bun tests/bench/broker-redis.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import mqtt, { type MqttClient } from 'mqtt'
import { device, product } from '../../db/schema/index.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { now } from '../../server/lib/time.ts'
import { freePort } from '../support/browser.ts'
import { startRedis } from '../support/redis.ts'

const PUBLISHERS = Number(process.env.BENCH_MQTT_PUBLISHERS ?? 20)
const MESSAGES = Number(process.env.BENCH_MQTT_MESSAGES ?? 2000)
const WARMUP = Number(process.env.BENCH_MQTT_WARMUP ?? 200)
const ROUNDS = Number(process.env.BENCH_MQTT_ROUNDS ?? 3)
const SECRET = 'bench-secret-0123456789'
const KEY = 'pbench'

const dir = mkdtempSync(join(tmpdir(), 'atrium-mqtt-redis-bench-'))
const children: ChildProcess[] = []
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
}

/** A data directory holding one product and P devices (all with the same secret). */
function seed(dataDir: string) {
  const services = boot(loadConfig({ ATRIUM_DATA_DIR: dataDir }), { logLevel: 'silent' })
  const productId = newId()
  services.db.transaction((tx) => {
    tx.insert(product)
      .values({
        id: productId,
        tenantId: '000000',
        name: 'bench',
        productKey: KEY,
        productSecret: 'x',
        keepAliveTime: 600,
        createTime: now(),
        updateTime: now(),
      })
      .run()
    for (let i = 0; i < PUBLISHERS; i++)
      tx.insert(device)
        .values({
          id: newId(),
          tenantId: '000000',
          name: `d${i}`,
          sn: `d${i}`,
          productId,
          secret: SECRET,
          createTime: now(),
          updateTime: now(),
        })
        .run()
  })
  closeDb(services.db)
}

/** An appliance process on dataDir; answers its MQTT port once it answers /api/health. */
async function appliance(dataDir: string, env: Record<string, string> = {}) {
  const [port, mqttPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      ATRIUM_DATA_DIR: dataDir,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(child)
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return mqttPort
    await sleep(100)
  }
  throw new Error('appliance did not start')
}

const client = (port: number, i: number, role: string): Promise<MqttClient> =>
  new Promise((ok, fail) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username: `${KEY}/d${i}`,
      password: SECRET,
      clientId: `${role}-${i}`,
      reconnectPeriod: 0,
      keepalive: 300,
    })
    c.once('connect', () => ok(c))
    c.once('error', fail)
  })

/** Publishers on pubPort, their subscribers on subPort: QoS 1 delivered per second and trip times. */
async function qos1(pubPort: number, subPort: number) {
  const pubs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => client(pubPort, i, 'pub')))
  const subs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => client(subPort, i, 'sub')))
  let latencies: number[] = []
  let [got, want] = [0, 0]
  let delivered = () => {}
  for (const [i, s] of subs.entries()) {
    await s.subscribeAsync(`dev/${KEY}/d${i}/telemetry`, { qos: 1 })
    s.on('message', (_t, payload) => {
      latencies.push(performance.now() - Number(payload.toString().slice(5, 25)))
      if (++got === want) delivered()
    })
  }
  await sleep(300)
  const round = async (count: number) => {
    ;[got, want, latencies] = [0, PUBLISHERS * count, []]
    const all = new Promise<void>((done) => (delivered = done))
    await Promise.all(
      pubs.map(async (c, i) => {
        for (let m = 0; m < count; m++)
          await c.publishAsync(
            `dev/${KEY}/d${i}/telemetry`,
            `{"t":${String(performance.now()).padEnd(20, '0').slice(0, 20)},"v":${m % 10}}`,
            { qos: 1 },
          )
      }),
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<boolean>((done) => (timer = setTimeout(done, 60_000, false)))
    return Promise.race([all.then(() => true), late]).finally(() => clearTimeout(timer))
  }
  if (WARMUP) await round(WARMUP)
  const t0 = performance.now()
  const finished = await round(MESSAGES)
  const seconds = (performance.now() - t0) / 1000
  ;[...pubs, ...subs].forEach((c) => c.end(true))
  await sleep(500)
  return { rate: got / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), delivered: got, finished }
}

if (spawnSync('redis-server', ['--version']).error) {
  console.log('[skip] broker across processes bench: redis-server not found (apt-get install -y redis-server)')
  process.exit(0)
}
const redis = await startRedis()
try {
  console.log(
    `Broker across processes: ${PUBLISHERS} devices × ${MESSAGES} QoS 1 messages (after ${WARMUP} untimed), median of ${ROUNDS} rounds; load average ${loadavg()[0].toFixed(1)}`,
  )
  const [shared, single] = [join(dir, 'shared'), join(dir, 'single')]
  seed(shared)
  seed(single)
  const a = await appliance(shared, { ATRIUM_REDIS_URL: redis.url })
  const b = await appliance(shared, { ATRIUM_REDIS_URL: redis.url })
  const one = await appliance(single)
  const runs: Record<string, Awaited<ReturnType<typeof qos1>>[]> = { redis: [], sqlite: [] }
  for (let r = 0; r < ROUNDS; r++) {
    runs.redis!.push(await qos1(a, b))
    runs.sqlite!.push(await qos1(one, one))
  }
  for (const [name, rs] of Object.entries(runs)) {
    const med = (k: 'rate' | 'p50' | 'p99') =>
      pct(
        rs.map((x) => x[k]),
        50,
      )
    console.log(
      `${name === 'redis' ? 'Redis, publish on A → deliver on B' : 'one process, SQLite persistence'}`.padEnd(38) +
        `${med('rate').toFixed(0).padStart(7)} msg/s   p50 ${med('p50').toFixed(1)} ms   p99 ${med('p99').toFixed(1)} ms   ${rs.every((x) => x.finished) ? 'all delivered' : 'MISSING messages'}`,
    )
  }
} finally {
  for (const c of children) c.kill('SIGTERM')
  await sleep(500)
  await redis.stop()
  rmSync(dir, { recursive: true, force: true })
}
