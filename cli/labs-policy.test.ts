import { afterAll, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { boot } from '../server/boot.ts'
import { loadConfig } from '../server/lib/config.ts'
import { seededDatabase } from '../tests/support/harness.ts'
import { closeDb } from '../server/lib/db.ts'
import { readLabPolicy } from '../server/modules/lab/engine/policy.ts'

/** `atrium labs policy`: the platform's lab policy from the host's shell, as a subprocess over a data directory. */
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cli-policy-'))
// The run's seeded database (harness.ts): the template file copied here, or a PostgreSQL copy of it.
const database = await seededDatabase(dataDir)
const services = await boot(
  loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'none'), ...database }),
  {
    logLevel: 'silent',
  },
)
afterAll(async () => {
  await closeDb(services.db)
  rmSync(dataDir, { recursive: true, force: true })
})
const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['cli/main.ts', 'labs', 'policy', ...args, '--json'], {
    env: { ...process.env, ...database, ATRIUM_DATA_DIR: dataDir, ATRIUM_LANG: 'en' },
    encoding: 'utf8',
  })
  return { status: r.status, json: JSON.parse(r.stdout) }
}

it('shows the policy, changes it, and never lets an escaping capability in', async () => {
  const shown = cli()
  expect(shown.status).toBe(0)
  expect(shown.json).toMatchObject({ user: '1000:1000', writableRoot: false })
  expect(shown.json.capabilities).not.toContain('SYS_ADMIN')

  const set = cli('--set', 'maxMemoryMb=512', 'capabilities=CHOWN,NET_RAW')
  expect(set.status).toBe(0)
  expect(set.json).toMatchObject({ maxMemoryMb: 512, capabilities: ['CHOWN', 'NET_RAW'] })
  expect(await readLabPolicy(services.db)).toMatchObject({ maxMemoryMb: 512, capabilities: ['CHOWN', 'NET_RAW'] })

  const escape = cli('--set', 'capabilities=CHOWN,SYS_ADMIN')
  expect(escape.status).toBe(1)
  expect(escape.json.error).toContain('SYS_ADMIN')
  const root = cli('--set', 'user=0:0')
  expect(root.status).toBe(1)
  expect(await readLabPolicy(services.db)).toMatchObject({ user: '1000:1000', capabilities: ['CHOWN', 'NET_RAW'] })
})
