/**
 * The engine a run tests (issue #27): ATRIUM_TEST_ENGINE=postgres runs the suite on PostgreSQL, otherwise SQLite.
 * A test about the SQLite file itself (WAL, PRAGMAs, the atrium.db file, bun:sqlite connections on it) is SQLite's:
 * describeSqlite / itSqlite skip it on PostgreSQL and print why ("SQLite file: <name>"). Everything else runs on both.
 */
import { describe, it, type TestFunction } from 'vitest'

export const onPostgres = process.env.ATRIUM_TEST_ENGINE === 'postgres'

/**
 * The name a SQLite-file test is reported under: unchanged on SQLite; on PostgreSQL marked with SQLITE_FILE, by which
 * tests/support/summary-reporter.ts tells these deliberate skips from a suite that could not run (a failure in CI).
 */
export const SQLITE_FILE = '[SQLite file: skipped on PostgreSQL]'
const sqliteName = (name: string) => (onPostgres ? `${name} ${SQLITE_FILE}` : name)

const skipped = (name: string) => console.warn(`[skip on PostgreSQL] SQLite file: ${name}`)

/** A suite about the SQLite file: skipped on PostgreSQL with the printed reason. */
export function describeSqlite(name: string, body: () => void) {
  if (!onPostgres) return describe(name, body)
  skipped(name)
  // Not describe.skip(name, body): vitest still runs a skipped suite's body to collect its tests, and these bodies
  // set up a SQLite file (some boot an appliance over it) — on PostgreSQL that would reach the run's template.
  return describe(sqliteName(name), () => {
    it.skip('runs on SQLite only', () => {})
  })
}

/** The name a PostgreSQL-only test is reported under on SQLite, told from an unexplained skip the same way. */
export const POSTGRES_ONLY = '[PostgreSQL only: skipped on SQLite]'

/**
 * A test of what only the PostgreSQL engine does (e.g. refusing the SQLite-file backup): skipped on SQLite under
 * POSTGRES_ONLY, which tests/support/summary-reporter.ts counts as a deliberate skip rather than a failure in CI.
 */
export function itPostgres(name: string, fn: TestFunction, timeout?: number) {
  return it.skipIf(!onPostgres)(onPostgres ? name : `${name} ${POSTGRES_ONLY}`, fn, timeout)
}

/** A test about the SQLite file: skipped on PostgreSQL with the printed reason. */
export function itSqlite(name: string, fn: TestFunction, timeout?: number) {
  if (onPostgres) skipped(name)
  return it.skipIf(onPostgres)(sqliteName(name), fn, timeout)
}
