import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/** The run's engine, as tests/support/engine.ts reads it (not imported: that module loads vitest's test API). */
const engine = process.env.ATRIUM_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite'
/** tests/support/engine.ts SQLITE_FILE: a test about the SQLite file, skipped on PostgreSQL on purpose. */
const SQLITE_FILE = '[SQLite file: skipped on PostgreSQL]'
/** tests/support/engine.ts POSTGRES_ONLY: a test of PostgreSQL's own behaviour, skipped on SQLite on purpose. */
const POSTGRES_ONLY = '[PostgreSQL only: skipped on SQLite]'

/** What each run writes to ATRIUM_TEST_SUMMARY for tests/support/both-engines.ts to add up. */
export interface RunSummary {
  engine: 'sqlite' | 'postgres'
  passed: number
  failed: number
  skipped: number
  /** Skipped on PostgreSQL because they are about the SQLite file: neither passed nor failed. */
  sqliteOnly: number
  /** Skipped on SQLite because they test what only PostgreSQL does: neither passed nor failed. */
  postgresOnly: number
  /** `file > suite > test` of each failure (and each error outside a test), for the closing list. */
  failures: string[]
}

/**
 * Prints the closing line CI reads: `N passed, N failed` (a skipped test counts as failed in CI, except a SQLite-file
 * test on PostgreSQL: it is skipped by design). With ATRIUM_TEST_SUMMARY set it also writes the counts there as JSON.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    let passed = 0,
      failed = 0,
      skipped = 0,
      sqliteOnly = 0,
      postgresOnly = 0
    const failures: string[] = []
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state
        if (s === 'passed') passed++
        else if (s === 'failed') {
          failed++
          failures.push(`${m.moduleId.replace(`${process.cwd()}/`, '')} > ${t.fullName}`)
        } else if (engine === 'postgres' && t.fullName.includes(SQLITE_FILE)) sqliteOnly++
        else if (engine === 'sqlite' && t.fullName.includes(POSTGRES_ONLY)) postgresOnly++
        else skipped++
      }
      if (m.state() === 'failed' && ![...m.children.allTests()].length) {
        failed++
        failures.push(`${m.moduleId.replace(`${process.cwd()}/`, '')} (could not load)`)
      }
    }
    failed += errors.length
    for (const e of errors) failures.push(`error outside a test: ${String((e as Error)?.message ?? e).split('\n')[0]}`)
    // A run that could not start (a broken setup) ran nothing: that is a failure, not a pass.
    if (passed + failed + sqliteOnly + postgresOnly === 0) failed = 1
    if (process.env.CI && skipped) failed += skipped
    if (process.env.ATRIUM_TEST_SUMMARY) {
      const summary: RunSummary = { engine, passed, failed, skipped, sqliteOnly, postgresOnly, failures }
      writeFileSync(process.env.ATRIUM_TEST_SUMMARY, JSON.stringify(summary))
    }
    const extra = [
      ...(skipped && !process.env.CI ? [`${skipped} skipped`] : []),
      ...(sqliteOnly ? [`${sqliteOnly} SQLite-file tests skipped on PostgreSQL`] : []),
      ...(postgresOnly ? [`${postgresOnly} PostgreSQL-only tests skipped on SQLite`] : []),
    ]
    // Written after vitest's own summary so it is the last line.
    setTimeout(
      () => process.stdout.write(`\n${passed} passed, ${failed} failed${extra.map((x) => `, ${x}`).join('')}\n`),
      0,
    )
  }
}
