/**
 * bun tests/bench/statistics.ts (part of npm run bench): the dashboard's statistics (issue #31) at 10,000 learners and
 * 1,000,000 answer rows, on SQLite. The rows are written straight into the booted appliance's database with a few
 * INSERT … SELECT statements (one school, 20 courses of 10 courseware, 30,000 enrolments, 150,000 progress rows,
 * 25 exams of 40 questions, 25,000 sittings of 40 answers each). Each statistics endpoint is then timed through
 * app.handle as the school's administrator (who sees every row), beside the very statements it ran — recorded as
 * it answered once — replayed directly on bun:sqlite over a second connection: the database's share of the time.
 * Target: each endpoint's median under 200 ms of CPU time — the work a request costs, which wall time on a shared,
 * loaded machine multiplies by the queue for its cores (both are printed, with the load).
 *
 * Env: BENCH_LEARNERS (10000), BENCH_ROUNDS (7; medians are printed).
 */
import { Database, type SQLQueryBindings } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../server/app.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'

const TARGET_MS = 200
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const COURSES = 20
const WARES = 10
const EXAMS = 25
const PER_EXAM = 40

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-stats-'))
const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'no-web') })
const services = await boot(config, { logLevel: 'silent' })
const app = createApp(services)
const raw: Database = services.db.$client

/** Rows of the demo school the seeded ones hang off: its administrator, the student role and its departments. */
function seed() {
  const one = (sql: string) => raw.prepare(sql).get() as Record<string, string>
  const admin = one(`select id from blade_user where tenant_id = '000000' and account = 'admin'`).id
  const student = one(`select id from blade_role where tenant_id = '000000' and role_alias = 'student'`).id
  raw.exec(`create temp table bench_dept as
    select row_number() over (order by id) - 1 as k, id from blade_dept where tenant_id = '000000' and is_deleted = 0`)
  const depts = Number(one(`select count(*) as n from bench_dept`).n)
  // Times spread over the last 60 days, as formatDateTime writes them (local time).
  const ago = (days: string) => `strftime('%Y-%m-%d %H:%M:%S', 'now', 'localtime', '-' || (${days}) || ' days')`
  const seq = (n: number) => `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1})`
  raw.transaction(() => {
    raw.exec(`${seq(LEARNERS)} insert into blade_user (id, tenant_id, account, password, real_name, role_id, dept_id, create_time)
      select 'bu' || i, '000000', 'bench' || i, 'x', '学员' || i, '${student}',
        (select id from bench_dept where k = i % ${depts}), ${ago('i % 60')} from n`)
    raw.exec(`${seq(COURSES)} insert into hm_course (id, tenant_id, title, create_user, create_time)
      select 'bc' || i, '000000', '统计课程' || i, '${admin}', ${ago('60')} from n`)
    raw.exec(`${seq(COURSES)} insert into hm_course_section (id, tenant_id, course_id, title)
      select 'bs' || i, '000000', 'bc' || i, '第一章' from n`)
    raw.exec(`${seq(COURSES * WARES)} insert into hm_course_section_ware (id, tenant_id, section_id, ware_id, sort)
      select 'bsw' || i, '000000', 'bs' || (i / ${WARES}), 'bw' || i, i % ${WARES} from n`)
    // Each learner enrols in three courses, studies five of each one's courseware and rates one course in three.
    raw.exec(`${seq(LEARNERS * 3)} insert into hm_course_user (id, tenant_id, course_id, user_id, status, create_time)
      select 'bcu' || i, '000000', 'bc' || ((i / 3 + (i % 3) * 7) % ${COURSES}), 'bu' || (i / 3), 1, ${ago('i % 60')} from n`)
    raw.exec(`with recursive w(j) as (select 0 union all select j + 1 from w where j < 4)
      insert into hm_course_statistics (id, tenant_id, course_id, ware_id, user_id, progress, update_time)
      select cu.id || '-' || j, '000000', cu.course_id, 'bw' || (cast(substr(cu.course_id, 3) as integer) * ${WARES} + j),
        cu.user_id, case when (cast(substr(cu.id, 4) as integer) + j) % 4 = 0 then 40 else 100 end,
        ${ago('cast(substr(cu.id, 4) as integer) % 60')}
      from hm_course_user cu, w where cu.id like 'bcu%'`)
    raw.exec(`insert into hm_course_evaluate (id, tenant_id, course_id, user_id, target_evaluate, content_evaluate, method_evaluate, effect_evaluate)
      select 'be' || id, '000000', course_id, user_id, 3 + rowid % 3, 4, 3 + rowid % 2, 5 from hm_course_user
      where id like 'bcu%' and rowid % 3 = 0`)
    raw.exec(`${seq(EXAMS * PER_EXAM)} insert into hm_question (id, tenant_id, content, type, exam_center, create_user)
      select 'bq' || i, '000000', '<p>统计题目 ' || i || '</p>', 1, '知识点' || (i % 30), '${admin}' from n`)
    raw.exec(`${seq(EXAMS)} insert into hm_paper_time (id, tenant_id, title, start_time, end_time, paper_ids, create_user, create_time)
      select 'bpt' || i, '000000', '统计考试' || i, ${ago('60')}, ${ago('0')}, 'bp' || i, '${admin}', ${ago('60')} from n`)
    // Two and a half sittings per learner (25,000 at 10,000), forty answers each: a million answers.
    raw.exec(`${seq((LEARNERS * 5) / 2)} insert into hm_paper_time_user (id, tenant_id, paper_time_id, user_id, paper_id, state, start_time, deadline)
      select 'bptu' || i, '000000', 'bpt' || ((i % ${LEARNERS} + (i / ${LEARNERS}) * 12) % ${EXAMS}), 'bu' || (i % ${LEARNERS}),
        'bp0', 3, ${ago('i % 60')}, 0 from n`)
    raw.exec(`with recursive q(j) as (select 0 union all select j + 1 from q where j < ${PER_EXAM - 1})
      insert into hm_paper_answer (id, tenant_id, paper_time_user_id, question_id, answer, version, save_time, correct)
      select s.id || '-' || j, '000000', s.id, 'bq' || (cast(substr(s.paper_time_id, 4) as integer) * ${PER_EXAM} + j),
        '"A"', 1, s.start_time, case when (s.rowid * 7 + j * 13) % 10 < 3 + j % 7 then 1 else 0 end
      from hm_paper_time_user s, q where s.id like 'bptu%'`)
  })()
  raw.exec('analyze')
}

