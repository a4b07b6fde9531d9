import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { SQL } from 'bun'
import { threadId } from 'node:worker_threads'
import { createApp } from '../../server/app.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { makeCtx, systemActor } from '../../server/lib/context.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`

export interface CallOptions {
  token?: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  headers?: Record<string, string>
  lang?: 'zh' | 'en'
}

// On globalThis, not in this module: a file that resets the worker's modules (vi.resetModules) must not start the
// count again and name a database that exists.
const copyCount = globalThis as { atriumTestCopies?: number }

/**
 * A copy of the run's seeded template for one appliance: the SQLite file copied into `dataDir`, or on PostgreSQL
 * (ATRIUM_TEST_ENGINE=postgres, tests/support/global-setup.ts) a database created from the template. Answers the
 * environment that points the appliance at it.
 */
export async function seededDatabase(dataDir: string): Promise<Record<string, string>> {
  const admin = process.env.ATRIUM_TEST_PG_ADMIN
  if (!admin) {
    if (process.env.ATRIUM_TEST_TEMPLATE) copyFileSync(process.env.ATRIUM_TEST_TEMPLATE, join(dataDir, 'atrium.db'))
    return {}
  }
  copyCount.atriumTestCopies = (copyCount.atriumTestCopies ?? 0) + 1
  const name = `atrium_t${process.pid}_${threadId}_${copyCount.atriumTestCopies}`
  const client = new SQL(admin, { max: 1 })
  try {
    await client.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${process.env.ATRIUM_TEST_PG_TEMPLATE}"`)
  } finally {
    await client.close()
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return { ATRIUM_DATABASE_URL: url.toString() }
}

/**
 * A real app over its own copy of the seeded database in a temporary data
 * directory, driven through app.handle() with real Requests. Awaited: booting
 * queries the database. Call it at a module's top level or in an async
 * describe body, so the afterAll it registers lands in that suite.
 */
export async function testApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'))
  const database = await seededDatabase(dataDir)
  const services = await boot(
    loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'no-web'), ...database, ...env }),
    { logLevel: 'silent' },
  )
  const app = createApp(services)
  afterAll(async () => {
    await closeDb(services.db)
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function call(method: string, path: string, o: CallOptions = {}) {
    const url = new URL(`http://localhost${path}`)
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    const headers: Record<string, string> = { ...(o.lang ? { 'accept-language': o.lang } : {}), ...o.headers }
    if (o.token) headers['blade-auth'] = `bearer ${o.token}`
    let body: BodyInit | undefined
    if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body)
    }
    const res = await app.handle(new Request(url, { method, headers, body }))
    const text = await res.text()
    let json: any
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
    return { status: res.status, body: json }
  }

  /** Signs in with the password grant and returns the token response. */
  async function signIn(account: string, password = account, tenantId = '000000') {
    const r = await call('POST', '/api/blade-auth/oauth/token', {
      query: {
        tenantId,
        username: account,
        password: md5Hex(password),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      },
      headers: { authorization: BASIC, 'tenant-id': tenantId },
    })
    if (r.status !== 200) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(r.body)}`)
    return r.body as {
      access_token: string
      refresh_token: string
      user_id: string
      role_name: string
      tenant_id: string
    }
  }

  /** Signs in and returns just the access token. */
  const token = async (account: string, password = account, tenantId = '000000') =>
    (await signIn(account, password, tenantId)).access_token

  const get = (path: string, token?: string, query?: CallOptions['query']) => call('GET', path, { token, query })
  const post = (path: string, token?: string, body?: unknown, query?: CallOptions['query']) =>
    call('POST', path, { token, body, query })

  /** A Ctx acting as the system for a tenant, for arranging data directly through operations. */
  const system = (tenantId = '000000') => makeCtx(services.db, systemActor(tenantId))

  return { app, services, dataDir, call, get, post, signIn, token, system }
}
