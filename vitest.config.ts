import { defineConfig } from 'vitest/config'

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
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    // Browser assertions poll the page; on a busy 2-core machine a screen can take more than the default 1 s to appear.
    expect: { poll: { timeout: 5000 } },
    hookTimeout: 120_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
})
