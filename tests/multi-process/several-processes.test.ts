import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { device, job } from '../../db/schema/index.ts'
import { closeDb, openDatabase, type Db } from '../../server/lib/db.ts'
import { enqueue } from '../../server/lib/jobs.ts'
import { first } from '../../server/lib/rows.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'
import {
  call as callNode,
  signIn,
  startNode as startProbeNode,
  stopNode,
  until,
  type Node,
} from '../support/processes.ts'
import { BASIC } from '../support/harness.ts'
import { applianceDatabaseConfig } from '../support/server-process.ts'

/**
 * Issue #27 on real appliance processes (server/main.ts through probe-entry.ts) sharing one data directory and one
 * database (the SQLite file, or on PostgreSQL one database for all of them — tests/support/server-process.ts):
 * a job runs once, a schedule slot runs once, a sign-in on one is a session on the other, a device online on one process stays online when another starts,
 * and a killed process's job is taken over only once its lease ran out, then finishes once.
 */
const LEASE_MS = 1500
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-multi-'))
if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))

const nodes: Node[] = []

async function startNode(): Promise<Node> {
  const node = await startProbeNode(
    dataDir,
    { ATRIUM_LEASE_MS: String(LEASE_MS) },
    'tests/multi-process/probe-entry.ts',
  )
  nodes.push(node)
  return node
}

type Probe = { pid: number; at: number; event: 'start' | 'done' | 'slot'; job?: string; slot?: string }
const probes = (): Probe[] => {
  try {
    return readFileSync(join(dataDir, 'probe.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  } catch {
    return []
  }
}
const release = (id: string) => writeFileSync(join(dataDir, `release-${id}`), '')

let a: Node, db: Db

beforeAll(async () => {
  a = await startNode() // migrates first
  await startNode()
  db = openDatabase(await applianceDatabaseConfig(dataDir))
}, 90_000)

afterAll(async () => {
  for (const n of nodes) await stopNode(n)
  await closeDb(db)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('several appliance processes on one database', () => {
  it('each job enqueued runs once, whichever process claims it', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => enqueue(db, 'test.probe', {})))
    // One probe at a time per process: released up front, each runs straight through.
    ids.forEach(release)
    const state = async (id: string) => (await first(db.select().from(job).where(eq(job.id, id))))?.state
    await until(async () => (await Promise.all(ids.map(state))).every((s) => s === 'done'))
    for (const id of ids) {
      expect(probes().filter((p) => p.event === 'start' && p.job === id)).toHaveLength(1)
      expect(probes().filter((p) => p.event === 'done' && p.job === id)).toHaveLength(1)
      expect(await first(db.select().from(job).where(eq(job.id, id)))).toMatchObject({ attempts: 1, leaseOwner: null })
    }
  })

  it('each schedule slot runs in one process only', async () => {
    const before = probes().filter((p) => p.event === 'slot').length
    await until(() => probes().filter((p) => p.event === 'slot').length >= before + 6)
    const slots = probes().filter((p) => p.event === 'slot')
    const perSlot = new Map<string, number>()
    for (const s of slots) perSlot.set(s.slot!, (perSlot.get(s.slot!) ?? 0) + 1)
    expect([...perSlot.entries()].filter(([, n]) => n > 1)).toEqual([])
  })

  it('a sign-in on one process is a session on the other, and a sign-out on either ends it on both', async () => {
    const [x, y] = nodes
    const token = await signIn(x, 'admin')
    const info = (n: Node) => callNode(n, 'GET', '/api/blade-auth/oauth/user-info', { token })
    expect(await info(x)).toMatchObject({ status: 200, body: { data: { account: 'admin' } } })
    expect(await info(y)).toMatchObject({ status: 200, body: { data: { account: 'admin' } } })
    expect((await callNode(y, 'GET', '/api/blade-auth/oauth/logout', { token })).status).toBe(200)
    expect((await info(x)).status).toBe(401)
    expect((await info(y)).status).toBe(401)
  })

  it('a device online through one process stays online when another process starts, and goes offline on disconnect', async () => {
    const call = async (path: string, token: string, body?: unknown, query: Record<string, string> = {}) => {
      const u = new URL(a.url + path)
      for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v)
      const res = await fetch(u, {
        method: body ? 'POST' : 'GET',
        headers: { 'blade-auth': `bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
      return (await res.json()) as any
    }
    const u = new URL(`${a.url}/api/blade-auth/oauth/token`)
    for (const [k, v] of Object.entries({
      tenantId: '000000',
      username: 'admin',
      password: md5Hex('admin'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    }))
      u.searchParams.set(k, v)
    const token = (
      (await (
        await fetch(u, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' } })
      ).json()) as any
    ).access_token
    const p = await call('/api/blade-product/product/submit', token, {
      name: '多进程产品',
      categoryId: 1,
      keepAliveTime: 60,
    })
    const d = await call('/api/blade-device/device/submit', token, {
      name: '多进程设备',
      productId: p.data.id,
      sn: 'multi-1',
    })
    const secret = (await call('/api/blade-device/device/secret', token, undefined, { id: d.data.id })).data.secret
    const status = async () =>
      (await first(db.select({ status: device.status }).from(device).where(eq(device.id, d.data.id))))!.status
    const client = await new Promise<MqttClient>((ok, fail) => {
      const c = mqtt.connect(a.mqttUrl, {
        username: `${p.data.productKey}/multi-1`,
        password: secret,
        reconnectPeriod: 0,
      })
      c.once('connect', () => ok(c))
      c.once('error', fail)
    })
    await until(async () => (await status()) === 1)
    const c = await startNode()
    // C's start-up sweep ran before it answered health; give it a few of its periodic sweeps too.
    const swept = Date.now() + LEASE_MS
    await until(() => Date.now() > swept)
    expect(await status()).toBe(1)
    await stopNode(c)
    expect(await status()).toBe(1)
    client.end(true)
    await until(async () => (await status()) === 0)
  }, 60_000)

  it('kill -9: the dead process’s job is taken over only once its lease ran out, and finishes once', async () => {
    const id = await enqueue(db, 'test.probe', {})
    await until(() => probes().some((p) => p.event === 'start' && p.job === id))
    const started = probes().find((p) => p.event === 'start' && p.job === id)!
    const holder = nodes.find((n) => n.child.pid === started.pid)!
    await stopNode(holder, 'SIGKILL')
    const lease = (await first(db.select().from(job).where(eq(job.id, id))))!
    expect(lease.state).toBe('running')
    await until(() => probes().filter((p) => p.event === 'start' && p.job === id).length === 2)
    const second = probes().filter((p) => p.event === 'start' && p.job === id)[1]!
    expect(second.pid).not.toBe(started.pid)
    // Taken over only after the lease the killed process last renewed had run out.
    expect(second.at).toBeGreaterThanOrEqual(lease.leaseUntil!)
    release(id)
    await until(async () => (await first(db.select().from(job).where(eq(job.id, id))))?.state === 'done')
    expect(probes().filter((p) => p.event === 'done' && p.job === id)).toHaveLength(1)
    expect(await first(db.select().from(job).where(eq(job.id, id)))).toMatchObject({ attempts: 1, leaseOwner: null })
  }, 60_000)
})
