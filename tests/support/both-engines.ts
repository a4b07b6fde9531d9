/**
 * `npm test` after lint and tsc (issue #27): the whole suite twice at once, on SQLite and on PostgreSQL — two vitest
 * processes, each with half the machine's workers — every line of each prefixed with its engine, so a failure says
 * where it failed. Each run's tests/support/summary-reporter.ts writes its counts to a file; this adds them up and
 * prints the failures by engine, then the last line CI reads: `N passed, N failed` over both runs. Exits non-zero
 * if a test failed or a run crashed (ended without its counts, or exited non-zero with none failed).
 *
 *   bun tests/support/both-engines.ts [vitest arguments…]     e.g. a folder or a test file to run on both engines
 *   ATRIUM_TEST_ENGINES=postgres …                             one engine only (sqlite, postgres, or both, comma-separated)
 *   ATRIUM_TEST_WORKERS=2 …                                    workers per run (default: half the cores, at least 1)
 *
 * The PostgreSQL run starts its own cluster (tests/support/global-setup.ts) unless ATRIUM_TEST_PG_URL names one.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { RunSummary } from './summary-reporter.ts'

type Engine = 'sqlite' | 'postgres'

const engines = (process.env.ATRIUM_TEST_ENGINES ?? 'sqlite,postgres')
  .split(',')
  .map((e) => e.trim())
  .filter((e): e is Engine => e === 'sqlite' || e === 'postgres')
if (!engines.length) {
  console.error('ATRIUM_TEST_ENGINES names no engine (sqlite, postgres)')
  process.exit(2)
}
const workers =
  Number(process.env.ATRIUM_TEST_WORKERS) > 0
    ? Number(process.env.ATRIUM_TEST_WORKERS)
    : Math.max(1, Math.floor(availableParallelism() / engines.length))
const dir = mkdtempSync(join(tmpdir(), 'atrium-runs-'))
const bun = process.execPath.includes('bun') ? process.execPath : 'bun'
const children = new Set<ChildProcess>()

/** One vitest run on `engine`, its output prefixed line by line; answers its exit code (or signal) once it ended. */
function run(engine: Engine): Promise<{ engine: Engine; code: number | null; signal: string | null; file: string }> {
  const file = join(dir, `${engine}.json`)
  const env: Record<string, string | undefined> = { ...process.env, ATRIUM_TEST_SUMMARY: file }
  if (engine === 'postgres') env.ATRIUM_TEST_ENGINE = 'postgres'
  else {
    for (const k of ['ATRIUM_TEST_ENGINE', 'ATRIUM_DATABASE_URL', 'ATRIUM_TEST_PG_ADMIN', 'ATRIUM_TEST_PG_TEMPLATE'])
      delete env[k]
  }
  const child = spawn(bun, ['--bun', 'vitest', 'run', `--maxWorkers=${workers}`, ...process.argv.slice(2)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  const label = `[${engine}] `
  for (const [stream, out] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const)
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${label}${line}\n`))
  return new Promise((ok) =>
    child.once('close', (code, signal) => {
      children.delete(child)
      ok({ engine, code, signal, file })
    }),
  )
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const c of children) c.kill(signal)
    rmSync(dir, { recursive: true, force: true })
    process.exit(130)
  })

console.log(`Running the suite on ${engines.join(' and ')}, ${workers} worker(s) each.`)
const runs = await Promise.all(engines.map(run))

let passed = 0,
  failed = 0
const lines: string[] = []
for (const r of runs) {
  const summary: RunSummary | null = existsSync(r.file) ? JSON.parse(readFileSync(r.file, 'utf8')) : null
  if (!summary) {
    failed++
    lines.push(`[${r.engine}] the run crashed: vitest ended (${r.signal ?? `exit ${r.code}`}) without its counts`)
    continue
  }
  passed += summary.passed
  failed += summary.failed
  for (const f of summary.failures) lines.push(`[${r.engine}] FAIL ${f}`)
  if (summary.failed && !summary.failures.length)
    lines.push(`[${r.engine}] ${summary.failed} failed (skipped tests count as failed in CI)`)
  if (r.code !== 0 && summary.failed === 0) {
    failed++
    lines.push(`[${r.engine}] vitest exited ${r.signal ?? r.code} though no test failed`)
  }
  lines.push(
    `[${r.engine}] ${summary.passed} passed, ${summary.failed} failed` +
      (summary.skipped ? `, ${summary.skipped} skipped` : '') +
      (summary.sqliteOnly ? `, ${summary.sqliteOnly} SQLite-file tests skipped on PostgreSQL` : '') +
      (summary.postgresOnly ? `, ${summary.postgresOnly} PostgreSQL-only tests skipped on SQLite` : ''),
  )
}
rmSync(dir, { recursive: true, force: true })
process.stdout.write(`\n${lines.join('\n')}\n\n${passed} passed, ${failed} failed\n`)
process.exit(failed ? 1 : 0)
