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
import { afterAll, beforeAll, describe, it } from 'vitest'
import { createDatabaseAt, postgresMissing, startPostgres, type PostgresCluster } from './pg-cluster.ts'

// The cluster lives in pg-cluster.ts (no vitest there: the benchmarks start it too), re-exported for the suites.
export { createDatabaseAt, postgresMissing, startPostgres, type PostgresCluster } from './pg-cluster.ts'

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
