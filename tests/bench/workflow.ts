/**
 * Workflow (issue #28; part of npm run bench): the leave process start → manager approval → end, in the same run
 *   atrium — the appliance (server/main.ts) over HTTP: USERS users at once, each with a real token (a session row
 *            and a signed access token, as a sign-in makes), starting a leave (startProcessByKey, days 2, itself
 *            as the manager) and completing the manager's task (completeTask) back to back for SECONDS (the
 *            capacity), then for SECONDS more at BENCH_RATE leaves a second in all (the latency at that load);
 *   engine — bpmn-engine alone running the same definition in memory (the library's limit for this work): the
 *            same USERS at once, each a new Engine over the definition parsed once, executed, its user task
 *            signalled, ended — no database, no HTTP, no saved state.
 * Beside that: the to-do list under wrk (50 connections, one user's token) while OPEN open instances sit in the
 * tables (seeded by copying the rows of one real start, so each is a real instance waiting for its manager), and
 * the engine state saved per instance (the JSON in blade_wf_instance.state, averaged over every instance).
 * Targets: atrium ≥ 0.5 of the engine alone, ≥ 50 finished instances/s, completeTask p99 < 50 ms at 50 instances/s,
 * to-do list p99 < 20 ms with OPEN open instances, state < 10 KB per instance on average.
 *
 * Env: BENCH_USERS (50), BENCH_SECONDS (10 per phase), BENCH_ROUNDS (3 rounds of atrium then the engine alone; the
 * median round of each is shown, CPU per instance over all rounds), BENCH_RATE (50 leaves a second in the paced phase), BENCH_WARMUP (2 s of the same load first), BENCH_OPEN
 * (10,000), BENCH_ONLY=flow|todo (one HTTP phase; the other's figures print as -), BENCH_PROFILE=1 (CPU profile of
 * atrium over the HTTP phases; prints its top entries),
 * ATRIUM_DATABASE_URL=postgres://… (an empty database: atrium boots, migrates and seeds it and runs on it).
 */
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { and, eq, inArray } from 'drizzle-orm'
import { Engine } from 'bpmn-engine'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { makeCtx } from '../../server/lib/context.ts'
import { closeDb, databaseUrl } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { first } from '../../server/lib/rows.ts'
import { now } from '../../server/lib/time.ts'
import { signAccess } from '../../server/lib/tokens.ts'
import { withTransaction } from '../../server/lib/transaction.ts'
import { dept, role, session, user, wfHistory, wfInstance, wfTask, wfVariable } from '../../db/schema/index.ts'
import { moddleOptions } from '../../server/modules/workflow/engine/definitions.ts'
import { LEAVE_XML } from '../../server/modules/workflow/engine/leave-xml.ts'
import { startProcess } from '../../server/modules/workflow/engine/operations.ts'
import { expressionsOver } from '../../server/modules/workflow/engine/runtime.ts'
import { freePort } from '../support/browser.ts'
import { cpuMicros, waitFor } from './hot-path.ts'
import { summarise } from './profile.ts'
import { wrk } from './wrk.ts'

