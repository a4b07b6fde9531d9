/**
 * The real appliance as a child process (server/main.ts, or a test's own entry
 * wrapping it) on free ports, waited for until /api/health answers: what the
 * browser suites, the broker tests and the several-processes tests all start.
 * One way to spawn it, so a new environment variable or a slower start is
 * changed in one place.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { SQL } from 'bun'
import { Database, type SQLQueryBindings } from 'bun:sqlite'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** Where `npm run build` (and ensureWebBundle) puts the web app the server serves. */
export const WEB_DIST = resolve('web/dist')

/** Ports this process claimed (below), released when it exits; a worker thread's stay until a claimer finds them dead. */
const claimed = new Set<string>()
const CLAIMS = join(tmpdir(), 'atrium-test-ports')

/**
 * Claims `port` for this process among every test process of the machine: a file created only if absent, holding
 * the claimer's pid (a dead claimer's file is taken over). A port that is free when looked at stays free only until
 * its server binds it, seconds later for an appliance that boots and reconciles its labs first; another suite's
 * look in between found it free too, bound it first, and the test went on talking to that other appliance.
 */
function claim(port: number): boolean {
  mkdirSync(CLAIMS, { recursive: true })
  const file = join(CLAIMS, String(port))
  for (let tries = 0; tries < 2; tries++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      if (!claimed.size) process.once('exit', () => claimed.forEach((f) => rmSync(f, { force: true })))
      claimed.add(file)
      return true
    } catch {
      let owner: number
      try {
        owner = Number(readFileSync(file, 'utf8'))
      } catch {
        continue // released meanwhile: try again
      }
      // An empty file is a claim being written.
      if (!owner || processAlive(owner)) return false
      rmSync(file, { force: true })
    }
  }
  return false
}

/** Whether a process of this machine is there (signal 0 probes without sending; EPERM means it exists). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A port nothing listens on and no other test process holds (claim, above), picked below the kernel's ephemeral
 * range (32768–60999 here). A port the kernel handed out (listen on 0) is one it may hand out again, for any
 * outgoing connection, before the child binds it; with both engines' suites, browsers and PostgreSQL clients busy,
 * an appliance lost its port so and did not start.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; ; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const free =
      claim(port) &&
      (await new Promise<boolean>((ok) => {
        const s = createServer()
        s.once('error', () => ok(false))
        s.listen(port, '127.0.0.1', () => s.close(() => ok(true)))
      }))
    if (free) return port
    if (tries > 50) throw new Error('no free port below the ephemeral range')
  }
}

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

const databases = new Map<string, Promise<Record<string, string>>>()

/**
 * The database of the appliance on `dataDir` in this run's engine (ATRIUM_TEST_ENGINE, tests/support/global-setup.ts).
 * On SQLite: nothing to set, the file is <dataDir>/atrium.db (a test copies the seeded template there, or the
 * appliance starts on an empty directory). On PostgreSQL: a `CREATE DATABASE … TEMPLATE` copy of the seeded template
 * (harness.ts seededDatabase), made once per data directory, so every process started on one data directory — the
 * several-processes tests, a restart — shares ONE database, as they would share the file. Answers the environment
 * that points a process at it ({ ATRIUM_DATABASE_URL } on PostgreSQL, {} on SQLite).
 */
export function applianceDatabase(dataDir: string): Promise<Record<string, string>> {
  if (!process.env.ATRIUM_TEST_PG_ADMIN) return Promise.resolve({})
  const key = resolve(dataDir)
  let database = databases.get(key)
  if (!database) {
    // Imported here: harness.ts loads the whole app, which the benchmarks spawning a server do not need.
    database = import('./harness.ts').then((h) => h.seededDatabase(key))
    databases.set(key, database)
  }
  return database
}

/**
 * What a test opens (server/lib/db.ts openDatabase) to read the database of the appliance on `dataDir` as another
 * connection: the SQLite file, or the PostgreSQL copy its processes share.
 */
export async function applianceDatabaseConfig(dataDir: string): Promise<{ dbFile: string; databaseUrl?: string }> {
  const { ATRIUM_DATABASE_URL } = await applianceDatabase(dataDir)
  return { dbFile: join(dataDir, 'atrium.db'), databaseUrl: ATRIUM_DATABASE_URL }
}

