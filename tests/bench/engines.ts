/**
 * PostgreSQL beside SQLite (issue #27; part of npm run bench), in the same run, on a throwaway PostgreSQL cluster
 * (tests/support/pg-cluster.ts: this machine's, as the suites start it):
 *   hot path — a few of run.ts's authenticated targets (tests/bench/hot-path.ts: same rows, sign-in and requests)
 *              with wrk against atrium on SQLite, atrium on PostgreSQL (one process) and two atrium processes on
 *              the same PostgreSQL database (two wrk loads at once, half the connections each, one per process),
 *              interleaved target by target so a busy shared machine slows all three alike;
 *   exam     — tests/bench/exam.ts's burst and capacity phases on each engine (its bare server left out), the
 *              server killed with SIGKILL after them and every acknowledged save looked up.
 * Targets: PostgreSQL ≥ 0.5 of SQLite on the hot path (per route), two processes ≥ 0.9 of one (per route: being
 * shareable costs nothing; on a 2-core machine they cannot be faster), 0 acknowledged saves lost on either engine.
 *
 * Env: BENCH_SECONDS (3), BENCH_CONNECTIONS (50), BENCH_ROUNDS (1; medians are printed), BENCH_WARMUP (1 s of load
 * per target per setup first), BENCH_ONLY (substring of a target name; default the four below), and exam.ts's
 * BENCH_LEARNERS (here 400), BENCH_SAVES (10), BENCH_WINDOW (10 s), BENCH_CAPACITY (200), BENCH_CONCURRENCY (100);
 * BENCH_EXAM=0 measures the hot path alone.
 * Needs Debian's postgresql server and wrk. Run: bun tests/bench/engines.ts
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { SQL } from 'bun'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { postgresMissing, startPostgres } from '../support/pg-cluster.ts'
import { spawnServer, stopChild } from '../support/server-process.ts'
import { cpuMicros, hotTargets, signIn } from './hot-path.ts'
import { wrk, type LoadResult } from './wrk.ts'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const ONLY = process.env.BENCH_ONLY
const EXAM = process.env.BENCH_EXAM !== '0'
/** The hot path's authenticated routes measured by default: a token check, the menu, a joined page, a big table. */
const DEFAULT_TARGETS = ['oauth/user-info', 'menu/routes', 'user/page', 'param/list (page 1 ']
/** The exam burst, shorter than exam.ts's own defaults (env wins). */
const EXAM_ENV = {
  BENCH_LEARNERS: process.env.BENCH_LEARNERS ?? '400',
  BENCH_SAVES: process.env.BENCH_SAVES ?? '10',
  BENCH_WINDOW: process.env.BENCH_WINDOW ?? '10',
  BENCH_CAPACITY: process.env.BENCH_CAPACITY ?? '200',
  BENCH_CONCURRENCY: process.env.BENCH_CONCURRENCY ?? '100',
}

if (postgresMissing) {
  console.log(`[skip] engines bench: ${postgresMissing}`)
  process.exit(0)
}

const root = mkdtempSync(join(tmpdir(), 'atrium-bench-engines-'))
const children: ChildProcess[] = []
// An ATRIUM_DATABASE_URL of the caller's must not make the SQLite side PostgreSQL.
const sqliteEnv = { ATRIUM_DATABASE_URL: '' }

/** A bun child (a seeding or the exam bench) to its end; its output is shown only when it fails. */
function bunChild(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((ok, no) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) =>
      code === 0
        ? ok()
        : no(
            new Error(
              `bun ${args.join(' ')} exited ${code}:\n${out
                .split('\n')
                .filter((l) => !l.includes('NODE-CRON')) // a busy server's cron warnings, not the failure
                .join('\n')
                .slice(-4000)}`,
            ),
          ),
    )
  })
}