async function adminToken(): Promise<string> {
  const res = await app.handle(
    new Request(
      `http://localhost/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password`,
      { method: 'POST', headers: { authorization: `Basic ${btoa('saber:saber_secret')}` } },
    ),
  )
  return ((await res.json()) as { access_token: string }).access_token
}

type Recorded = { sql: string; params: SQLQueryBindings[] }

/** The reads one request runs on the connection, with their parameters, as it answers. */
async function record(request: () => Promise<Response>): Promise<Recorded[]> {
  const seen: Recorded[] = []
  const prepare = raw.prepare.bind(raw)
  raw.prepare = ((sql: string) => {
    const stmt = prepare(sql)
    // Reads only: a request's own bookkeeping (its log row) is not the statistics' work.
    const at = (params: SQLQueryBindings[]) => void (/^\s*(select|with)\b/i.test(sql) && seen.push({ sql, params }))
    return {
      run: (...p: SQLQueryBindings[]) => (at(p), stmt.run(...p)),
      values: (...p: SQLQueryBindings[]) => (at(p), stmt.values(...p)),
    }
  }) as never
  try {
    await (await request()).arrayBuffer()
  } finally {
    raw.prepare = prepare as never
  }
  return seen
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
async function timed(fn: () => unknown): Promise<number> {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

try {
  const t0 = performance.now()
  seed()
  const count = (table: string) => (raw.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
  console.log(
    `statistics: seeded ${LEARNERS} learners, ${count('hm_paper_answer')} answers, ${count('hm_course_statistics')} ` +
      `progress rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
  const token = await adminToken()
  const direct = new Database(config.dbFile, { readonly: true })
  let slow = false
  for (const kind of ['course', 'exercise', 'user'] as const) {
    const request = () =>
      app.handle(
        new Request(`http://localhost/api/blade-report/statistics/${kind}?days=90`, {
          headers: { 'blade-auth': `bearer ${token}` },
        }),
      )
    const statements = await record(request)
    const viaApp: number[] = []
    const cpu: number[] = []
    const viaSqlite: number[] = []
    // Per read, the slowest one's share: where the time goes when a figure is slow.
    const perRead = statements.map(() => [] as number[])
    for (let r = 0; r < ROUNDS; r++) {
      const before = process.cpuUsage()
      viaApp.push(await timed(async () => (await request()).arrayBuffer()))
      const used = process.cpuUsage(before)
      cpu.push((used.user + used.system) / 1000)
      viaSqlite.push(
        await timed(() =>
          statements.forEach((s, i) => {
            const t = performance.now()
            direct.prepare(s.sql).values(...s.params)
            perRead[i].push(performance.now() - t)
          }),
        ),
      )
    }
    const [a, c, b] = [median(viaApp), median(cpu), median(viaSqlite)]
    const slowest = perRead.map(median).reduce((m, x, i, all) => (x > all[m] ? i : m), 0)
    if (c >= TARGET_MS) slow = true
    console.log(
      `statistics ${kind.padEnd(8)}: app.handle p50 ${a.toFixed(1)} ms (cpu ${c.toFixed(1)} ms) | same ` +
        `${statements.length} reads on bun:sqlite p50 ${b.toFixed(1)} ms, slowest ${median(perRead[slowest]).toFixed(1)} ms: ` +
        `${statements[slowest].sql.slice(0, 90)}… (target < ${TARGET_MS} ms; load ${loadavg()[0].toFixed(2)})`,
    )
  }
  direct.close()
  if (slow) process.exitCode = 1
} finally {
  await closeDb(services.db)
  rmSync(dataDir, { recursive: true, force: true })
}
