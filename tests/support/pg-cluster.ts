/**
 * A throwaway PostgreSQL cluster (issue #27), without any test framework: what tests/support/postgres.ts (the
 * suites) and tests/bench/engines.ts (the benchmark, a plain Bun script) both start. Debian's `postgresql` server
 * binaries (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin), a fresh cluster in a temporary folder on a free
 * port of 127.0.0.1, trust authentication for local connections only, nothing fsynced (it is thrown away).
 *
 * PostgreSQL refuses to run as root: as root (CI, this machine) the cluster runs as the `postgres` user the
 * package creates, in folders that user owns; as any other user it runs as that user.
 */
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { freePort } from './server-process.ts'

/** The newest installed server's bin folder, or null. */
export function serverBin(): string | null {
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

export interface PostgresCluster {
  /** Administrator URL of database `name` (default the maintenance database). */
  url(name?: string): string
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
}

/** Runs a server binary, as `postgres` when we are root; throws with its output when it fails. */
export function run(program: string, args: string[]) {
  const argv = isRoot
    ? ['runuser', '-u', 'postgres', '--', join(bin!, program), ...args]
    : [join(bin!, program), ...args]
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: 60_000 })
  if (r.status !== 0) throw new Error(`${program} failed (${r.status}): ${r.stderr || r.stdout || r.error?.message}`)
}

/** Creates an empty database `name` in the cluster of the administrator URL; answers its URL. */
export async function createDatabaseAt(adminUrl: string, name: string): Promise<string> {
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