const cluster = await startPostgres()
try {
  const [hotDb, examDb] = [await cluster.createDatabase('hot'), await cluster.createDatabase('exam')]
  const [sqliteDir, pgDir] = [join(root, 'sqlite'), join(root, 'postgres')]
  // Each engine's data directory seeded in a child: db/schema takes its engine from ATRIUM_DATABASE_URL as it loads.
  await Promise.all([
    bunChild(['tests/bench/hot-path.ts', sqliteDir], sqliteEnv),
    bunChild(['tests/bench/hot-path.ts', pgDir], { ATRIUM_DATABASE_URL: hotDb }),
  ])
  // As it runs in a school: one log line per request (to /dev/null here).
  const start = async (dataDir: string, env: Record<string, string>) => {
    const p = await spawnServer({ dataDir, env: { LOG_LEVEL: 'info', ...env } })
    children.push(p.child)
    return { ...p, token: await signIn(p.url) }
  }
  const sqlite = await start(sqliteDir, sqliteEnv)
  // Two processes on one data directory (its secrets) and one database, as several processes run behind a proxy.
  const pg1 = await start(pgDir, { ATRIUM_DATABASE_URL: hotDb })
  const pg2 = await start(pgDir, { ATRIUM_DATABASE_URL: hotDb })

  const named = (token: string) =>
    hotTargets(token).filter((t) => (ONLY ? t.name.includes(ONLY) : DEFAULT_TARGETS.some((n) => t.name.includes(n))))
  const targets = named(sqlite.token).map((t, i) => ({
    name: t.name,
    sqlite: t,
    pg1: named(pg1.token)[i],
    pg2: named(pg2.token)[i],
  }))
  // Every route answers 200 on each process before it is measured (a failing route on PostgreSQL is named here).
  for (const t of targets)
    for (const [who, p, target] of [
      ['SQLite', sqlite, t.sqlite],
      ['PostgreSQL', pg1, t.pg1],
      ['PostgreSQL (2nd process)', pg2, t.pg2],
    ] as const) {
      const res = await fetch(p.url + target.path, { headers: { 'blade-auth': `bearer ${p.token}` } })
      const body = await res.text()
      if (!res.ok || (JSON.parse(body).code ?? 200) !== 200)
        throw new Error(`${target.name} on ${who} answered ${res.status}: ${body.slice(0, 400)}`)
    }

  type Setup = 'sqlite' | 'pg' | 'pg×2'
  type Measured = LoadResult & { dbUs: number }
  // PostgreSQL's own CPU per request (its backends serving the hot database), beside the appliance's: on SQLite the
  // engine runs inside the appliance's process, so its µs hold both and PostgreSQL's side is added to compare them.
  const admin = new SQL(cluster.url(), { max: 1 })
  const backends = async () =>
    ((await admin.unsafe(`SELECT pid FROM pg_stat_activity WHERE datname = 'hot'`)) as { pid: number }[]).map(
      (r) => r.pid,
    )
  /** One measurement: wrk on one process, or two wrk at once with half the connections each, one per process. */
  async function measure(setup: Setup, t: (typeof targets)[number], seconds: number): Promise<Measured> {
    const before = new Map((setup === 'sqlite' ? [] : await backends()).map((pid) => [pid, cpuMicros(pid)]))
    const r = await drive(setup, t, seconds)
    // A backend that started meanwhile counts from nothing; one that ended is lost (pools keep theirs open).
    const db =
      setup === 'sqlite' ? 0 : (await backends()).reduce((n, pid) => n + cpuMicros(pid) - (before.get(pid) ?? 0), 0)
    return { ...r, dbUs: db / r.requests }
  }
  async function drive(setup: Setup, t: (typeof targets)[number], seconds: number): Promise<LoadResult> {
    if (setup !== 'pg×2') {
      const [p, target] = setup === 'sqlite' ? [sqlite, t.sqlite] : [pg1, t.pg1]
      const cpu0 = cpuMicros(p.child.pid)
      const r = await wrk(p.url + target.path, CONNECTIONS, seconds, target.header)
      r.cpuUs = (cpuMicros(p.child.pid) - cpu0) / r.requests
      return r
    }
    const cpu0 = cpuMicros(pg1.child.pid) + cpuMicros(pg2.child.pid)
    const half = Math.max(1, Math.floor(CONNECTIONS / 2))
    const [a, b] = await Promise.all([
      wrk(pg1.url + t.pg1.path, half, seconds, t.pg1.header, 1),
      wrk(pg2.url + t.pg2.path, CONNECTIONS - half, seconds, t.pg2.header, 1),
    ])
    const requests = a.requests + b.requests
    return {
      rps: a.rps + b.rps,
      // Latency percentiles of the two halves are not additive: the slower half's stands for both.
      p50: Math.max(a.p50, b.p50),
      p99: Math.max(a.p99, b.p99),
      requests,
      errors: a.errors + b.errors,
      cpuUs: (cpuMicros(pg1.child.pid) + cpuMicros(pg2.child.pid) - cpu0) / requests,
    }
  }

  const setups: Setup[] = ['sqlite', 'pg', 'pg×2']
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
  // Warm-up under the same load (JIT, statement caches, PostgreSQL's pools and buffers), then the interleaved rounds.
  if (WARMUP) for (const t of targets) for (const s of setups) await measure(s, t, WARMUP)
  const runs = new Map<string, Measured[]>()
  for (let round = 0; round < ROUNDS; round++)
    for (const t of targets)
      for (const s of setups)
        runs.set(`${t.name}|${s}`, [...(runs.get(`${t.name}|${s}`) ?? []), await measure(s, t, SECONDS)])
  const median = (rs: Measured[], k: keyof Measured) =>
    rs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rs.length / 2)]
  const res = (t: string, s: Setup) => {
    const rs = runs.get(`${t}|${s}`) ?? []
    return {
      rps: median(rs, 'rps'),
      p99: median(rs, 'p99'),
      cpuUs: median(rs, 'cpuUs'),
      dbUs: median(rs, 'dbUs'),
      errors: rs.reduce((n, r) => n + r.errors, 0),
    }
  }

  // The exam burst on each engine, one after the other (each is a whole exam.ts run, killed with SIGKILL at its end).
  const exam = async (engine: 'sqlite' | 'postgres') => {
    const file = join(root, `exam-${engine}.json`)
    await bunChild(['tests/bench/exam.ts'], {
      ...EXAM_ENV,
      BENCH_EXAM_BARE: '0',
      BENCH_RESULT: file,
      ...(engine === 'postgres' ? { ATRIUM_DATABASE_URL: examDb } : sqliteEnv),
    })
    return JSON.parse(readFileSync(file, 'utf8')) as {
      burst: { rate: number; p50: number; p99: number; errors: number; submitted: number }
      capacity: { rate: number; p99: number; errors: number; submitted: number }
      lost: number
    }
  }

  const f = (n: number, d = 0, w = 9) => (Number.isFinite(n) ? n.toFixed(d) : '-').padStart(w)
  const checks: [string, boolean][] = []
  console.log(
    `\nPostgreSQL beside SQLite · ${CONNECTIONS} connections, ${SECONDS} s per target per setup, ${ROUNDS} round(s), wrk -t2, loopback · load average before ${load} · bun ${Bun.version}\n`,
  )
  const head = (s: string, db = true) =>
    `${s.padStart(9)}${'p99'.padStart(7)}${'µs'.padStart(6)}${db ? '+db'.padStart(5) : ''}`
  console.log(
    `${'hot path'.padEnd(33)}${head('SQLite/s', false)} │${head('PG/s')} │${head('PG×2/s')} │${'PG÷SQLite'.padStart(10)}${'2÷1'.padStart(6)}  verdict`,
  )
  for (const t of targets) {
    const [s, p, p2] = [res(t.name, 'sqlite'), res(t.name, 'pg'), res(t.name, 'pg×2')]
    const [engineRatio, twoRatio] = [p.rps / s.rps, p2.rps / p.rps]
    const misses = [
      ...(engineRatio < 0.5 ? ['PG÷SQLite'] : []),
      ...(twoRatio < 0.9 ? ['2÷1'] : []),
      ...(s.errors + p.errors + p2.errors ? [`${s.errors + p.errors + p2.errors} errors`] : []),
    ]
    checks.push([`${t.name}: PostgreSQL ≥ 0.5× SQLite, two processes ≥ 0.9× one`, !misses.length])
    const cols = (r: typeof s, db = true) =>
      `${f(r.rps)}${f(r.p99, 1, 7)}${f(r.cpuUs, 0, 6)}${db ? f(r.dbUs, 0, 5) : ''}`
    console.log(
      `${t.name.padEnd(33)}${cols(s, false)} │${cols(p)} │${cols(p2)} │${f(engineRatio, 2, 10)}${f(twoRatio, 2, 6)}  ${misses.length ? `MISSED ${misses.join(', ')}` : 'ok'}`,
    )
  }
  await Promise.all([sqlite, pg1, pg2].map((p) => stopChild(p.child)))
  await admin.close()
  // A failed exam run (a hung or failing server) is a missed target with its reason, after the hot path's figures.
  const examRuns: Record<string, Awaited<ReturnType<typeof exam>> | Error> = {}
  for (const [name, engine] of EXAM
    ? ([
        ['SQLite', 'sqlite'],
        ['PostgreSQL', 'postgres'],
      ] as const)
    : [])
    examRuns[name] = await exam(engine).catch((e: Error) => e)
  if (EXAM)
    console.log(
      `\n${'exam burst'.padEnd(16)}${'burst/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'capacity/s'.padStart(12)}${'errors'.padStart(8)}${'submitted'.padStart(11)}${'acked lost'.padStart(12)}`,
    )
  for (const [name, e] of Object.entries(examRuns)) {
    if (e instanceof Error) {
      const lines = e.message.split('\n'),
        reason = (lines.slice(1).find((l) => /error/i.test(l)) ?? lines[0]).trim().slice(0, 160)
      console.log(`${name.padEnd(16)}failed: ${reason}`)
      checks.push([`exam on ${name}: ran to its end (${reason})`, false])
      continue
    }
    console.log(
      `${name.padEnd(16)}${f(e.burst.rate)}${f(e.burst.p50, 1, 8)}${f(e.burst.p99, 1, 8)}${f(e.capacity.rate, 0, 12)}${f(e.burst.errors + e.capacity.errors, 0, 8)}${f(e.burst.submitted + e.capacity.submitted, 0, 11)}${f(e.lost, 0, 12)}`,
    )
    checks.push([`exam on ${name}: 0 acknowledged saves lost after SIGKILL (${e.lost})`, e.lost === 0])
  }
  const [es, ep] = [examRuns.SQLite, examRuns.PostgreSQL]
  if (es && ep && !(es instanceof Error) && !(ep instanceof Error))
    console.log(
      `exam capacity PostgreSQL ÷ SQLite ${(ep.capacity.rate / es.capacity.rate).toFixed(2)} · ${EXAM_ENV.BENCH_LEARNERS} learners × ${EXAM_ENV.BENCH_SAVES} saves over ${EXAM_ENV.BENCH_WINDOW} s, then ${EXAM_ENV.BENCH_CAPACITY} back to back, ${EXAM_ENV.BENCH_CONCURRENCY} at a time`,
    )
  const missed = checks.filter(([, ok]) => !ok)
  console.log(`\n${checks.map(([text, ok]) => `${ok ? 'ok    ' : 'MISSED'} ${text}`).join('\n')}`)
  console.log(
    `\ntargets: PostgreSQL ≥ 0.5× SQLite on the hot path, two processes ≥ 0.9× one, 0 acknowledged saves lost · ${missed.length ? `${missed.length} missed` : 'all met'}`,
  )
} finally {
  children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL'))
  await Bun.sleep(300)
  await cluster.stop()
  rmSync(root, { recursive: true, force: true })
}
