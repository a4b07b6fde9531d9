/**
 * The broker beside Mosquitto (Debian's), same load, same run:
 *   - QoS 0 and QoS 1 throughput: P device clients each publish M messages to their own telemetry topic
 *     and are subscribed to it, so every message makes the full trip (publish → broker → subscriber);
 *     counted when delivered. Atrium also stores each reading as a device log — that is its real work.
 *   - p99 latency of those trips (publish time stamped in the payload);
 *   - idle connections held: C raw TCP clients that CONNECT (authenticated devices) and stay,
 *     with the broker's memory growth per connection (RSS before/after).
 * Both brokers authenticate: Atrium with device secrets, Mosquitto with a password file. A third column runs
 * aedes alone (tests/bench/aedes-alone.ts: no authentication, ACL, persistence or device logs) under the same
 * load: the floor of the library and runtime Atrium's broker is built on. Each broker runs in its own process,
 * apart from this one, which is the load generator for all three (same clients, options, payloads and QoS).
 * Also printed: each broker's and the load generator's CPU µs per delivered message.
 * Targets (issue #17): QoS 1 throughput ≥ 0.8 × Mosquitto; 10,000 idle connections at ≤ 30 KB each.
 *
 * Env: BENCH_MQTT_PUBLISHERS (20), BENCH_MQTT_MESSAGES (per publisher, 4000), BENCH_MQTT_WARMUP (per publisher,
 * untimed, 500), BENCH_MQTT_ROUNDS (3; throughput figures are the median), BENCH_MQTT_CONNECTIONS (10000),
 * BENCH_MQTT_ONLY (comma-separated measures: qos0,qos1,idle), BENCH_PROFILE=1 (Atrium's CPU profile top entries).
 * Run: bun tests/bench/broker.ts (also part of npm run bench).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect as tcp, type Socket } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import mqttPacket from 'mqtt-packet'
import { freePort } from '../support/browser.ts'
import { connectClient, KEY, pct, SECRET, seedDevices, sleep, tripRounds } from './mqtt-load.ts'
import { summarise } from './profile.ts'

const PUBLISHERS = Number(process.env.BENCH_MQTT_PUBLISHERS ?? 20)
const MESSAGES = Number(process.env.BENCH_MQTT_MESSAGES ?? 4000)
const WARMUP = Number(process.env.BENCH_MQTT_WARMUP ?? 500)
const ROUNDS = Number(process.env.BENCH_MQTT_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_MQTT_CONNECTIONS ?? 10_000)
const ONLY = (process.env.BENCH_MQTT_ONLY ?? 'qos0,qos1,idle').split(',')
const PROFILE = process.env.BENCH_PROFILE === '1'

const dir = mkdtempSync(join(tmpdir(), 'atrium-mqtt-bench-'))
const children: ChildProcess[] = []

interface Target {
  name: string
  port: number
  pid: number
  user: (i: number) => string
  root: (i: number) => string
}

/** CPU seconds (user + system) a process has used so far: /proc/<pid>/stat fields 14 and 15, in clock ticks. */
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(f[11]) + Number(f[12])) / 100
}
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)

async function listening(port: number) {
  for (let i = 0; i < 300; i++) {
    const up = await new Promise<boolean>((ok) => {
      const s = tcp(port, '127.0.0.1', () => {
        s.destroy()
        ok(true)
      })
      s.on('error', () => ok(false))
    })
    if (up) return
    await sleep(100)
  }
  throw new Error(`nothing listens on ${port}`)
}

