/**
 * Cold start (issue #32; part of npm run bench): from spawning the appliance on an existing data directory (migrated
 * and seeded by a first start) to its first healthy /api/health, beside a bare `Bun.serve` answering the same route
 * from a fresh process in the same run (what the runtime alone costs to start and listen). Both are polled every
 * 5 ms; ROUNDS rounds, interleaved, medians printed. Target: atrium < 1 s.
 *
 * Env: BENCH_COLD_ROUNDS (5), BENCH_PROFILE=1 (a CPU profile of one atrium start; prints its top entries).
 * Run: bun tests/bench/cold-start.ts
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePorts } from '../support/server-process.ts'
import { summarise } from './profile.ts'

const ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 5)
const PROFILE = process.env.BENCH_PROFILE === '1'
const TARGET_MS = 1000
const BUN = process.execPath
const root = mkdtempSync(join(tmpdir(), 'atrium-bench-cold-'))
const dataDir = join(root, 'data')
const BARE = `Bun.serve({ port: Number(process.env.PORT), fetch: () => Response.json({ code: 200 }) })`

/** Spawns `args` and answers the milliseconds until its /api/health answers 200 (the child is stopped after). */
async function timeToHealthy(args: string[], env: Record<string, string> = {}): Promise<number> {
  const { port, mqttPort } = await freePorts()
  const started = performance.now()
  const child: ChildProcess = spawn(BUN, args, {
    env: {
      ...process.env,
      ATRIUM_DATA_DIR: dataDir,
      ATRIUM_WEB_DIST: join(root, 'no-web'),
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.status === 200)
        .catch(() => false)
      if (ok) return performance.now() - started
      await Bun.sleep(5)
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

try {
  const first = await timeToHealthy(['server/main.ts'])
  const atrium: number[] = []
  const bare: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    atrium.push(await timeToHealthy(['server/main.ts']))
    bare.push(await timeToHealthy(['-e', BARE]))
  }
  const a = median(atrium)
  const b = median(bare)
  console.log(
    `\ncold start to a healthy /api/health · ${ROUNDS} rounds, medians · load average before ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} · bun ${Bun.version}`,
  )
  console.log(`first start (migrate and seed an empty data directory): ${first.toFixed(0)} ms`)
  console.log(
    `atrium on the existing data directory: ${a.toFixed(0)} ms  (rounds ${atrium.map((x) => x.toFixed(0)).join(', ')})`,
  )
  console.log(
    `bare Bun.serve:                        ${b.toFixed(0)} ms  (rounds ${bare.map((x) => x.toFixed(0)).join(', ')})`,
  )
  console.log(`${a < TARGET_MS ? 'ok  ' : 'MISS'} cold start < ${TARGET_MS} ms (${a.toFixed(0)} ms)`)
  if (PROFILE) {
    const dir = join(root, 'profile')
    await timeToHealthy(['--cpu-prof', `--cpu-prof-dir=${dir}`, 'server/main.ts'])
    const [file] = readdirSync(dir)
    console.log(`\nCPU profile of one atrium start:\n${summarise(join(dir, file), 30)}`)
  }
} finally {
  rmSync(root, { recursive: true, force: true })
}
