import { SQL } from 'bun'
import { afterAll } from 'vitest'

/** The development PostgreSQL cluster the tests use as an external datasource (CI starts it on 127.0.0.1:55432). */
export const DEV_PG = process.env.ATRIUM_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres'

/**
 * A database of its own on the development cluster holding `sql`, dropped after the suite: an external datasource's
 * real catalogue (columns, comments, indexes, foreign keys) for table-list, table-info and model-prototype.
 */
export async function externalDatabase(sql: string) {
  const name = `atrium_dev_${process.pid}_${Date.now()}`
  const admin = new SQL(DEV_PG, { max: 1 })
  await admin.unsafe(`CREATE DATABASE "${name}"`)
  const url = new URL(DEV_PG)
  url.pathname = `/${name}`
  const db = new SQL(url.toString(), { max: 1 })
  await db.unsafe(sql)
  await db.close()
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.close()
  })
  return { name, url: `postgresql://${url.hostname}:${url.port}/${name}`, username: decodeURIComponent(url.username) }
}
