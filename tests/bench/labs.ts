/**
 * npm run bench, labs part (bun tests/bench/labs.ts), on the real local engine:
 *   1. open → terminal usable: from the learner's openExperimentToContainer
 *      call to the first prompt byte over the terminal WebSocket, against the
 *      same image started raw (create + start + exec with a TTY through the
 *      engine API, no appliance) in the same run, interleaved. Cold (a new
 *      container per learner) and warm (handed over from the image's pool).
 *      Targets: cold ≤ 1.2× raw, warm < 1.0× raw.
 *   2. a class of 40 learners opening at once: time until all 40 have a
 *      prompt (target ≤ 15 s on this 2-core machine) — cold (nothing
 *      prepared), and after the teacher warmed the class's worth with
 *      `atrium labs pool IMAGE --count 40` (a separate process; the running
 *      server adopts its containers), with how long that warming took.
 *   3. how many labs this machine holds at the default limits (memory limit
 *      per lab, host memory) and at the idle memory the 40 labs really used.
 * Env: BENCH_LAB_ROUNDS (5), BENCH_CLASS (40).
 */
import { first } from '../../server/lib/rows.ts'
import Docker from 'dockerode'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { and, eq } from 'drizzle-orm'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { makeCtx, systemActor } from '../../server/lib/context.ts'
import { closeDb } from '../../server/lib/db.ts'
import { experiment, labImage } from '../../db/schema/index.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'
import { createUser } from '../../server/modules/system/user-create.ts'
import { userResource } from '../../server/modules/system/user.ts'
import { enrol } from '../../server/modules/lab/experiment-user.ts'
import { dockerSocket } from '../../server/lib/config.ts'
import { applianceIdOf, L } from '../../server/modules/lab/engine/names.ts'
import { loadSecrets } from '../../server/lib/secrets.ts'
import { packOwnedDir } from '../../server/modules/lab/engine/archive.ts'
import { freePort } from '../support/browser.ts'
import { ensureLabImage, LAB_IMAGE } from '../support/lab-image.ts'
import { removeApplianceObjects } from '../support/docker.ts'

const ROUNDS = Number(process.env.BENCH_LAB_ROUNDS ?? 5)
const CLASS = Number(process.env.BENCH_CLASS ?? 40)
// A prompt ends the output, possibly followed by the shell's cursor-position query (ESC [6n) to the terminal.
const PROMPT = /[$#] (\x1b\[[0-9;?]*[A-Za-z])*$/
const POOL = 3

const ready = await ensureLabImage()
if (!ready.ok) {
  console.log(`\nlabs bench skipped: ${ready.reason}`)
  process.exit(process.env.CI ? 1 : 0)
}

const docker = new Docker({ socketPath: dockerSocket() })
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-labbench-'))
let app: ChildProcess | undefined
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ms = (n: number) => `${n.toFixed(0)} ms`
const stage = (text: string) => process.stderr.write(`labs bench: ${text}\n`)

/** Waits on a WebSocket terminal until a prompt arrives; answers ms since `t0`. */
function promptOver(url: string, token: string, lab: string, t0: number): Promise<number> {
  return new Promise((ok, no) => {
    const ws = new WebSocket(url)
    let out = ''
    const timer = setTimeout(() => {
      ws.close()
      no(new Error(`no prompt within 60 s: ${JSON.stringify(out)}`))
    }, 60_000)
    ws.addEventListener('open', () => ws.send(JSON.stringify({ t: 'auth', token, lab, cols: 80, rows: 24 })))
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data))
      if (m.t === 'o' || m.t === 'hello') out += m.d ?? m.replay ?? ''
      if (PROMPT.test(out)) {
        clearTimeout(timer)
        const t = performance.now() - t0
        ws.close()
        ok(t)
      }
      if (m.t === 'exit') {
        clearTimeout(timer)
        no(new Error(`terminal refused: ${m.reason}`))
      }
    })
  })
}

