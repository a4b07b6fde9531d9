/*
 * The aedes-persistence abstract conformance suite, run against the SQLite
 * persistence exactly as published: it is written for node:test, so Bun's test
 * runner executes this file (`bun test`), and persistence.test.ts runs that in a
 * child process and requires every case to pass. Each case gets a fresh,
 * migrated in-memory database.
 */
import { test } from 'node:test'
import abstract from 'aedes-persistence/abstract.js'
import { migrateDb, openDb } from '../../lib/db.ts'
import { SqlitePersistence } from './persistence.ts'

abstract({
  test,
  testAsync: true,
  persistence: () => {
    const db = openDb(':memory:')
    migrateDb(db)
    return new SqlitePersistence(db)
  },
})
