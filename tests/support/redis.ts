/**
 * A private redis-server (Debian's `redis-server`) for the broker-across-processes suites: on a free port of
 * 127.0.0.1, nothing saved to disk, stopped with the suite. Without the binary they skip with a printed
 * reason; in CI (CI=true) that is a failure, as for Docker and Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { freePort } from './browser.ts'

const missing = spawnSync('redis-server', ['--version']).error
  ? 'redis-server not found (apt-get install -y redis-server)'
  : ''

export function describeRedis(name: string, body: () => void) {
  if (!missing) return describe(name, body)
  if (process.env.CI)
    return describe(name, () =>
      it(`needs Redis: ${missing}`, () => {
        throw new Error(missing)
      }),
    )
  console.warn(`[skip] ${name}: ${missing}`)
  return describe.skipIf(true)(name, body)
}

const answers = (port: number) =>
  new Promise<boolean>((ok) => {
    const s = createConnection(port, '127.0.0.1')
    s.once('data', (d) => {
      s.destroy()
      ok(d.toString().startsWith('+PONG'))
    })
    s.once('error', () => ok(false))
    s.once('connect', () => s.write('PING\r\n'))
  })

/** Starts redis-server; answers its URL and how to stop it. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'atrium-redis-'))
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  )
  const deadline = Date.now() + 10_000
  while (!(await answers(port))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('redis-server did not start')
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