/** A TTY shell exec'd in the running container, as the appliance's terminal does; answers ms since `t0` at its prompt. */
async function shellPrompt(c: Docker.Container, t0: number, user?: string, workspace = '/workspace'): Promise<number> {
  const exec = await c.exec({
    Cmd: ['/bin/sh'],
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    Tty: true,
    User: user,
    Env: ['TERM=xterm-256color', `HOME=${workspace}`],
    WorkingDir: workspace,
  })
  const stream = await exec.start({ hijack: true, stdin: true, Tty: true })
  return new Promise<number>((ok) => {
    let out = ''
    stream.on('data', (d: Buffer) => {
      out += d.toString()
      if (PROMPT.test(out)) {
        ok(performance.now() - t0)
        stream.destroy()
      }
    })
  })
}

/**
 * The baseline: the same image run raw through the engine API, then a TTY
 * exec, until its prompt. The container is removed at once, or handed to
 * `keep` (a class of raw containers stays up together, like the labs do).
 */
async function raw(keep?: Docker.Container[]): Promise<number> {
  const t0 = performance.now()
  const c = await docker.createContainer({
    Image: LAB_IMAGE,
    Tty: true,
    OpenStdin: true,
    Labels: { 'atrium.bench': 'raw' },
    HostConfig: { NetworkMode: 'none', Memory: 128 * 1048576, NanoCpus: 5e8, PidsLimit: 64 },
  })
  try {
    await c.start()
    return await shellPrompt(c, t0)
  } finally {
    if (keep) keep.push(c)
    else await c.remove({ force: true })
  }
}

/**
 * The second baseline: raw again, but the container as the appliance's policy makes a lab (copied from a lab the
 * appliance started: its user, dropped capabilities, read-only root and /tmp, limits) on a new workspace volume
 * made writable for that user the way the engine allows without a capability — an archive of the folder entry owned
 * by the user (server/modules/lab/engine/docker.ts); Docker 20.10 extracts archives by starting its untar helper
 * in a chroot, about 50 ms here. Against it, the ratio is what the appliance itself adds to a cold open.
 */
