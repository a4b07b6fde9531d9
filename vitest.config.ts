import { defineConfig } from 'vitest/config'

// The same suite on PostgreSQL (ATRIUM_TEST_ENGINE=postgres, issue #27): db/schema builds its tables for the engine
// ATRIUM_DATABASE_URL names when it loads, so the URL must name PostgreSQL before the global setup imports it; the
// setup then starts the cluster and puts the seeded template's real URL there for the workers.
if (process.env.ATRIUM_TEST_ENGINE === 'postgres' && !/^postgres/.test(process.env.ATRIUM_DATABASE_URL ?? ''))
  process.env.ATRIUM_DATABASE_URL = 'postgres://cluster-not-started-yet/'

// Runs inside Bun (`bun --bun vitest run`): the server uses bun:sqlite and Bun.password.
export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'cli/**/*.test.ts',
      'tests/**/*.test.ts',
      'web/src/**/*.test.ts',
      'firmware-samples/**/*.test.ts',
    ],
    pool: 'threads',
    // Files share a worker's modules: loading the server's module graph again for every file cost ~4 s a file (a
    // quarter of the run). What a file must not leave behind for the next is its own to undo: a probe resource
    // (tests/support/probe-resource.ts), an engine-specific schema (server/lib/db-postgres.test.ts), a spy.
    isolate: false,
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    // Browser assertions poll the page; on a busy 2-core machine a screen can take more than the default 1 s to appear.
    expect: { poll: { timeout: 5000 } },
    hookTimeout: 120_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
})