/** The appliance on a data directory holding one product and enough devices (all with the same secret). */
async function startAtrium(): Promise<Target> {
  const dataDir = join(dir, 'atrium')
  await seedDevices(dataDir, CONNECTIONS + PUBLISHERS)
  const [port, mqttPort] = [await freePort(), await freePort()]
  const child = spawn(
    process.execPath,
    [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []), 'server/main.ts'],
    {
      env: {
        ...process.env,
        ATRIUM_DATA_DIR: dataDir,
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        MQTT_MAX_CONNECTIONS: String(CONNECTIONS + 1000),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  children.push(child)
  await listening(mqttPort)
  return {
    name: 'atrium',
    port: mqttPort,
    pid: child.pid!,
    user: (i) => `${KEY}/d${i}`,
    root: (i) => `dev/${KEY}/d${i}`,
  }
}

/** aedes alone (tests/bench/aedes-alone.ts): the library's floor, same clients, no authentication. */
async function startAedesAlone(): Promise<Target> {
  const port = await freePort()
  const child = spawn(process.execPath, ['tests/bench/aedes-alone.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(child)
  await listening(port)
  return { name: 'aedes', port, pid: child.pid!, user: (i) => `${KEY}/d${i}`, root: (i) => `dev/${KEY}/d${i}` }
}

/** Mosquitto with a password file and the same topic layout. */
async function startMosquitto(): Promise<Target> {
  const port = await freePort()
  const pw = join(dir, 'passwd')
  // One user for all clients: mosquitto still checks the password (PBKDF2-SHA512) on every CONNECT.
  writeFileSync(pw, '')
  spawnSync('mosquitto_passwd', ['-b', pw, 'bench', SECRET])
  // Started as root, mosquitto drops to its own user before reading the password file.
  chmodSync(dir, 0o755)
  chmodSync(pw, 0o644)
  const conf = join(dir, 'mosquitto.conf')
  writeFileSync(
    conf,
    `listener ${port} 127.0.0.1\nallow_anonymous false\npassword_file ${pw}\npersistence false\nmax_inflight_messages 100\nmax_queued_messages 1000\n`,
  )
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' })
  children.push(child)
  await listening(port)
  return { name: 'mosquitto', port, pid: child.pid!, user: () => 'bench', root: (i) => `dev/${KEY}/d${i}` }
}

const client = (t: Target, i: number) => connectClient(t.port, t.user(i), `bench-${i}`)

/**
 * P publishers × M messages on their own topic, each subscribed to it: delivered messages per second and trip
 * latencies. A warm-up round of W messages each goes first, untimed: the load generator's and the JIT brokers'
 * code is compiled by then, so the broker measured first is not charged for the warming (it had been: the load
 * generator spent a quarter more CPU per message on whichever target came first).
 */
async function throughput(t: Target, qos: 0 | 1) {
  const clients = await Promise.all(Array.from({ length: PUBLISHERS }, (_, i) => client(t, i)))
  const load = await tripRounds({ pubs: clients, subs: clients, topic: (i) => `${t.root(i)}/telemetry`, qos })
  if (WARMUP) await load.round(WARMUP)
  const [cpu0, load0] = [cpuSeconds(t.pid), process.cpuUsage()]
  const t0 = performance.now()
  const finished = await load.round(MESSAGES)
  const seconds = (performance.now() - t0) / 1000
  const brokerCpu = cpuSeconds(t.pid) - cpu0
  const loadCpu = process.cpuUsage(load0)
  clients.forEach((c) => c.end(true))
  await sleep(500)
  const [got, latencies] = [load.delivered(), load.latencies()]
  return {
    rate: got / seconds,
    delivered: got,
    expected: PUBLISHERS * MESSAGES,
    p99: pct(latencies, 99),
    p50: pct(latencies, 50),
    // What each message cost the broker and the load generator (this process), in CPU µs: steadier than msg/s on a shared machine.
    cpuPerMsg: (brokerCpu * 1e6) / Math.max(1, got),
    loadCpuPerMsg: (loadCpu.user + loadCpu.system) / Math.max(1, got),
    finished,
  }
}

/** C idle authenticated connections from raw sockets (a CONNECT each, then silence); memory growth per connection. */
async function idle(t: Target) {
  await sleep(1000)
  const before = rssKb(t.pid)
  const sockets: Socket[] = []
  let acked = 0
  const start = performance.now()
  for (let i = 0; i < CONNECTIONS; i += 500) {
    await Promise.all(
      Array.from(
        { length: Math.min(500, CONNECTIONS - i) },
        (_, k) =>
          new Promise<void>((done) => {
            const n = PUBLISHERS + i + k
            const s = tcp(t.port, '127.0.0.1', () =>
              s.write(
                mqttPacket.generate({
                  cmd: 'connect',
                  protocolId: 'MQTT',
                  protocolVersion: 4,
                  clientId: `idle-${n}`,
                  clean: true,
                  keepalive: 600,
                  username: t.user(n),
                  password: Buffer.from(SECRET),
                }),
              ),
            )
            s.once('data', (d) => {
              if (d[0] === 0x20 && d[3] === 0) acked++
              done()
            })
            s.on('error', () => done())
            sockets.push(s)
          }),
      ),
    )
  }
  const seconds = (performance.now() - start) / 1000
  await sleep(2000)
  const held = sockets.filter((s) => !s.destroyed).length
  const after = rssKb(t.pid)
  sockets.forEach((s) => s.destroy())
  return { acked, held, seconds, kbPerConnection: (after - before) / Math.max(1, acked), rssMb: after / 1024 }
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })

if (spawnSync('mosquitto', ['-h']).error) {
  console.log('[skip] MQTT broker bench: mosquitto not found (apt-get install -y mosquitto)')
  process.exit(0)
}

try {
  console.log(
    `MQTT broker bench: ${PUBLISHERS} publishers × ${MESSAGES} messages (after ${WARMUP} untimed), median of ${ROUNDS} rounds; ${fmt(CONNECTIONS)} idle connections; load average ${loadavg()[0].toFixed(1)}`,
  )
  const targets = [await startAtrium(), await startMosquitto(), await startAedesAlone()]
  const rows: Record<string, Record<string, number | boolean>> = {}
  // Interleaved target by target within each round, so a busy shared machine slows all alike; each throughput
  // figure is the median of the rounds (a round takes seconds, and one disturbed round should not decide).
  for (const [label, run, rounds] of [
    ['qos0', (t: Target) => throughput(t, 0), ROUNDS],
    ['qos1', (t: Target) => throughput(t, 1), ROUNDS],
    ['idle', idle, 1],
  ] as const) {
    if (!ONLY.includes(label)) continue
    const results = new Map<string, Record<string, number | boolean>[]>()
    for (let r = 0; r < rounds; r++)
      for (const t of targets) {
        // aedes alone is a floor for the throughput figures; its idle memory says nothing about Atrium's.
        if (t.name === 'aedes' && label === 'idle') continue
        results.set(t.name, [...(results.get(t.name) ?? []), await run(t)])
      }
    for (const [name, runs] of results)
      for (const k of Object.keys(runs[0]!)) {
        const values = runs.map((x) => x[k]!)
        ;(rows[name] ??= {})[`${label}.${k}`] =
          typeof values[0] === 'boolean' ? values.every(Boolean) : pct(values as number[], 50)
      }
  }
  const [a, m, floor] = [rows.atrium, rows.mosquitto, rows.aedes ?? {}]
  const line = (what: string, key: string, unit: string, d = 0, higherIsBetter = true) => {
    if (!(key in a)) return
    const x = Number(a[key]),
      y = Number(m[key])
    const ratio = (p: number, q: number) => (higherIsBetter ? p / q : q / p)
    const alone = key in floor ? Number(floor[key]) : undefined
    console.log(
      `${what.padEnd(34)} ${`${fmt(x, d)} ${unit}`.padStart(18)} ${`${fmt(y, d)} ${unit}`.padStart(18)}   ${`${ratio(x, y).toFixed(2)}×`.padStart(6)}` +
        (alone === undefined
          ? ''
          : `   ${`${fmt(alone, d)} ${unit}`.padStart(18)} ${`${ratio(alone, y).toFixed(2)}×`.padStart(6)}`),
    )
  }
  console.log(
    `${''.padEnd(34)} ${'atrium'.padStart(18)} ${'mosquitto'.padStart(18)}   ${'ratio'.padStart(6)}   ${'aedes alone'.padStart(18)} ${'ratio'.padStart(6)}   (ratio ≥ 1 = as good as mosquitto)`,
  )
  line('QoS 0 delivered', 'qos0.rate', 'msg/s')
  line('QoS 0 p50 trip', 'qos0.p50', 'ms', 1, false)
  line('QoS 0 p99 trip', 'qos0.p99', 'ms', 1, false)
  line('QoS 0 broker CPU per message', 'qos0.cpuPerMsg', 'µs', 1, false)
  line('QoS 0 load generator CPU per msg', 'qos0.loadCpuPerMsg', 'µs', 1, false)
  line('QoS 1 delivered', 'qos1.rate', 'msg/s')
  line('QoS 1 p50 trip', 'qos1.p50', 'ms', 1, false)
  line('QoS 1 p99 trip', 'qos1.p99', 'ms', 1, false)
  line('QoS 1 broker CPU per message', 'qos1.cpuPerMsg', 'µs', 1, false)
  line('QoS 1 load generator CPU per msg', 'qos1.loadCpuPerMsg', 'µs', 1, false)
  line('idle connections accepted', 'idle.acked', 'conn')
  line('idle connections held', 'idle.held', 'conn')
  line('memory per idle connection', 'idle.kbPerConnection', 'KB', 1, false)
  line('broker RSS with idle connections', 'idle.rssMb', 'MB', 0, false)
  const q1 = Number(a['qos1.rate']) / Number(m['qos1.rate'])
  const targets_ = [
    ONLY.includes('qos1') && `QoS 1 ≥ 0.8 × mosquitto: ${q1 >= 0.8 ? 'met' : 'NOT met'} (${q1.toFixed(2)})`,
    ONLY.includes('idle') &&
      `${fmt(CONNECTIONS)} idle connections at ≤ 30 KB: ${Number(a['idle.held']) >= CONNECTIONS && Number(a['idle.kbPerConnection']) <= 30 ? 'met' : 'NOT met'} (${fmt(Number(a['idle.held']))} held, ${fmt(Number(a['idle.kbPerConnection']), 1)} KB each)`,
  ].filter(Boolean)
  console.log(`targets: ${targets_.join('; ')}`)
  for (const t of ['qos0', 'qos1'])
    if (ONLY.includes(t) && (!a[`${t}.finished`] || !m[`${t}.finished`]))
      console.log(
        `note: ${t} did not deliver everything within 60 s (atrium ${a[`${t}.delivered`]}, mosquitto ${m[`${t}.delivered`]} of ${a[`${t}.expected`]})`,
      )
} finally {
  await Promise.all(
    children.map(
      (c) => new Promise((done) => (c.exitCode !== null ? done(null) : (c.once('exit', done), c.kill('SIGTERM')))),
    ),
  )
  const profile = PROFILE && readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (profile)
    console.log(
      `\nCPU profile of atrium (whole run):\n${summarise(join(dir, profile), Number(process.env.BENCH_PROFILE_TOP ?? 25))}`,
    )
  rmSync(dir, { recursive: true, force: true })
}
