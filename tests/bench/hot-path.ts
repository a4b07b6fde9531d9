/**
 * The hot path's shared parts, for tests/bench/run.ts (atrium beside the hand-written and bare servers) and
 * tests/bench/engines.ts (atrium on SQLite beside PostgreSQL): the 10,000 param rows, signing in, the targets,
 * waiting for a server and a process's CPU time.
 *
 * Run as a script (`bun tests/bench/hot-path.ts <dataDir>`) it seeds that data directory's database in the engine
 * ATRIUM_DATABASE_URL names when the process starts (db/schema picks its engine as it loads, so a benchmark
 * seeding PostgreSQL does it in such a child).
 */
import { readFileSync } from 'node:fs'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { newId } from '../../server/lib/ids.ts'
import { now } from '../../server/lib/time.ts'
import { withTransaction } from '../../server/lib/transaction.ts'
import { param } from '../../db/schema/index.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'

export const ROWS = 10_000

/**
 * 10,000 param rows of one tenant, written in one transaction through the schema, in the appliance's database on
 * dataDir (booted, so migrated and seeded first): the SQLite file, or ATRIUM_DATABASE_URL's PostgreSQL.
 */
export async function seedParams(dataDir: string): Promise<void> {
  const services = await boot(
    loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_DATABASE_URL: process.env.ATRIUM_DATABASE_URL }),
    { logLevel: 'silent' },
  )
  await withTransaction(services.db, async (tx) => {
    for (let i = 0; i < ROWS; i++)
      await tx.insert(param).values({
        id: newId(),
        tenantId: '000000',
        paramName: `bench ${i}`,
        paramKey: `bench.${i}`,
        paramValue: String(i),
        createTime: now(),
        updateTime: now(),
      })
  })
  await closeDb(services.db)
}

export async function waitFor(url: string) {
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return
    await Bun.sleep(100)
  }
  throw new Error(`${url} did not come up`)
}

/** The demo administrator's access token on the server at base. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(
    `${base}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password`,
    { method: 'POST', headers: { authorization: `Basic ${btoa('saber:saber_secret')}` } },
  )
  const token = ((await res.json()) as { access_token?: string }).access_token
  if (!token) throw new Error(`signing in on ${base} answered ${res.status}`)
  return token
}

export interface HotTarget {
  name: string
  path: string
  /** wrk's -H line (the token), empty for the public route. */
  header: string
}

/** The hot set of requests, authenticated with token (health is public). */
export function hotTargets(token: string): HotTarget[] {
  const auth = `Blade-Auth: bearer ${token}`
  return [
    { name: 'GET /api/health', path: '/api/health', header: '' },
    { name: 'GET oauth/user-info', path: '/api/blade-auth/oauth/user-info', header: auth },
    { name: 'GET menu/routes', path: '/api/blade-system/menu/routes', header: auth },
    { name: 'GET menu/buttons', path: '/api/blade-system/menu/buttons', header: auth },
    { name: 'GET user/page (page 1)', path: '/api/blade-system/user/page?current=1&size=10', header: auth },
    {
      name: `GET param/list (page 1 of ${ROWS})`,
      path: '/api/blade-system/param/list?current=1&size=10',
      header: auth,
    },
    {
      name: `GET param/list (page 500 of ${ROWS})`,
      path: '/api/blade-system/param/list?current=500&size=10',
      header: auth,
    },
  ]
}

/**
 * CPU time a process has used, in µs (Linux /proc; NaN elsewhere). Per request it is the steadier figure on a
 * shared machine: requests/s falls when other work takes the cores, the CPU each request costs much less.
 */
export function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100 // utime + stime, USER_HZ = 100
  } catch {
    return NaN
  }
}

if (import.meta.main) {
  const dir = process.argv[2]
  if (!dir) throw new Error('usage: bun tests/bench/hot-path.ts <dataDir>')
  await seedParams(dir)
  process.exit(0)
}
