/**
 * Exam burst (part of npm run bench), against two servers in the same run with
 * the same load generator (this file, over keep-alive):
 *   atrium — the appliance (server/main.ts);
 *   bare   — tests/bench/exam-bare.ts: Bun.serve + bun:sqlite committing each
 *            save the same way (the limit for this work over HTTP).
 * Two phases per server, each on its own learners and open sittings:
 *   burst    — the exam as the issue describes it: LEARNERS learners all at
 *              once, each saving SAVES answers (one request per change, versions
 *              rising per question) spread over WINDOW seconds with jitter, then
 *              submitting; p50/p99 save latency under that load.
 *   capacity — CAPACITY learners, CONCURRENCY at a time, saving and submitting
 *              back to back as fast as the server answers: answers/s, and the
 *              ratio of atrium's rate to bare's (the same work's limit).
 * Each server gets its own copy of the same database. After both phases the
 * server is killed with SIGKILL, and every acknowledged save is looked up in its
 * database file: a stored version lower than the acknowledged one, or no row,
 * counts as missing. Targets: 0 missing, burst p99 < 100 ms, every learner
 * submitted within 60 s, capacity ≥ 0.9 of bare's with its p99 under 40 ms.
 *
 * Env: BENCH_LEARNERS (2000), BENCH_SAVES (20), BENCH_WINDOW (50 s),
 * BENCH_CAPACITY (600 learners), BENCH_CONCURRENCY (200), BENCH_PROFILE=1
 * (CPU profile of atrium over both phases, kept as exam-burst.cpuprofile),
 * ATRIUM_DATABASE_URL=postgres://… (an empty database: atrium boots, migrates
 * and seeds it, and runs on it; acknowledged saves are looked up there; the bare
 * server, SQLite's, is left out), BENCH_EXAM_BARE=0 (leave the bare server out
 * on SQLite too), BENCH_RESULT=<file> (the figures as JSON, for
 * tests/bench/engines.ts).
 */
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { and, eq } from 'drizzle-orm'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb, databaseUrl } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { first } from '../../server/lib/rows.ts'
import { withTransaction } from '../../server/lib/transaction.ts'
import { now } from '../../server/lib/time.ts'
import { signAccess } from '../../server/lib/tokens.ts'
import { dept, paperTime, paperTimeUser, role, session, user } from '../../db/schema/index.ts'
import { paperQuestions } from '../../server/modules/exam/paper.ts'
import { freePort } from '../support/browser.ts'
import { summarise } from './profile.ts'
import { waitFor } from './hot-path.ts'

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000)
const SAVES = Number(process.env.BENCH_SAVES ?? 20)
const WINDOW = Number(process.env.BENCH_WINDOW ?? 50)
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 600)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200)
const PROFILE = process.env.BENCH_PROFILE === '1'
/** PostgreSQL when ATRIUM_DATABASE_URL names it (db/schema was built for it as this process loaded). */
const PG_URL = databaseUrl(process.env)
const BARE = !PG_URL && process.env.BENCH_EXAM_BARE !== '0'

interface Learner {
  token: string
  sittingId: string
}
type Plan = { questionId: string; answer: unknown }[]

const root = mkdtempSync(join(tmpdir(), 'atrium-bench-exam-'))
const atriumDir = join(root, 'atrium'),
  bareDir = join(root, 'bare')
const children: ChildProcess[] = []

