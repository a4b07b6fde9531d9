import { afterAll, beforeAll, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describeRedis, startRedis } from '../../../tests/support/redis.ts'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BUN = process.versions.bun ? process.execPath : `${ROOT}node_modules/.bin/bun`

describeRedis('Redis broker persistence (ATRIUM_REDIS_URL)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(() => redis?.stop())

  it('aedes-persistence-redis 12, as the broker builds it, passes the aedes-persistence abstract suite (every case)', () => {
    const run = spawnSync(BUN, ['test', './server/modules/iot/persistence-redis.conformance.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NODE_ENV: 'test', ATRIUM_TEST_REDIS_URL: redis.url },
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
