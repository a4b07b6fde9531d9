import { first } from '../server/lib/rows.ts'
import { afterAll, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { labHost } from '../db/schema/index.ts'
import { boot } from '../server/boot.ts'
import { loadConfig } from '../server/lib/config.ts'
import { seededDatabase } from '../tests/support/harness.ts'
import { closeDb } from '../server/lib/db.ts'
import { unseal } from '../server/lib/sealed.ts'

/** `atrium labs hosts`: the engines labs run on, from the host's shell, as a subprocess over a data directory. */
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cli-hosts-'))
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
  const r = spawnSync(process.execPath, ['cli/main.ts', 'labs', 'hosts', ...args, '--json'], {
    // An engine nobody listens on: the commands work whether or not a host answers.
    env: {
      ...process.env,
      ...database,
      ATRIUM_DATA_DIR: dataDir,
      ATRIUM_LANG: 'en',
      DOCKER_HOST: 'unix:///nonexistent.sock',
    },
    encoding: 'utf8',
  })
  return { status: r.status, json: JSON.parse(r.stdout) }
}

it('lists, adds (key sealed, masked), disables and removes lab hosts', async () => {
  expect(cli('list').json).toEqual([expect.objectContaining({ name: 'local', state: 'down' })])
  const key = join(dataDir, 'key.pem')
  writeFileSync(key, '-----BEGIN PRIVATE KEY-----\nsecret-bytes\n-----END PRIVATE KEY-----\n')
  const added = cli('add', 'lab2', 'tcp://127.0.0.1:1', '--max', '5', '--tls-key', key)
  expect(added.status, JSON.stringify(added.json)).toBe(0)
  const stored = (await first(services.db.select().from(labHost).where(eq(labHost.name, 'lab2'))))!
  expect(stored.tlsKey).not.toContain('secret-bytes')
  expect(unseal(services.jwtSecret, stored.tlsKey!)).toContain('secret-bytes')
  const listed = cli('list').json
  expect(listed).toEqual([expect.objectContaining({ name: 'lab2', state: 'down', maxLabs: 5, tlsKey: '******' })])
  expect(JSON.stringify(listed)).not.toContain('secret-bytes')
  expect(cli('add', 'lab2', 'tcp://127.0.0.1:2').status).toBe(1)
  expect(cli('add', 'bad', 'http://example.com').json.error).toContain('endpoint')
  expect(cli('disable', 'lab2').status).toBe(0)
  expect(cli('list').json).toEqual([
    expect.objectContaining({ name: 'local' }),
    expect.objectContaining({ name: 'lab2', state: 'disabled' }),
  ])
  expect(cli('remove', 'lab2').status).toBe(0)
  expect(cli('list').json).toEqual([expect.objectContaining({ name: 'local' })])
})