const USERS = Number(process.env.BENCH_USERS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
const OPEN = Number(process.env.BENCH_OPEN ?? 10_000)
const PROFILE = process.env.BENCH_PROFILE === '1'
const ONLY = process.env.BENCH_ONLY ?? ''
const PG_URL = databaseUrl(process.env)
/** The paced phase's total rate: the throughput target, at which the latency targets are judged. */
const PACED_RATE = Number(process.env.BENCH_RATE ?? 50)
const P = '/api/blade-workflow/process'

const root = mkdtempSync(join(tmpdir(), 'atrium-bench-wf-'))
const children: ChildProcess[] = []

interface Person {
  userId: string
  token: string
}

/**
 * USERS staff with live sessions (the manager role: the work menus), and OPEN open leave instances waiting for
 * them: one real start through the operation, its rows copied OPEN times with new ids, spread over the users.
 */
async function arrange(): Promise<Person[]> {
  const services = await boot(loadConfig({ ATRIUM_DATA_DIR: root, ATRIUM_DATABASE_URL: PG_URL }), {
    logLevel: 'silent',
  })
  const { db } = services
  const manager = (await first(
    db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'manager'))),
  ))!
  const office = (await first(db.select().from(dept).where(eq(dept.deptName, '教务处'))))!
  const people = Array.from({ length: USERS }, (_, i) => ({
    userId: newId(),
    sessionId: newId(),
    account: `wfbench${i}`,
  }))
  await withTransaction(db, async (tx) => {
    for (const p of people) {
      await tx.insert(user).values({
        id: p.userId,
        tenantId: '000000',
        account: p.account,
        password: 'x',
        realName: p.account,
        roleId: manager.id,
        deptId: office.id,
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
        roleIds: manager.id,
        deptIds: office.id,
        absoluteExpiresAt: 2e9,
      })
    }
  })
  // One real instance, then its rows again and again: what OPEN starts would have written, without waiting for them.
  const p0 = people[0]
  const actor = {
    kind: 'user' as const,
    userId: p0.userId,
    tenantId: '000000',
    account: p0.account,
    deptIds: [office.id],
    roleIds: [manager.id],
  }
  const real = await startProcess(makeCtx(db, actor), {
    processDefinitionKey: 'leave',
    variables: { taskUser: p0.userId, days: 2, reason: 'bench' },
  })
  const id = real.processInstanceId
  const inst = (await first(db.select().from(wfInstance).where(eq(wfInstance.id, id))))!
  const task = (await first(db.select().from(wfTask).where(eq(wfTask.instanceId, id))))!
  const history = await db.select().from(wfHistory).where(eq(wfHistory.instanceId, id))
  const vars = await db.select().from(wfVariable).where(eq(wfVariable.instanceId, id))
  const BATCH = 500
  await withTransaction(db, async (tx) => {
    for (let from = 0; from < OPEN; from += BATCH) {
      const copies = Array.from({ length: Math.min(BATCH, OPEN - from) }, (_, k) => {
        const who = people[(from + k) % USERS].userId
        return { id: newId(), taskId: newId(), who }
      })
      await tx.insert(wfInstance).values(copies.map((c) => ({ ...inst, id: c.id, initiator: c.who })))
      await tx.insert(wfTask).values(copies.map((c) => ({ ...task, id: c.taskId, instanceId: c.id, assignee: c.who })))
      await tx
        .insert(wfHistory)
        .values(
          copies.flatMap((c) =>
            history.map((h) => ({ ...h, id: newId(), instanceId: c.id, taskId: h.taskId ? c.taskId : null })),
          ),
        )
      await tx.insert(wfVariable).values(
        copies.flatMap((c) =>
          vars.map((v) => ({
            ...v,
            instanceId: c.id,
            value: v.name === 'taskUser' || v.name === 'applyUser' ? JSON.stringify(c.who) : v.value,
          })),
        ),
      )
    }
  })
  // The real one leaves the lists: the bench's users act only on what they start and on the copies.
  await db.delete(wfTask).where(inArray(wfTask.instanceId, [id]))
  await db.delete(wfInstance).where(eq(wfInstance.id, id))
  const tokens = await Promise.all(
    people.map((p) =>
      signAccess(
        services.jwtSecret,
        {
          sub: p.userId,
          tid: '000000',
          sid: p.sessionId,
          acc: p.account,
          rid: manager.id,
          did: office.id,
          cid: 'saber',
        },
        3600,
      ),
    ),
  )
  await closeDb(db)
  return people.map((p, i) => ({ userId: p.userId, token: tokens[i] }))
}

interface Phase {
  seconds: number
  finished: number
  start: number[]
  complete: number[]
  errors: number
}

