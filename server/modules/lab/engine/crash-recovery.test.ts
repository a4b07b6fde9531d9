import { afterAll, expect, it } from 'vitest'
import type { ChildProcess } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { userContainer } from '../../../../db/schema/index.ts'
import { closeDb, openDatabase } from '../../../lib/db.ts'
import { md5Hex } from '../../auth/password.ts'
import { applianceDatabaseConfig, spawnServer } from '../../../../tests/support/server-process.ts'
import { describeDocker, engine, removeApplianceObjects } from '../../../../tests/support/docker.ts'
import { BASIC } from '../../../../tests/support/harness.ts'
import { schoolExperiments } from '../../../../tests/support/lab-school.ts'
import { L, applianceIdOf } from './names.ts'

const BURST = 8

/**
 * Issue #25 on the real server process: `kill -9` while a school's class opens
 * its labs, then a restart. Every lab row must end consistent with the engine
 * and the school's quota must be free again.
 */
describeDocker('a kill -9 during a burst of lab opens', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-crash-'))
  // On SQLite the run's seeded template copied in; on PostgreSQL spawnServer makes the copy both starts share.
  if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
  let server: ChildProcess | undefined
  let base = ''
  let applianceId = ''

  /** Starts the real server on this data directory (a child process that must stay its own) and waits until it answers. */
  async function start() {
    const app = await spawnServer({ dataDir, env: { ATRIUM_LABS_PER_TENANT: String(BURST) }, startMs: 60_000 })
    server = app.child
    base = app.url
    applianceId = applianceIdOf(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).jwtSecret)
  }
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: await res.json().catch(() => null) }
  }
  const signIn = async () => {
    const q = new URLSearchParams({
      tenantId: '100001',
      username: 'admin',
      password: md5Hex('admin'),
      grant_type: 'password',
    })
    const r = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
      method: 'POST',
      headers: { authorization: BASIC, 'tenant-id': '100001' },
    })
    return ((await r.json()) as { access_token: string }).access_token
  }
  const open = (token: string, experimentId: string) =>
    call('GET', `/api/hm-experiment/experiment/openExperimentToContainer?experimentId=${experimentId}`, token)
  /** The running rows as the database holds them (a second connection, as the CLI would open). */
  const runningRows = async () => {
    const db = openDatabase(await applianceDatabaseConfig(dataDir))
    try {
      return await db
        .select()
        .from(userContainer)
        .where(and(eq(userContainer.state, 'running'), eq(userContainer.tenantId, '100001')))
    } finally {
      await closeDb(db)
    }
  }
  const engineLabs = async () =>
    (
      await engine().listContainers({
        all: true,
        filters: JSON.stringify({ label: [`${L.appliance}=${applianceId}`] }),
      })
    ).filter((c) => c.Labels[L.lab])

  // Removing a burst's containers and networks can pass 30 s when the whole suite loads the machine.
  afterAll(async () => {
    server?.kill('SIGKILL')
    if (applianceId) await removeApplianceObjects(applianceId)
    rmSync(dataDir, { recursive: true, force: true })
  }, 120_000)

  it('after the restart every row agrees with the engine and the quota is free again', async () => {
    await start()
    let token = await signIn()
    const { experimentIds } = await schoolExperiments((p, tk, b) => call('POST', p, tk, b), token, BURST + 1)
    const dying = server!
    const exited = new Promise((r) => dying.once('exit', r))

    // A class opens at once; the server dies as soon as some containers exist but rows still lack them.
    const burst = experimentIds.slice(0, BURST).map((id) => open(token, id).catch(() => null))
    for (let i = 0; i < 1200; i++) {
      const unstarted = (await runningRows()).filter((r) => !r.containerId).length
      if (unstarted > 0 && (await engineLabs()).length > 0) break
      await new Promise((r) => setTimeout(r, 25))
    }
    dying.kill('SIGKILL')
    await exited
    await Promise.all(burst)
    const left = await runningRows()
    // The crash left what the issue describes: places claimed with no container id.
    expect(left.filter((r) => !r.containerId).length).toBeGreaterThan(0)

    await start()
    const rows = await runningRows()
    const containers = await engineLabs()
    expect(rows.filter((r) => !r.containerId)).toEqual([])
    // Every running row names a running container of its own; every lab container belongs to a running row.
    const byId = new Map(containers.map((c) => [c.Id, c]))
    for (const r of rows) {
      expect(byId.get(r.containerId!)?.State).toBe('running')
      expect(byId.get(r.containerId!)?.Labels[L.lab]).toBe(r.id)
    }
    expect(containers.map((c) => c.Id).sort()).toEqual(rows.map((r) => r.containerId).sort())

    // The school's places are free again: the next learner gets a lab, not 429.
    token = await signIn()
    const next = await open(token, experimentIds[BURST])
    expect(next.status, JSON.stringify(next.body)).toBe(200)
  })
})
