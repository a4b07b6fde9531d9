/**
 * The broker across processes (ATRIUM_REDIS_URL) beside one process with the SQLite persistence, same load:
 * P devices each publish M QoS 1 readings (each publish awaits its PUBACK) to their own telemetry topic
 * through process A, and the same device's second connection, subscribed at QoS 1 through process B, receives
 * them (one process: both connections on it). Counted when delivered; p50/p99 trip times; median of R rounds
 * after an untimed warm-up; the two setups take turns in each round.
 *
 * Env: BENCH_MQTT_PUBLISHERS (20), BENCH_MQTT_MESSAGES (per publisher, 2000), BENCH_MQTT_WARMUP (200),
 * BENCH_MQTT_ROUNDS (3). Needs Debian's redis-server. Run: bun tests/bench/broker-redis.ts (also part of npm run bench;
 * it prints the ratio of the two, without a target).
 */
import { spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnServer } from '../support/server-process.ts'
import { startRedis } from '../support/redis.ts'
import { connectClient, KEY, pct, seedDevices, sleep, tripRounds } from './mqtt-load.ts'

const PUBLISHERS = Number(process.env.BENCH_MQTT_PUBLISHERS ?? 20)
const MESSAGES = Number(process.env.BENCH_MQTT_MESSAGES ?? 2000)
const WARMUP = Number(process.env.BENCH_MQTT_WARMUP ?? 200)
const ROUNDS = Number(process.env.BENCH_MQTT_ROUNDS ?? 3)

const dir = mkdtempSync(join(tmpdir(), 'atrium-mqtt-redis-bench-'))
const children: ChildProcess[] = []

/** An appliance process on dataDir; answers its MQTT port once it answers /api/health. */
async function appliance(dataDir: string, env: Record<string, string> = {}) {
  const { mqttPort, child } = await spawnServer({ dataDir, env: { LOG_LEVEL: 'error', ...env } })
  children.push(child)
  return mqttPort
}

/** Device i's connection on a process, as publisher or subscriber (its client id says which). */
const client = (port: number, i: number, role: string) => connectClient(port, `${KEY}/d${i}`, `${role}-${i}`)

/** Publishers on pubPort, their subscribers on subPort: QoS 1 delivered per second and trip times. */
async function qos1(pubPort: number, subPort: number) {
  const pubs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => client(pubPort, i, 'pub')))
  const subs = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => client(subPort, i, 'sub')))
  const load = await tripRounds({ pubs, subs, topic: (i) => `dev/${KEY}/d${i}/telemetry`, qos: 1 })
  if (WARMUP) await load.round(WARMUP)
  const t0 = performance.now()
  const finished = await load.round(MESSAGES)
  const seconds = (performance.now() - t0) / 1000
  ;[...pubs, ...subs].forEach((c) => c.end(true))
  await sleep(500)
  const [got, latencies] = [load.delivered(), load.latencies()]
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
  await seedDevices(shared, PUBLISHERS)
  await seedDevices(single, PUBLISHERS)
  const a = await appliance(shared, { ATRIUM_REDIS_URL: redis.url })
  const b = await appliance(shared, { ATRIUM_REDIS_URL: redis.url })
  const one = await appliance(single)
  const runs: Record<string, Awaited<ReturnType<typeof qos1>>[]> = { redis: [], sqlite: [] }
  for (let r = 0; r < ROUNDS; r++) {
    runs.redis!.push(await qos1(a, b))
    runs.sqlite!.push(await qos1(one, one))
  }
  const med = (rs: Awaited<ReturnType<typeof qos1>>[], k: 'rate' | 'p50' | 'p99') =>
    pct(
      rs.map((x) => x[k]),
      50,
    )
  for (const [name, rs] of Object.entries(runs)) {
    console.log(
      `${name === 'redis' ? 'Redis, publish on A → deliver on B' : 'one process, SQLite persistence'}`.padEnd(38) +
        `${med(rs, 'rate').toFixed(0).padStart(7)} msg/s   p50 ${med(rs, 'p50').toFixed(1)} ms   p99 ${med(rs, 'p99').toFixed(1)} ms   ${rs.every((x) => x.finished) ? 'all delivered' : 'MISSING messages'}`,
    )
  }
  // Printed, no target (issue #27): what sharing the broker across processes costs beside one process.
  console.log(
    `QoS 1 Redis across two processes ÷ one process with SQLite persistence: ${(med(runs.redis!, 'rate') / med(runs.sqlite!, 'rate')).toFixed(2)}`,
  )
} finally {
  for (const c of children) c.kill('SIGTERM')
  await sleep(500)
  await redis.stop()
  rmSync(dir, { recursive: true, force: true })
}
