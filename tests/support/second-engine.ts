/**
 * A second real Docker engine for the lab-host suites: its own dockerd (and the containerd it manages) on a
 * private socket, data root and exec root under /tmp, with the shared lab image loaded from the first engine.
 * Needs root and dockerd; the caller skips (or fails under CI) with the reason answered otherwise.
 */
import Docker from 'dockerode'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dockerSocket } from '../../server/lib/config.ts'
import { it } from 'vitest'
import { describeDocker } from './docker.ts'
import { LAB_IMAGE } from './lab-image.ts'

export interface SecondEngine {
  socket: string
  /** Stops the engine (its containers stop with it); resolves when dockerd has exited. */
  stop(): Promise<void>
  /** Removes its folders once stopped. */
  clean(): void
}

export async function startSecondEngine(): Promise<SecondEngine | { reason: string }> {
  if (process.getuid?.() !== 0) return { reason: 'a second dockerd needs root' }
  if (spawnSync('sh', ['-c', 'command -v dockerd']).status !== 0) return { reason: 'dockerd is not installed' }
  const tag = `atrium-docker2-${process.pid}`
  const root = `/tmp/${tag}`
  const exec = `/tmp/${tag}-exec`
  const socket = `/tmp/${tag}.sock`
  mkdirSync(root, { recursive: true })
  mkdirSync(exec, { recursive: true })
  const child: ChildProcess = spawn(
    'dockerd',
    [
      '--host',
      `unix://${socket}`,
      '--data-root',
      root,
      '--exec-root',
      exec,
      '--pidfile',
      `/tmp/${tag}.pid`,
      '--bridge',
      'none',
      '--iptables=false',
    ],
    { stdio: 'ignore' },
  )
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()))
  const engine = new Docker({ socketPath: socket })
  let up = false
  for (let i = 0; i < 150 && child.exitCode === null; i++) {
    if (
      existsSync(socket) &&
      (await engine.version().then(
        () => true,
        () => false,
      ))
    ) {
      up = true
      break
    }
    await Bun.sleep(200)
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await Promise.race([exited, Bun.sleep(30_000)])
  }
  const clean = () => {
    for (const p of [root, exec, socket, `/tmp/${tag}.pid`]) rmSync(p, { recursive: true, force: true })
  }
  if (!up) {
    await stop()
    clean()
    return { reason: 'the second dockerd did not answer within 30 s' }
  }
  // The lab image, copied from the first engine (no registry is reachable).
  const first = new Docker({ socketPath: dockerSocket() })
  const res = await engine.loadImage((await first.getImage(LAB_IMAGE).get()) as NodeJS.ReadableStream)
  await new Promise((ok, no) => engine.modem.followProgress(res, (e: Error | null) => (e ? no(e) : ok(null))))
  return { socket, stop, clean }
}

/**
 * A Docker suite on two engines: `body` gets the second one once it started. Where it cannot start the suite fails
 * under CI (root with dockerd installed: there it must start) and skips with the reason elsewhere.
 */
export async function describeTwoEngines(name: string, body: (engine: SecondEngine) => void | Promise<void>) {
  const second = await startSecondEngine()
  if ('reason' in second) console.warn(`[${name}] second engine: ${second.reason}`)
  return describeDocker(name, () => {
    if ('reason' in second)
      return void it.skipIf(!process.env.CI)(`needs a second engine: ${second.reason}`, () => {
        throw new Error(second.reason)
      })
    return body(second)
  })
}
