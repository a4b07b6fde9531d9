import { SQL } from 'bun'
import { afterAll } from 'vitest'
import { createDatabaseAt, startPostgres, type PostgresCluster } from '../../../tests/support/pg-cluster.ts'

/**
 * A database of its own holding `sql`, dropped after the suite: an external datasource's real catalogue (columns,
 * comments, indexes, foreign keys) for table-list, table-info and model-prototype. It lives in the run's cluster when
 * there is one (ATRIUM_TEST_PG_URL, or the PostgreSQL half's ATRIUM_TEST_PG_ADMIN); the SQLite half starts a
 * throwaway cluster for the file, as a clean CI machine has no PostgreSQL running.
 */
export async function externalDatabase(sql: string) {
  const shared = process.env.ATRIUM_TEST_PG_URL ?? process.env.ATRIUM_TEST_PG_ADMIN
  const cluster: PostgresCluster | null = shared ? null : await startPostgres()
  const adminUrl = shared ?? cluster!.url()
  const name = `atrium_dev_${process.pid}_${Date.now()}`
  const url = new URL(await createDatabaseAt(adminUrl, name))
  const admin = new SQL(adminUrl, { max: 1 })
  const db = new SQL(url.toString(), { max: 1 })
  await db.unsafe(sql)
  await db.close()
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.close()
    await cluster?.stop()
  })
  return { name, url: `postgresql://${url.hostname}:${url.port}/${name}`, username: decodeURIComponent(url.username) }
}