/** Learners with live sessions and open sittings on the demo exam, written straight into the database (signing 2,000 people in would measure the password hash). */
async function arrange(): Promise<{ learners: Learner[]; capacity: Learner[]; plan: Plan }> {
  const services = await boot(loadConfig({ ATRIUM_DATA_DIR: atriumDir, ATRIUM_DATABASE_URL: PG_URL }), {
    logLevel: 'silent',
  })
  const { db } = services
  const exam = (await first(db.select().from(paperTime).where(eq(paperTime.tenantId, '000000'))))!
  const studentRole = (await first(
    db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'student'))),
  ))!
  const klass = (await first(db.select().from(dept).where(eq(dept.deptName, '2024级计算机1班'))))!
  const qs = await paperQuestions({ db }, exam.paperIds.split(',')[0])
  // The answers a learner gives: a choice, two blanks or a paragraph, by question type.
  const plan: Plan = Array.from({ length: SAVES }, (_, k) => {
    const q = qs[k % qs.length]
    const answer =
      q.type === 4
        ? ['7', `物理 ${k}`]
        : q.type === 5
          ? `三次握手 ${k}：SYN、SYN+ACK、ACK`.repeat(4)
          : [q.options[k % q.options.length].id]
    return { questionId: q.id, answer }
  })
  const people = Array.from({ length: LEARNERS + CAPACITY }, (_, i) => ({
    userId: newId(),
    sessionId: newId(),
    sittingId: newId(),
    account: `burst${i}`,
  }))
  const deadline = Date.now() + 60 * 60_000
  await withTransaction(db, async (tx) => {
    for (const p of people) {
      await tx.insert(user).values({
        id: p.userId,
        tenantId: '000000',
        account: p.account,
        password: 'x',
        realName: p.account,
        roleId: studentRole.id,
        deptId: klass.id,
        status: 1,
        createTime: now(),
      })
      await tx.insert(session).values({
        id: p.sessionId,
        userId: p.userId,
        tenantId: '000000',
        clientId: 'saber',
        refreshHash: p.sessionId,
        refreshExpiresAt: 2e9,
        createTime: now(),
        roleIds: studentRole.id,
        deptIds: klass.id,
        absoluteExpiresAt: 2e9,
      })
      await tx.insert(paperTimeUser).values({
        id: p.sittingId,
        tenantId: '000000',
        paperTimeId: exam.id,
        userId: p.userId,
        userName: p.account,
        classId: klass.id,
        paperId: exam.paperIds.split(',')[0],
        state: 1,
        startTime: now(),
        deadline,
      })
    }
  })
  const learners = await Promise.all(
    people.map(async (p) => ({
      sittingId: p.sittingId,
      token: await signAccess(
        services.jwtSecret,
        {
          sub: p.userId,
          tid: '000000',
          sid: p.sessionId,
          acc: p.account,
          rid: studentRole.id,
          did: klass.id,
          cid: 'saber',
        },
        3600,
      ),
    })),
  )
  await closeDb(services.db)
  return { learners: learners.slice(0, LEARNERS), capacity: learners.slice(LEARNERS), plan }
}

interface Ack {
  sittingId: string
  questionId: string
  version: number
}
interface BurstResult {
  seconds: number
  saves: number
  latencies: number[]
  acks: Ack[]
  errors: number
  submitted: number
}

/**
 * Every learner saves its plan (versions rising per question) and submits.
 * paced: all learners at once, each spreading its saves over WINDOW seconds
 * (a random start, then evenly with jitter), as a class answering does;
 * otherwise CONCURRENCY learners at a time, back to back (the server's capacity).
 */
