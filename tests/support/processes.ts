import { spawn, type ChildProcess } from 'node:child_process'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { freePort, WEB_DIST } from './browser.ts'
import { BASIC } from './harness.ts'

/** Real appliance processes (server/main.ts) on one data directory, for the several-processes tests (issue #27). */
export interface Node {
  url: string
  mqttUrl: string
  child: ChildProcess
}

export async function until(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** `entry`: the program to run (server/main.ts, or a test's own entry that wraps it). */
export async function startNode(
  dataDir: string,
  env: Record<string, string> = {},
  entry = 'server/main.ts',
): Promise<Node> {
  const [port, mqttPort] = [await freePort(), await freePort()]
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath.includes('bun') ? process.execPath : 'bun', [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      ATRIUM_DATA_DIR: dataDir,
      ATRIUM_WEB_DIST: WEB_DIST,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await until(async () => {
    if (child.exitCode !== null) throw new Error('appliance exited')
    return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok === true
  }, 30_000)
  return { url, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, child }
}

export const exited = (n: Node) => n.child.exitCode !== null || n.child.signalCode !== null

export async function stopNode(n: Node, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (exited(n)) return
  const gone = new Promise((r) => n.child.once('exit', r))
  n.child.kill(signal)
  await gone
}

/** One JSON call to a node: `{ status, body }`. */
export async function call(
  n: Node,
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; query?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const u = new URL(n.url + path)
  for (const [k, v] of Object.entries(o.query ?? {})) u.searchParams.set(k, v)
  const res = await fetch(u, {
    method,
    headers: {
      ...(o.token ? { 'blade-auth': `bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  })
  return { status: res.status, body: await res.json() }
}

export async function signIn(n: Node, username = 'admin', password = username, tenantId = '000000'): Promise<string> {
  const u = new URL(`${n.url}/api/blade-auth/oauth/token`)
  const q = { tenantId, username, password: md5Hex(password), grant_type: 'password', scope: 'all' }
  for (const [k, v] of Object.entries({ ...q, type: 'account' })) u.searchParams.set(k, v)
  const r = await fetch(u, { method: 'POST', headers: { authorization: BASIC, 'tenant-id': tenantId } })
  const body = (await r.json()) as { access_token?: string }
  if (!body.access_token) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`)
  return body.access_token
}
