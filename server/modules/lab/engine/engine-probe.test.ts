import { afterEach, describe, expect, it, vi } from 'vitest'
import { tmpdir } from 'node:os'
import pino from 'pino'
import { closeDb, migrateDb, openDatabase, openDb, type Db } from '../../../lib/db.ts'
import { onPostgres } from '../../../../tests/support/engine.ts'
import { seededDatabase } from '../../../../tests/support/harness.ts'
import type { LabHost } from './host.ts'
import { loadLabSettings } from './settings.ts'
import { Labs } from './service.ts'

/** An engine whose version look-ups stay pending until the test answers them. */
function slowEngine() {
  const pending: { ok: (v: string) => void; no: (e: Error) => void }[] = []
  const host = {
    version: () => new Promise<string>((ok, no) => pending.push({ ok, no })),
  } as unknown as LabHost
  return { host, pending }
}

let opened: Db | undefined

/**
 * No lab host is listed (lab_host empty): the local engine is the one probed. The database: an empty one in memory
 * on SQLite, a copy of the run's seeded template on PostgreSQL (it lists no lab host either).
 */
const labsOn = async (host: LabHost) => {
  let db: Db
  if (onPostgres) db = openDatabase({ dbFile: '', databaseUrl: (await seededDatabase(tmpdir())).ATRIUM_DATABASE_URL })
  else {
    db = openDb(':memory:')
    migrateDb(db)
  }
  opened = db
  return new Labs(db, pino({ level: 'silent' }), 'secret', host, loadLabSettings({}))
}

describe('the engine probe behind /api/health and the lab calls', () => {
  afterEach(async () => {
    vi.useRealTimers()
    if (opened) await closeDb(opened)
    opened = undefined
  })

  it('waits only for the first look-up, then answers from the last one while a single look-up refreshes it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { host, pending } = slowEngine()
    const labs = await labsOn(host)

    // First ever call: nothing known yet, so callers wait — and share one look-up.
    const first = [labs.engine(), labs.engine(), labs.engine()]
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    pending[0].ok('27.5.1')
    expect(await Promise.all(first)).toEqual(['up 27.5.1', 'up 27.5.1', 'up 27.5.1'])

    // Within 5 s: the answer is reused, the engine is not asked.
    vi.setSystemTime(Date.now() + 4_000)
    expect(await labs.engine()).toBe('up 27.5.1')
    expect(pending).toHaveLength(1)

    // Later, with the engine slow to answer: fifty health checks return the last answer at once and ask it once.
    vi.setSystemTime(Date.now() + 2_000)
    const answers = await Promise.all(Array.from({ length: 50 }, () => labs.engine()))
    expect(new Set(answers)).toEqual(new Set(['up 27.5.1']))
    expect(pending).toHaveLength(2)

    // The engine goes away: once that look-up fails, callers are told so.
    pending[1].no(new Error('docker engine timeout'))
    await vi.waitFor(async () => expect(await labs.engine()).toBe('down'))
    expect(pending).toHaveLength(2)
  })
})