async function burst(origin: string, learners: Learner[], plan: Plan, paced: boolean): Promise<BurstResult> {
  const latencies: number[] = [],
    acks: Ack[] = []
  let errors = 0,
    submitted = 0,
    next = 0
  const post = (path: string, token: string, body: unknown) =>
    fetch(origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${token}` },
      body: JSON.stringify(body),
      // A request unanswered for a minute is a hung server (a failed run, said so), not a slow save to wait out.
      signal: AbortSignal.timeout(60_000),
    })
  const gap = (WINDOW * 1000) / plan.length
  async function learn(l: Learner) {
    const versions = new Map<string, number>()
    if (paced) await Bun.sleep(Math.random() * gap)
    for (const step of plan) {
      const version = (versions.get(step.questionId) ?? 0) + 1
      versions.set(step.questionId, version)
      const t0 = performance.now()
      const res = await post('/api/nep-wbp/paperQuestion/saveAnswer', l.token, {
        sittingId: l.sittingId,
        questionId: step.questionId,
        answer: step.answer,
        version,
      })
      const body = (await res.json()) as { data?: { accepted?: boolean; version?: number } }
      const took = performance.now() - t0
      latencies.push(took)
      if (res.ok && body.data?.accepted) acks.push({ sittingId: l.sittingId, questionId: step.questionId, version })
      else errors++
      if (paced && step !== plan[plan.length - 1]) await Bun.sleep(Math.max(0, gap * (0.75 + Math.random() / 2) - took))
    }
    const done = await post('/api/nep-wbp/paperTimeUser/submitPaper', l.token, { sittingId: l.sittingId })
    await done.arrayBuffer()
    if (done.ok) submitted++
    else errors++
  }
  async function worker() {
    while (next < learners.length) await learn(learners[next++])
  }
  const t0 = performance.now()
  await Promise.all(paced ? learners.map(learn) : Array.from({ length: CONCURRENCY }, worker))
  return { seconds: (performance.now() - t0) / 1000, saves: latencies.length, latencies, acks, errors, submitted }
}

/** Acknowledged saves whose version is not in the database (read after the server was killed): the file, or PostgreSQL. */
async function missing(dir: string, acks: Ack[], pgUrl?: string): Promise<number> {
  if (pgUrl) {
    const client = new SQL(pgUrl, { max: 1 })
    try {
      const rows = (await client.unsafe(
        'SELECT paper_time_user_id AS s, question_id AS q, version FROM hm_paper_answer',
      )) as { s: string; q: string; version: number }[]
      const stored = new Map(rows.map((r) => [`${r.s}|${r.q}`, Number(r.version)]))
      return acks.filter((a) => (stored.get(`${a.sittingId}|${a.questionId}`) ?? 0) < a.version).length
    } finally {
      await client.close()
    }
  }
  const db = new Database(join(dir, 'atrium.db'), { readonly: true })
  const stored = db.query<{ version: number }, [string, string]>(
    'SELECT version FROM hm_paper_answer WHERE paper_time_user_id = ? AND question_id = ?',
  )
  const n = acks.filter((a) => (stored.get(a.sittingId, a.questionId)?.version ?? 0) < a.version).length
  db.close()
  return n
}

async function start(cmd: string[], env: Record<string, string>, health: string) {
  const child = spawn(process.execPath, cmd, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(child)
  await waitFor(health)
  return child
}

async function kill9(child: ChildProcess) {
  child.kill('SIGKILL')
  if (child.exitCode === null && child.signalCode === null) await new Promise((ok) => child.once('exit', ok))
}

try {
  mkdirSync(atriumDir)
  const { learners, capacity, plan } = await arrange()
  if (BARE) {
    // The bare server works on its own copy of the same database (after the appliance's first start wrote it).
    mkdirSync(bareDir)
    // VACUUM INTO gives one self-contained file, whatever still sits in the WAL.
    const src = new Database(join(atriumDir, 'atrium.db'))
    src.exec(`VACUUM INTO '${join(bareDir, 'atrium.db')}'`)
    src.close()
    copyFileSync(join(atriumDir, 'secrets.json'), join(bareDir, 'secrets.json'))
  }

  const [appPort, mqttPort, barePort] = [await freePort(), await freePort(), await freePort()]
  const profDir = join(root, 'profile')
  const app = await start(
    [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'server/main.ts'],
    {
      PORT: String(appPort),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      ATRIUM_DATA_DIR: atriumDir,
      // As it runs in a school: one log line per request (stdout goes to /dev/null here).
      LOG_LEVEL: 'info',
    },
    `http://127.0.0.1:${appPort}/api/health`,
  )
  const bare = BARE
    ? await start(
        ['tests/bench/exam-bare.ts', String(barePort), bareDir],
        {},
        `http://127.0.0.1:${barePort}/api/health`,
      )
    : null

  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
  // Each server: the paced burst, then its capacity; then SIGKILL and the acknowledged saves looked up in its file.
  const run = async (origin: string) => ({
    burst: await burst(origin, learners, plan, true),
    capacity: await burst(origin, capacity, plan, false),
  })
  const a = await run(`http://127.0.0.1:${appPort}`)
  if (PROFILE) {
    // A profile is written on a clean exit only: SIGTERM instead of SIGKILL (the missing count still reads the file).
    app.kill('SIGTERM')
    await new Promise((ok) => app.once('exit', ok))
    const file = readdirSync(profDir).find((n) => n.endsWith('.cpuprofile'))
    if (file) {
      copyFileSync(join(profDir, file), 'exam-burst.cpuprofile')
      console.log(`\nCPU profile of atrium (exam-burst.cpuprofile):\n${summarise(join(profDir, file), 25)}`)
    }
  } else await kill9(app)
  const b = bare ? await run(`http://127.0.0.1:${barePort}`) : null
  if (bare) await kill9(bare)
  const lost = {
    atrium: await missing(atriumDir, [...a.burst.acks, ...a.capacity.acks], PG_URL),
    bare: b ? await missing(bareDir, [...b.burst.acks, ...b.capacity.acks]) : NaN,
  }

  const pct = (xs: number[], p: number) =>
    [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]
  const rate = (r: BurstResult) => r.saves / r.seconds
  const f = (n: number, d = 0, w = 10) => n.toFixed(d).padStart(w)
  const table = (title: string, rows: [string, BurstResult][]) => {
    console.log(`\n${title}`)
    console.log(
      `${'server'.padEnd(8)}${'answers/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'seconds'.padStart(10)}${'acked'.padStart(10)}${'errors'.padStart(10)}${'submitted'.padStart(10)}`,
    )
    for (const [name, r] of rows)
      console.log(
        `${name.padEnd(8)}${f(rate(r))}${f(pct(r.latencies, 50), 1)}${f(pct(r.latencies, 99), 1)}${f(r.seconds, 1)}${f(r.acks.length)}${f(r.errors)}${f(r.submitted)}`,
      )
  }
  console.log(`\nexam burst on ${PG_URL ? 'PostgreSQL' : 'SQLite'} · load average before ${load}`)
  table(`burst: ${LEARNERS} learners at once × ${SAVES} saves over ${WINDOW} s + submit`, [
    ['atrium', a.burst],
    ...(b ? [['bare', b.burst] as [string, BurstResult]] : []),
  ])
  table(`capacity: ${CAPACITY} learners × ${SAVES} saves + submit, ${CONCURRENCY} at a time, back to back`, [
    ['atrium', a.capacity],
    ...(b ? [['bare', b.capacity] as [string, BurstResult]] : []),
  ])
  console.log(`\nafter SIGKILL: acknowledged answers missing · atrium ${lost.atrium}${b ? ` · bare ${lost.bare}` : ''}`)
  const p99 = pct(a.burst.latencies, 99)
  const errors = a.burst.errors + a.capacity.errors
  if (process.env.BENCH_RESULT) {
    const figures = (r: BurstResult) => ({
      rate: rate(r),
      p50: pct(r.latencies, 50),
      p99: pct(r.latencies, 99),
      seconds: r.seconds,
      acked: r.acks.length,
      errors: r.errors,
      submitted: r.submitted,
    })
    writeFileSync(
      process.env.BENCH_RESULT,
      JSON.stringify({ burst: figures(a.burst), capacity: figures(a.capacity), lost: lost.atrium }),
    )
  }
  const bareChecks = (b: Awaited<ReturnType<typeof run>>): [string, boolean][] => {
    const ratio = rate(a.capacity) / rate(b.capacity),
      bareP99 = pct(b.burst.latencies, 99),
      capP99 = pct(a.capacity.latencies, 99)
    return [
      [
        // The bare server's p99 in the same run says whether the machine (9 people on 2 cores) or atrium misses it.
        `burst p99 save < 100 ms (${p99.toFixed(1)}; bare ${bareP99.toFixed(1)} in the same run${bareP99 >= 100 ? ': machine-bound, the bare server misses it too' : ''})`,
        p99 < 100,
      ],
      // Issue #32's targets (round 2's were ≥ 0.5 and no p99 line at capacity).
      [`capacity ≥ 0.9 of the bare server's rate (${ratio.toFixed(2)})`, ratio >= 0.9],
      [
        `capacity p99 save < 40 ms at ${CONCURRENCY} at a time (${capP99.toFixed(1)}; bare ${pct(b.capacity.latencies, 99).toFixed(1)})`,
        capP99 < 40,
      ],
    ]
  }
  const checks: [string, boolean][] = [
    [`0 acknowledged answers missing (${lost.atrium})`, lost.atrium === 0],
    ...(b ? bareChecks(b) : [[`burst p99 save < 100 ms (${p99.toFixed(1)})`, p99 < 100] as [string, boolean]]),
    [`burst within 60 s (${a.burst.seconds.toFixed(1)})`, a.burst.seconds <= 60],
    [
      `every learner submitted, no error (${a.burst.submitted + a.capacity.submitted}/${LEARNERS + CAPACITY}, ${errors} errors)`,
      a.burst.submitted + a.capacity.submitted === LEARNERS + CAPACITY && errors === 0,
    ],
  ]
  console.log(`\n${checks.map(([text, ok]) => `${ok ? 'ok  ' : 'MISS'} ${text}`).join('\n')}`)
} finally {
  children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL'))
  await Bun.sleep(300)
  rmSync(root, { recursive: true, force: true })
}