/** One user's leave: started, then its manager's task completed; times and errors go into `r`. */
async function leave(origin: string, p: Person, r: Phase) {
  const post = async (path: string, body: unknown, into: number[]) => {
    const t0 = performance.now()
    const res = await fetch(origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${p.token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    })
    const json = (await res.json()) as { code?: number; data?: { taskIds?: string[] } }
    into.push(performance.now() - t0)
    if (!res.ok || json.code !== 200) r.errors++
    return res.ok ? json.data : undefined
  }
  const started = await post(
    `${P}/startProcessByKey`,
    { processDefinitionKey: 'leave', variables: { taskUser: p.userId, days: 2, reason: 'bench' } },
    r.start,
  )
  const taskId = started?.taskIds?.[0]
  if (!taskId) return
  const done = await post(`${P}/completeTask`, { taskId, pass: true, comment: '同意' }, r.complete)
  // No task after the manager's: the instance ended (2 days need no principal).
  if (done?.taskIds?.length === 0) r.finished++
}

/** Every user starts a leave and completes its manager's task, back to back, until the time is up: the capacity. */
async function flow(origin: string, people: Person[], seconds: number): Promise<Phase> {
  const r: Phase = { seconds: 0, finished: 0, start: [], complete: [], errors: 0 }
  const until = performance.now() + seconds * 1000
  const t0 = performance.now()
  await Promise.all(
    people.map(async (p) => {
      while (performance.now() < until) await leave(origin, p, r)
    }),
  )
  r.seconds = (performance.now() - t0) / 1000
  return r
}

/**
 * The same users at a fixed total rate (`rate` leaves a second, spread evenly over them, each user's next leave
 * due whether or not the last was slow): the latency a school sees at that load. Back to back, 50 users can only
 * measure their own queue (Little's law: 50 waiting ÷ the rate), never a request's time.
 */
async function paced(origin: string, people: Person[], seconds: number, rate: number): Promise<Phase> {
  const r: Phase = { seconds: 0, finished: 0, start: [], complete: [], errors: 0 }
  const period = (people.length / rate) * 1000
  const t0 = performance.now()
  const until = t0 + seconds * 1000
  await Promise.all(
    people.map(async (p, k) => {
      for (let due = t0 + (k * period) / people.length; due < until; due += period) {
        const wait = due - performance.now()
        if (wait > 0) await Bun.sleep(wait)
        await leave(origin, p, r)
      }
    }),
  )
  r.seconds = (performance.now() - t0) / 1000
  return r
}

/** The same work with bpmn-engine alone, in memory: the definition parsed once, an engine per instance. */
async function engineAlone(users: number, seconds: number): Promise<Phase> {
  const parsed = await new Engine({ source: LEAVE_XML, moddleOptions }).getDefinitions()
  const sourceContext = parsed[0].environment.options.source
  const r: Phase = { seconds: 0, finished: 0, start: [], complete: [], errors: 0 }
  const until = performance.now() + seconds * 1000
  async function one(userId: string) {
    const vars: Record<string, unknown> = { taskUser: userId, days: 2, reason: 'bench', applyUser: userId }
    const engine = new Engine({
      name: 'leave',
      sourceContext,
      moddleOptions,
      expressions: expressionsOver(vars),
      settings: { enableDummyService: false },
    })
    let waiting: { id: string; executionId: string } | undefined
    engine.broker.subscribeTmp(
      'event',
      'activity.wait',
      (_r, m) => (waiting = (m as { content: { id: string; executionId: string } }).content),
      { noAck: true },
    )
    const t0 = performance.now()
    const ex = await engine.execute()
    r.start.push(performance.now() - t0)
    if (!waiting) return r.errors++
    const t1 = performance.now()
    Object.assign(vars, { pass: true })
    ex.signal({ id: waiting.id, executionId: waiting.executionId, message: { pass: true } })
    r.complete.push(performance.now() - t1)
    // Ended: the execution no longer runs (as runtime.ts tells a finished instance).
    if (ex.state !== 'running') r.finished++
    else r.errors++
  }
  async function user(k: number) {
    // A turn of the event loop between instances, as between requests, so the users interleave.
    while (performance.now() < until) {
      await one(`u${k}`)
      await new Promise((ok) => setImmediate(ok))
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: users }, (_, k) => user(k)))
  r.seconds = (performance.now() - t0) / 1000
  return r
}

