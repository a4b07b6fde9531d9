/**
 * A real, throwaway PostgreSQL for the suites that need one (issue #27): Debian's `postgresql` server binaries
 * (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin), a fresh cluster in a temporary folder on a free port of
 * 127.0.0.1, trust authentication for local connections only, nothing fsynced (a test cluster is thrown away),
 * stopped with the suite. Each test file gets its own database, so files never see each other's rows.
 *
 * PostgreSQL refuses to run as root: as root (CI, this machine) the cluster runs as the `postgres` user the
 * package creates, in folders that user owns; as any other user it runs as that user.
 *
 * Without the binaries the suites skip with a printed reason; in CI (CI=true) that is a failure, as for Redis,
 * Docker and Chromium. ATRIUM_TEST_PG_URL, when set, names a cluster the run already started (an administrator
 * URL such as postgres://postgres@127.0.0.1:5432/postgres): databases are created there instead.
 */
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { freePort } from './browser.ts'

/** The newest installed server's bin folder, or null. */
function serverBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(root, versions[0], 'bin') : null
}

const bin = serverBin()
const isRoot = process.getuid?.() === 0
const postgresUser = isRoot ? spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }) : null

export const postgresMissing = process.env.ATRIUM_TEST_PG_URL
  ? ''
  : !bin
    ? 'PostgreSQL server not found (apt-get install -y postgresql)'
    : postgresUser && postgresUser.status !== 0
      ? 'no `postgres` user to run the server as (apt-get install -y postgresql creates it)'
      : ''

/** A describe that needs PostgreSQL: skipped with a reason without it, failing in CI. */
export function describePostgres(name: string, body: () => void) {
  if (!postgresMissing) return describe(name, body)
  if (process.env.CI)
    return describe(name, () =>
      it(`needs PostgreSQL: ${postgresMissing}`, () => {
        throw new Error(postgresMissing)
      }),
    )
  console.warn(`[skip] ${name}: ${postgresMissing}`)
  return describe.skipIf(true)(name, body)
}

export interface PostgresCluster {
  /** Administrator URL of database `name` (default the maintenance database). */
  url(name?: string): string
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
}

/** Runs a server binary, as `postgres` when we are root; throws with its output when it fails. */
function run(program: string, args: string[]) {
  const argv = isRoot
    ? ['runuser', '-u', 'postgres', '--', join(bin!, program), ...args]
    : [join(bin!, program), ...args]
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: 60_000 })
  if (r.status !== 0) throw new Error(`${program} failed (${r.status}): ${r.stderr || r.stdout || r.error?.message}`)
}

async function createDatabaseAt(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  const client = new SQL(adminUrl, { max: 1 })
  try {
    await client.unsafe(`CREATE DATABASE "${name}"`)
  } finally {
    await client.close()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Starts a fresh cluster; answers how to reach it and how to stop it (the folder goes with it). */
export async function startPostgres(): Promise<PostgresCluster> {
  if (!bin) throw new Error(postgresMissing)
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'atrium-pg-'))
  if (isRoot) {
    const uid = Number(postgresUser!.stdout.trim())
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'])
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ')
  try {
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  } catch (e) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : ''
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`${(e as Error).message}\n${log}`)
  }
  const url = (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`
  return {
    url,
    createDatabase: (name) => createDatabaseAt(url(), name),
    async stop() {
      // `immediate`: a test cluster has nothing worth a clean shutdown checkpoint; connections left open do not hold it.
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

let counter = 0

/**
 * A fresh database for the calling test file, in ATRIUM_TEST_PG_URL's cluster or in one started for this file
 * (stopped after its tests). Call at the top of a describePostgres body; read `.url` inside tests.
 */
export function usePostgresDatabase(prefix = 'atrium'): { url: string; another(): Promise<string> } {
  const state: { url: string; admin: string; cluster: PostgresCluster | null } = { url: '', admin: '', cluster: null }
  const nextName = () => `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`.toLowerCase()
  beforeAll(async () => {
    const shared = process.env.ATRIUM_TEST_PG_URL
    if (!shared) state.cluster = await startPostgres()
    state.admin = shared ?? state.cluster!.url()
    state.url = await createDatabaseAt(state.admin, nextName())
  })
  afterAll(async () => {
    await state.cluster?.stop()
  })
  return {
    get url() {
      return state.url
    },
    /** One more empty database in the same cluster (a second target, a second appliance). */
    another: () => createDatabaseAt(state.admin, nextName()),
  }
}