/**
 * One SQL statement on the database of the appliance on `dataDir`, as another connection would run it (a test
 * reading a captcha code, arranging a row): `?` placeholders, written in SQL both engines read. Answers the rows.
 */
export async function applianceQuery<Row = Record<string, unknown>>(
  dataDir: string,
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const { dbFile, databaseUrl } = await applianceDatabaseConfig(dataDir)
  if (!databaseUrl) {
    const db = new Database(dbFile)
    try {
      // The appliance may be mid-write (its jobs, a batch of them): wait for its lock as its own connections do.
      db.exec('PRAGMA busy_timeout = 10000')
      return db.query(text).all(...(params as SQLQueryBindings[])) as Row[]
    } finally {
      db.close()
    }
  }
  let n = 0
  const client = new SQL(databaseUrl, { max: 1 })
  try {
    return [
      ...(await client.unsafe(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      )),
    ] as Row[]
  } finally {
    await client.close()
  }
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
  /**
   * 'seeded' (the default): on PostgreSQL the copy of the seeded template the data directory's processes share
   * (applianceDatabase). 'empty': on PostgreSQL a database of its own with nothing in it, for a first start (on
   * SQLite both are the data directory's file, whatever the test put there).
   */
  database?: 'seeded' | 'empty'
}

/** Spawns the server and resolves once /api/health answers 200; fails if it exits or takes longer than startMs. */
export async function spawnServer(o: SpawnOptions): Promise<ServerProcess> {
  const ports = o.ports ?? (await freePorts())
  const url = `http://127.0.0.1:${ports.port}`
  // A test's env naming the database (or another process's data directory) wins; the worker's own
  // ATRIUM_DATABASE_URL is the template's on PostgreSQL and must never reach an appliance.
  const dataDir = o.env?.ATRIUM_DATA_DIR ?? o.dataDir
  const database = o.env?.ATRIUM_DATABASE_URL
    ? {}
    : o.database === 'empty'
      ? await emptyDatabase(dataDir)
      : await applianceDatabase(dataDir)
  const child = spawn(process.execPath.includes('bun') ? process.execPath : 'bun', [o.entry ?? 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(ports.port),
      MQTT_PORT: String(ports.mqttPort),
      HOST: '127.0.0.1',
      ATRIUM_DATA_DIR: o.dataDir,
      ATRIUM_WEB_DIST: WEB_DIST,
      LOG_LEVEL: 'warn',
      ...database,
      ...o.env,
    },
    stdio: ['ignore', o.stdout ?? 'ignore', 'inherit'],
  })
  const deadline = Date.now() + (o.startMs ?? 30_000)
  for (;;) {
    if ((await fetch(`${url}/api/health`).catch(() => undefined))?.ok) break
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      const how = child.exitCode ?? child.signalCode ?? `still starting after ${o.startMs ?? 30_000} ms`
      child.kill('SIGKILL')
      throw new Error(`appliance did not start on ${url} (${how}; its own messages are above)`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { ...ports, url, mqttUrl: `mqtt://127.0.0.1:${ports.mqttPort}`, child }
}

/** On PostgreSQL a fresh, empty database for the data directory (made once per directory); nothing on SQLite. */
function emptyDatabase(dataDir: string): Promise<Record<string, string>> {
  const admin = process.env.ATRIUM_TEST_PG_ADMIN
  if (!admin) return Promise.resolve({})
  const key = resolve(dataDir)
  let database = databases.get(key)
  if (!database) {
    database = (async () => {
      const name = `atrium_e${process.pid}_${Date.now().toString(36)}_${databases.size}`
      const client = new SQL(admin, { max: 1 })
      try {
        await client.unsafe(`CREATE DATABASE "${name}"`)
      } finally {
        await client.close()
      }
      const url = new URL(admin)
      url.pathname = `/${name}`
      return { ATRIUM_DATABASE_URL: url.toString() }
    })()
    databases.set(key, database)
  }
  return database
}

/** Stops a child (SIGTERM: a clean shutdown; SIGKILL: a power cut) and waits for it to be gone. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((r) => child.once('exit', r))
  child.kill(signal)
  await gone
}
