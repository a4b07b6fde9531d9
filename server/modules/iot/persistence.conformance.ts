/*
 * The aedes-persistence abstract conformance suite, run against the database
 * persistence exactly as published: it is written for node:test, so Bun's test
 * runner executes this file (`bun test`), and persistence.test.ts runs that in a
 * child process and requires every case to pass. On SQLite each case gets a
 * fresh, migrated in-memory database. On PostgreSQL (ATRIUM_DATABASE_URL, a
 * database persistence.test.ts created for this run) the database is migrated
 * once and each case starts from empty MQTT tables; the cases run one after
 * another, as the Redis run's do on its flushed database.
 */
import { after, test } from 'node:test'
import abstract from 'aedes-persistence/abstract.js'
import { mqttIncoming, mqttOutgoing, mqttRetained, mqttSubscription, mqttWill } from '../../../db/schema/index.ts'
import { closeDb, databaseUrl, migrateDatabase, migrateDb, openDatabase, openDb, type Db } from '../../lib/db.ts'
import { SqlitePersistence } from './persistence.ts'

const url = databaseUrl()
let shared: Promise<Db> | undefined

async function postgres(url: string): Promise<Db> {
  shared ??= (async () => {
    const db = openDatabase({ dbFile: '', databaseUrl: url })
    await migrateDatabase(db)
    return db
  })()
  const db = await shared
  for (const t of [mqttIncoming, mqttOutgoing, mqttRetained, mqttSubscription, mqttWill]) await db.delete(t)
  return db
}

// Registered here, at the top: inside a case it would close the database after that case.
after(async () => {
  if (shared) await closeDb(await shared)
})

abstract({
  test,
  testAsync: true,
  persistence: async () => {
    if (url) return new SqlitePersistence(await postgres(url))
    const db = openDb(':memory:')
    migrateDb(db)
    return new SqlitePersistence(db)
  },
})
