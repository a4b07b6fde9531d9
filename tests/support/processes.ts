import type { ChildProcess } from 'node:child_process'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { spawnServer, stopChild } from './server-process.ts'
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
  const { url, mqttUrl, child } = await spawnServer({ dataDir, env, entry })
  return { url, mqttUrl, child }
}

export const exited = (n: Node) => n.child.exitCode !== null || n.child.signalCode !== null

export const stopNode = (n: Node, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => stopChild(n.child, signal)

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