async function rawAsLab(lab: Docker.ContainerInspectInfo): Promise<number> {
  const h = lab.HostConfig
  const workspace = lab.Config.WorkingDir || '/workspace'
  const volume = `atrium-bench-raw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  const t0 = performance.now()
  const c = await docker.createContainer({
    Image: LAB_IMAGE,
    Tty: true,
    OpenStdin: true,
    User: lab.Config.User,
    WorkingDir: workspace,
    Labels: { 'atrium.bench': 'raw' },
    HostConfig: {
      CapDrop: h.CapDrop ?? undefined,
      SecurityOpt: h.SecurityOpt ?? undefined,
      ReadonlyRootfs: h.ReadonlyRootfs,
      Tmpfs: h.Tmpfs,
      Memory: h.Memory,
      MemorySwap: h.MemorySwap,
      NanoCpus: h.NanoCpus,
      PidsLimit: h.PidsLimit ?? undefined,
      NetworkMode: 'none',
      Mounts: [{ Type: 'volume', Source: volume, Target: workspace }],
    },
  })
  try {
    await c.putArchive(await packOwnedDir(`../${posix.basename(workspace)}/`, lab.Config.User), { path: workspace })
    await c.start()
    return await shellPrompt(c, t0, lab.Config.User, workspace)
  } finally {
    await c.remove({ force: true, v: true })
    await docker
      .getVolume(volume)
      .remove()
      .catch(() => undefined)
  }
}

/** Host memory a running container costs outside its cgroup: its containerd shim's resident set (MB). */
function shimRssMb(containerIds: string[]): number[] {
  const wanted = new Set(containerIds)
  const out: number[] = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      const id = cmd[cmd.indexOf('-id') + 1]
      if (!cmd[0]?.includes('containerd-shim') || !wanted.has(id)) continue
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
      out.push(kb / 1024)
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out
}

try {
  // A data directory with the demo lab, learners enrolled, and the limits out of the way (quotas are measured elsewhere).
  const services = await boot(loadConfig({ ATRIUM_DATA_DIR: dataDir }), { logLevel: 'silent' })
  const ctx = makeCtx(services.db, systemActor('000000'))
  const exp = (await first(
    services.db
      .select()
      .from(experiment)
      .where(and(eq(experiment.tenantId, '000000'), eq(experiment.title, 'Linux 命令行入门'))),
  ))!
  const learners = Array.from({ length: ROUNDS * 2 + CLASS * 2 }, (_, i) => `lab${String(i).padStart(3, '0')}`)
  const ids: string[] = []
  for (const account of learners)
    ids.push(
      String(
        (await createUser(ctx, { account, realName: account, password: md5Hex('bench'), roleAliases: ['student'] })).id,
      ),
    )
  await enrol(ctx, exp.id, ids, await userResource.scope(ctx))
  const appliance = applianceIdOf(loadSecrets(dataDir).jwtSecret)
  await closeDb(services.db)
  stage(`${learners.length} learners enrolled`)

  const [port, mqttPort] = [await freePort(), await freePort()]
  app = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      ATRIUM_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ATRIUM_LABS_MAX: '200',
      ATRIUM_LABS_PER_TENANT: '200',
    },
    stdio: 'ignore',
  })
  const base = `http://127.0.0.1:${port}`
  for (
    let i = 0;
    i < 150 &&
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await Bun.sleep(100)
  const wsUrl = `ws://127.0.0.1:${port}/api/hm-experiment/experiment/terminal`
  const login = async (account: string, pw: string) =>
    (
      await (
        await fetch(
          `${base}/api/blade-auth/oauth/token?tenantId=000000&username=${account}&password=${md5Hex(pw)}&grant_type=password`,
          {
            method: 'POST',
            headers: { authorization: `Basic ${btoa('saber:saber_secret')}` },
          },
        )
      ).json()
    ).access_token as string
  const admin = await login('admin', 'admin')
  const tokens = new Map<string, string>()
  for (const a of learners) tokens.set(a, await login(a, 'bench'))
  const api = async (path: string, token: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, {
      ...init,
      headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    })
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> }
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`)
    return body.data
  }
  const openLab = async (account: string) => {
    const token = tokens.get(account)!
    const t0 = performance.now()
    const lab = await api(`/api/hm-experiment/experiment/openExperimentToContainer?experimentId=${exp.id}`, token)
    return promptOver(wsUrl, token, String(lab.id), t0)
  }
  const setPool = (n: number) =>
    api('/api/hm-images/images/submit', admin, {
      method: 'POST',
      body: JSON.stringify({ id: exp.imagesName, poolSize: n }),
    })
  const pooled = async () =>
    (await docker.listContainers({ filters: JSON.stringify({ label: [`${L.appliance}=${appliance}`, L.pool] }) }))
      .length
  const waitPool = async (n: number) => {
    for (let i = 0; i < 300 && (await pooled()) < n; i++) await Bun.sleep(100)
  }
  const stopAll = async () => {
    const running = (await api('/api/hm-userContainer/userContainer/running?size=500', admin)) as unknown as {
      records: { id: string }[]
    }
    if (running.records.length)
      await api(`/api/hm-userContainer/userContainer/stop?ids=${running.records.map((r) => r.id).join(',')}`, admin, {
        method: 'POST',
      })
  }

  stage('appliance up, learners signed in')
  await raw() // warm-up: image layers in the page cache, engine paths hot
  let next = 0
  const cold: number[] = [],
    warm: number[] = [],
    rawCold: number[] = [],
    rawWarm: number[] = []
  const rawLab: number[] = []
  let labInfo: Docker.ContainerInspectInfo | undefined
  for (let i = 0; i < ROUNDS; i++) {
    rawCold.push(await raw())
    cold.push(await openLab(learners[next++]))
    if (!labInfo) {
      const [one] = await docker.listContainers({
        filters: JSON.stringify({ label: [`${L.appliance}=${appliance}`, L.lab] }),
      })
      labInfo = await docker.getContainer(one.Id).inspect()
    }
    rawLab.push(await rawAsLab(labInfo))
  }
  stage('cold rounds done')
  await setPool(POOL)
  for (let i = 0; i < ROUNDS; i++) {
    await waitPool(POOL)
    await Bun.sleep(300)
    rawWarm.push(await raw())
    warm.push(await openLab(learners[next++]))
  }
  await setPool(0)
  await stopAll()
  await Bun.sleep(500)

  stage('warm rounds done')
  // The baseline class: the same image started raw 40 times at once, each to its prompt.
  const rawClass: Docker.Container[] = []
  const r0 = performance.now()
  await Promise.all(Array.from({ length: CLASS }, () => raw(rawClass)))
  const rawClassMs = performance.now() - r0
  await Promise.all(rawClass.map((c) => c.remove({ force: true }).catch(() => undefined)))
  await Bun.sleep(1000)
  // The class: everyone clicks at once, nothing warm.
  const t0 = performance.now()
  const each = await Promise.all(learners.slice(next, next + CLASS).map((a) => openLab(a)))
  const classMs = performance.now() - t0
  next += CLASS
  const running = (await api('/api/hm-userContainer/userContainer/running?size=500', admin)) as unknown as {
    records: { memoryMb: number | null }[]
  }
  const used = running.records.map((r) => r.memoryMb ?? 0).filter((m) => m > 0)
  const idleMb = used.length ? used.reduce((a, b) => a + b, 0) / used.length : NaN
  const labIds = (
    await docker.listContainers({ filters: JSON.stringify({ label: [`${L.appliance}=${appliance}`, L.lab] }) })
  ).map((c) => c.Id)
  const shims = shimRssMb(labIds)
  const shimMb = shims.length ? shims.reduce((a, b) => a + b, 0) / shims.length : 0
  await stopAll()
  stage('cold class done')

  // The same class after the teacher warmed its worth from the CLI, beside the running server.
  const w0 = performance.now()
  const cli = Bun.spawnSync(
    [process.execPath, 'cli/main.ts', 'labs', 'pool', exp.imagesName, '--count', String(CLASS), '--json'],
    { env: { ...process.env, ATRIUM_DATA_DIR: dataDir } },
  )
  if (cli.exitCode !== 0) throw new Error(`atrium labs pool: ${cli.stdout} ${cli.stderr}`)
  const warmingMs = performance.now() - w0
  // The server adopts them on its next reaper pass; the running-labs pool view syncs at once.
  const pools = (await api('/api/hm-userContainer/userContainer/pool', admin)) as unknown as { ready: number }[]
  const adopted = pools.reduce((a, p) => a + p.ready, 0)
  await Bun.sleep(2000) // let the engine settle after 40 starts, as a classroom would before the bell
  const tw = performance.now()
  const eachWarm = await Promise.all(learners.slice(next, next + CLASS).map((a) => openLab(a)))
  const warmClassMs = performance.now() - tw
  await stopAll()

  const memTotalMb = Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024
  const defaults = {
    memoryMb: labImage.memoryMb.default as number,
    cpus: labImage.cpus.default as number,
    pids: labImage.pidsLimit.default as number,
  }
  const reserveMb = 1024 // the appliance, the engine and the OS
  const byLimit = Math.floor((memTotalMb - reserveMb) / defaults.memoryMb)
  const hostCostMb = idleMb + shimMb
  const byUse = Math.floor((memTotalMb - reserveMb) / hostCostMb)

  const coldRatio = median(cold) / median(rawCold),
    warmRatio = median(warm) / median(rawWarm)
  console.log(
    `\nlabs on the local engine · ${ROUNDS} rounds, medians, interleaved with the raw baseline · ${new Date().toISOString()} · load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} · ${cpus().length} cores`,
  )
  console.log(
    `${'open → first prompt over the terminal'.padEnd(44)}${'atrium'.padStart(9)}${'raw'.padStart(9)}${'ratio'.padStart(8)}  target`,
  )
  console.log(
    `${'  cold (new container)'.padEnd(44)}${ms(median(cold)).padStart(9)}${ms(median(rawCold)).padStart(9)}${coldRatio.toFixed(2).padStart(8)}  ≤ 1.20 ${coldRatio <= 1.2 ? 'ok' : 'MISS'}`,
  )
  console.log(
    `${'    raw as the policy makes a lab (same user,'.padEnd(44)}${''.padStart(9)}${ms(median(rawLab)).padStart(9)}${(median(cold) / median(rawLab)).toFixed(2).padStart(8)}  (what the appliance adds)`,
  )
  console.log(`      read-only root, capabilities, a workspace made writable for the user: ${labInfo?.Config.User})`)
  console.log(
    `${`  warm (pool of ${POOL} per image)`.padEnd(44)}${ms(median(warm)).padStart(9)}${ms(median(rawWarm)).padStart(9)}${warmRatio.toFixed(2).padStart(8)}  < 1.00 ${warmRatio < 1 ? 'ok' : 'MISS'}`,
  )
  console.log(
    `\na class of ${CLASS} opening at once (cold): all terminals usable after ${(classMs / 1000).toFixed(1)} s (slowest learner ${ms(Math.max(...each))}, median ${ms(median(each))}; raw: ${CLASS} × create+start+exec at once ${(rawClassMs / 1000).toFixed(1)} s, ratio ${(classMs / rawClassMs).toFixed(2)}) · target ≤ 15 s ${classMs <= 15_000 ? 'ok' : 'MISS'}`,
  )
  console.log(
    `a class of ${CLASS} after \`atrium labs pool --count ${CLASS}\` (${(warmingMs / 1000).toFixed(1)} s to warm, ${adopted} adopted by the server): all usable after ${(warmClassMs / 1000).toFixed(1)} s (slowest ${ms(Math.max(...eachWarm))}, median ${ms(median(eachWarm))}) · target ≤ 15 s ${warmClassMs <= 15_000 ? 'ok' : 'MISS'}`,
  )
  console.log(
    `\ncapacity at the default limits (${defaults.memoryMb} MB, ${defaults.cpus} CPU, ${defaults.pids} pids per lab; ${memTotalMb.toFixed(0)} MB RAM, ${reserveMb} MB kept for the system):`,
  )
  console.log(`  every lab able to use its whole memory limit: ${byLimit} labs`)
  console.log(
    `  at what the ${used.length} idle labs above really cost the host (${idleMb.toFixed(1)} MB in the container + ${shimMb.toFixed(1)} MB for its containerd shim, over ${shims.length} shims): ${byUse} labs by memory — so the bound is the host quota ATRIUM_LABS_MAX (default 60) and the ${cpus().length} shared cores (a class of ${CLASS} starting at once above)`,
  )
  if (coldRatio > 1.2 || warmRatio >= 1 || classMs > 15_000 || warmClassMs > 15_000) process.exitCode = 1
} finally {
  app?.kill('SIGTERM')
  await Bun.sleep(500)
  const secret = (() => {
    try {
      return loadSecrets(dataDir).jwtSecret
    } catch {
      return ''
    }
  })()
  if (secret) await removeApplianceObjects(applianceIdOf(secret))
  for (const c of await docker.listContainers({ all: true, filters: JSON.stringify({ label: ['atrium.bench=raw'] }) }))
    await docker
      .getContainer(c.Id)
      .remove({ force: true })
      .catch(() => undefined)
  rmSync(dataDir, { recursive: true, force: true })
}
