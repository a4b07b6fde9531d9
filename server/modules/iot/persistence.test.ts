import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createDatabaseAt } from '../../../tests/support/pg-cluster.ts'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
/** The Bun binary: this process when vitest runs inside Bun, else the one npm installed. */
const BUN = process.versions.bun ? process.execPath : `${ROOT}node_modules/.bin/bun`

describe('database broker persistence (the default, without Redis)', () => {
  it('passes the aedes-persistence abstract conformance suite (every case)', async () => {
    expect(existsSync(BUN)).toBe(true)
    // On PostgreSQL a new empty database of the run's cluster, which the suite migrates; on SQLite in-memory files.
    const admin = process.env.ATRIUM_TEST_PG_ADMIN
    const database = admin
      ? { ATRIUM_DATABASE_URL: await createDatabaseAt(admin, `atrium_mqtt_${process.pid}_${Date.now()}`) }
      : {}
    const run = spawnSync(BUN, ['test', './server/modules/iot/persistence.conformance.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NODE_ENV: 'test', ...database },
    })
    const out = `${run.stdout}\n${run.stderr}`
    const pass = Number(/(\d+) pass/.exec(out)?.[1] ?? 0)
    const fail = Number(/(\d+) fail/.exec(out)?.[1] ?? -1)
    if (run.status !== 0 || fail !== 0)
      console.error(
        out
          .split('\n')
          .filter((l) => /fail|error|Error/.test(l))
          .join('\n'),
      )
    expect(fail).toBe(0)
    // aedes-persistence v11 publishes 50 cases; fewer means the suite did not run in full.
    expect(pass).toBeGreaterThanOrEqual(50)
    expect(run.status).toBe(0)
  })
})
