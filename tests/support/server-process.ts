/**
 * The real appliance as a child process (server/main.ts, or a test's own entry
 * wrapping it) on free ports, waited for until /api/health answers: what the
 * browser suites, the broker tests and the several-processes tests all start.
 * One way to spawn it, so a new environment variable or a slower start is
 * changed in one place.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

/** Where `npm run build` (and ensureWebBundle) puts the web app the server serves. */
export const WEB_DIST = resolve('web/dist')

export const freePort = () =>
  new Promise<number>((ok, no) => {
    const s = createServer()
    s.once('error', no)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => ok(port))
    })
  })

export interface ServerPorts {
  port: number
  mqttPort: number
}

export const freePorts = async (): Promise<ServerPorts> => ({ port: await freePort(), mqttPort: await freePort() })

export interface ServerProcess extends ServerPorts {
  url: string
  mqttUrl: string
  child: ChildProcess
}

export interface SpawnOptions {
  dataDir: string
  /** Added to (and overriding) the defaults: ports, host, data directory, web bundle, LOG_LEVEL=warn. */
  env?: Record<string, string>
  /** The same ports again (a restart on the same data directory); fresh ones when left out. */
  ports?: ServerPorts
  entry?: string
  /** The child's standard output: ignored unless a test reads it. */
  stdout?: 'ignore' | 'inherit' | 'pipe'
  /** How long the start may take before the test fails. */
  startMs?: number
}

/** Spawns the server and resolves once /api/health answers 200; fails if it exits or takes longer than startMs. */
export async function spawnServer(o: SpawnOptions): Promise<ServerProcess> {
  const ports = o.ports ?? (await freePorts())
  const url = `http://127.0.0.1:${ports.port}`
  const child = spawn(process.execPath.includes('bun') ? process.execPath : 'bun', [o.entry ?? 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(ports.port),
      MQTT_PORT: String(ports.mqttPort),
      HOST: '127.0.0.1',
      ATRIUM_DATA_DIR: o.dataDir,
      ATRIUM_WEB_DIST: WEB_DIST,
      LOG_LEVEL: 'warn',
      ...o.env,
    },
    stdio: ['ignore', o.stdout ?? 'ignore', 'inherit'],
  })
  const deadline = Date.now() + (o.startMs ?? 30_000)
  for (;;) {
    if ((await fetch(`${url}/api/health`).catch(() => undefined))?.ok) break
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL')
      throw new Error(`appliance did not start on ${url}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { ...ports, url, mqttUrl: `mqtt://127.0.0.1:${ports.mqttPort}`, child }
}

/** Stops a child (SIGTERM: a clean shutdown; SIGKILL: a power cut) and waits for it to be gone. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((r) => child.once('exit', r))
  child.kill(signal)
  await gone
}
