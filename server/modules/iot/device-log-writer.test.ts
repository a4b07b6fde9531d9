import { describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { deviceLog } from '../../../db/schema/index.ts'
import { closeDb, migrateDatabase, openDatabase } from '../../lib/db.ts'
import { createDatabaseAt } from '../../../tests/support/pg-cluster.ts'
import { startDeviceLogWriter } from './device-log-writer.ts'

describe('device log writer (its own thread and connection)', () => {
  it('writes batches in order, reports a batch it could not write as lost, and has written everything when stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-log-writer-'))
    // The run's engine: a new SQLite file, or on PostgreSQL a new empty database in the run's cluster.
    const admin = process.env.ATRIUM_TEST_PG_ADMIN
    const database = {
      dbFile: join(dir, 'atrium.db'),
      databaseUrl: admin ? await createDatabaseAt(admin, `atrium_log_writer_${process.pid}_${Date.now()}`) : undefined,
    }
    const db = openDatabase(database)
    await migrateDatabase(db)
    const errors: unknown[] = []
    const log = pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line)) })
    const writer = startDeviceLogWriter(database, log)
    const row = (id: string, n: number) => [id, '000000', 'd1', 'p1', 'telemetry', `{"n":${n}}`, '2026-11-23 12:00:00']
    writer.write({ rows: JSON.stringify([row('1', 1), row('2', 2)]), count: 2, seen: [['d1', '2026-11-23 12:00:00']] })
    // The same ids again: the primary key refuses the whole batch, which is reported, and the writer goes on.
    writer.write({ rows: JSON.stringify([row('3', 3), row('1', 1)]), count: 2, seen: [] })
    writer.write({ rows: JSON.stringify([row('4', 4)]), count: 1, seen: [] })
    expect(writer.inFlight()).toBe(5)
    await writer.stop()
    const ids = (await db.select({ id: deviceLog.id }).from(deviceLog)).map((r) => r.id)
    expect(ids.sort()).toEqual(['1', '2', '4'])
    expect(writer.inFlight()).toBe(0)
    expect(errors).toMatchObject([{ msg: 'device logs could not be written', lost: 2 }])
    await closeDb(db)
    rmSync(dir, { recursive: true, force: true })
  })
})