/** Average length of the saved state per instance, and how many instances there are (read after the server stopped). */
async function stateSize(): Promise<{ avg: number; n: number }> {
  const text = 'SELECT AVG(LENGTH(state)) AS avg, COUNT(*) AS n FROM blade_wf_instance'
  if (PG_URL) {
    const client = new SQL(PG_URL, { max: 1 })
    try {
      const [row] = await client.unsafe(text)
      return { avg: Number(row.avg), n: Number(row.n) }
    } finally {
      await client.close()
    }
  }
  const db = new Database(join(root, 'atrium.db'), { readonly: true })
  const row = db.query<{ avg: number; n: number }, []>(text).get()!
  db.close()
  return { avg: row.avg, n: row.n }
}

try {
  const people = await arrange()
  const [appPort, mqttPort] = [await freePort(), await freePort()]
  const profDir = join(root, 'profile')
  const app = spawn(
    process.execPath,
    [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(appPort),
        MQTT_PORT: String(mqttPort),
        HOST: '127.0.0.1',
        ATRIUM_DATA_DIR: root,
        // As it runs in a school: one log line per request (to /dev/null here).
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  children.push(app)
  const origin = `http://127.0.0.1:${appPort}`
  await waitFor(`${origin}/api/health`)
  const todoUrl = `${origin}${P}/todoList?current=1&size=10`
  const auth = `Blade-Auth: bearer ${people[1].token}`
  const first = await fetch(todoUrl, { headers: { 'blade-auth': `bearer ${people[1].token}` } })
  const todoTotal = ((await first.json()) as { data: { total: number } }).data.total

  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
  const runFlow = ONLY !== 'todo',
    runTodo = ONLY !== 'flow'
  const skipped: Phase = { seconds: NaN, finished: NaN, start: [], complete: [], errors: 0 }
  if (WARMUP) {
    if (runFlow) await flow(origin, people, WARMUP)
    if (runTodo) await wrk(todoUrl, 50, WARMUP, auth)
    if (runFlow) await engineAlone(USERS, WARMUP)
  }
  // Atrium and the engine alone take turns, ROUNDS rounds, each figure the median round (by rate): what else this
  // shared machine runs meanwhile weighs on both alike, rather than on whichever phase it happened to coincide with.
  const byRate = (xs: Phase[]) => [...xs].sort((x, y) => x.finished / x.seconds - y.finished / y.seconds)
  const flows: Phase[] = [],
    alone: Phase[] = []
  let appCpu = 0,
    ownCpu = 0
  for (let r = 0; runFlow && r < ROUNDS; r++) {
    const cpu0 = cpuMicros(app.pid)
    flows.push(await flow(origin, people, SECONDS))
    appCpu += cpuMicros(app.pid) - cpu0
    // The engine runs in this process: its CPU per instance is this process's (nothing else runs here meanwhile).
    const own0 = process.cpuUsage()
    alone.push(await engineAlone(USERS, SECONDS))
    const own = process.cpuUsage(own0)
    ownCpu += own.user + own.system
  }
  const a = runFlow ? byRate(flows)[Math.floor(ROUNDS / 2)] : skipped
  const e = runFlow ? byRate(alone)[Math.floor(ROUNDS / 2)] : skipped
  const cpuPerInstance = appCpu / flows.reduce((n, x) => n + x.finished, 0)
  const engineCpu = ownCpu / alone.reduce((n, x) => n + x.finished, 0)
  const atRate = runFlow ? await paced(origin, people, SECONDS, PACED_RATE) : skipped
  const cpu1 = cpuMicros(app.pid)
  const todo = runTodo
    ? await wrk(todoUrl, 50, SECONDS, auth)
    : { rps: NaN, p50: NaN, p99: NaN, requests: 0, errors: 0, cpuUs: NaN }
  todo.cpuUs = (cpuMicros(app.pid) - cpu1) / todo.requests
  if (PROFILE) {
    // A profile is written on a clean exit only.
    app.kill('SIGTERM')
    await new Promise((ok) => app.once('exit', ok))
  } else {
    app.kill('SIGKILL')
    await new Promise((ok) => app.once('exit', ok))
  }
  const state = await stateSize()

  const pct = (xs: number[], p: number) =>
    xs.length ? [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : NaN
  const f = (n: number, d = 0, w = 10) => (Number.isFinite(n) ? n.toFixed(d) : '-').padStart(w)
  const rate = (r: Phase) => r.finished / r.seconds
  console.log(
    `\nworkflow (leave: start → manager approval → end) on ${PG_URL ? 'PostgreSQL' : 'SQLite'} · ${USERS} users at once, ${SECONDS} s per phase, median of ${ROUNDS} rounds · load average before ${load} · bun ${Bun.version}`,
  )
  console.log(
    `${'who'.padEnd(8)}${'finished/s'.padStart(11)}${'start p50'.padStart(10)}${'p99'.padStart(8)}${'complete p50'.padStart(13)}${'p99'.padStart(8)}${'errors'.padStart(8)}${'µs/inst'.padStart(9)}`,
  )
  for (const [name, r, cpu] of [
    ['atrium', a, cpuPerInstance],
    ['engine', e, engineCpu],
    [`@${PACED_RATE}/s`, atRate, NaN],
  ] as const)
    console.log(
      `${name.padEnd(8)}${f(rate(r), 1, 11)}${f(pct(r.start, 50), 2)}${f(pct(r.start, 99), 2, 8)}${f(pct(r.complete, 50), 2, 13)}${f(pct(r.complete, 99), 2, 8)}${f(r.errors, 0, 8)}${f(cpu, 0, 9)}`,
    )
  console.log(
    `\nto-do list (${todoTotal} open tasks of the user, ${OPEN} open instances) under wrk, 50 connections: ${todo.rps.toFixed(0)}/s, p50 ${todo.p50.toFixed(1)} ms, p99 ${todo.p99.toFixed(1)} ms, ${todo.cpuUs.toFixed(0)} µs of CPU each, ${todo.errors} errors`,
  )
  // On a shared machine req/s falls with what else runs; the CPU each instance costs much less (cf. run.ts's cpu÷hand).
  console.log(
    `CPU per finished instance: atrium ${(cpuPerInstance / 1000).toFixed(1)} ms, engine alone ${(engineCpu / 1000).toFixed(1)} ms (cpu ratio ${(engineCpu / cpuPerInstance).toFixed(2)})`,
  )
  console.log(`state saved: ${(state.avg / 1024).toFixed(2)} KB per instance on average over ${state.n} instances`)
  const ratio = rate(a) / rate(e)
  const checks: [string, boolean][] = [
    [`atrium ≥ 0.5 of the engine alone (${ratio.toFixed(2)})`, ratio >= 0.5],
    [`≥ 50 finished instances/s (${rate(a).toFixed(1)})`, rate(a) >= 50],
    [
      `completeTask p99 < 50 ms at ${PACED_RATE} leaves/s (${pct(atRate.complete, 99).toFixed(1)}; back to back ${pct(a.complete, 99).toFixed(1)})`,
      pct(atRate.complete, 99) < 50,
    ],
    [`to-do list p99 < 20 ms with ${OPEN} open instances (${todo.p99.toFixed(1)})`, todo.p99 < 20],
    [`state < 10 KB per instance (${(state.avg / 1024).toFixed(2)} KB)`, state.avg < 10 * 1024],
    [
      `no errors (${a.errors + atRate.errors + e.errors + todo.errors})`,
      a.errors + atRate.errors + e.errors + todo.errors === 0,
    ],
  ]
  console.log(`\n${checks.map(([text, ok]) => `${ok ? 'ok  ' : 'MISS'} ${text}`).join('\n')}`)
  if (PROFILE) {
    const file = readdirSync(profDir).find((n) => n.endsWith('.cpuprofile'))
    console.log(
      file
        ? `\nCPU profile of atrium over the HTTP phases (${join(profDir, file)}):\n${summarise(join(profDir, file), 25)}`
        : '\nno CPU profile was written',
    )
  }
} finally {
  children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL'))
  await Bun.sleep(300)
  if (!PROFILE) rmSync(root, { recursive: true, force: true })
}
