import { afterAll, expect, it } from 'vitest'
import { describeSqlite } from '../../tests/support/engine.ts'
import { Database } from 'bun:sqlite'
import { mkdtempSync, openSync, readSync, closeSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { closeDb, openDb } from './db.ts'
import { SAFETY_NET_PAGES, startCheckpointer } from './wal-checkpoint.ts'

const dir = mkdtempSync(join(tmpdir(), 'atrium-wal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * The WAL header's checkpoint sequence number (bytes 12–15, big-endian): SQLite raises it each time a
 * writer starts the WAL over, which it does only once every frame in it has been copied to the database.
 */
function walGeneration(file: string): number {
  const fd = openSync(`${file}-wal`, 'r')
  try {
    const header = Buffer.alloc(16)
    readSync(fd, header, 0, 16, 0)
    return header.readUInt32BE(12)
  } finally {
    closeSync(fd)
  }
}

/** Polls until `check` holds; the deadline is generous, as this waits for a worker thread on a possibly busy machine. */
async function until(check: () => boolean, ms = 30_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await Bun.sleep(20)
  }
  return false
}

describeSqlite('WAL checkpoints in a worker thread', () => {
  it('copy the WAL while the server writes, so its commits start the WAL over without checkpointing themselves, and lose nothing', async () => {
    const file = join(dir, 'atrium.db')
    const db = openDb(file)
    const checkpointer = startCheckpointer(db, file, pino({ level: 'silent' }), 50)
    const c = db.$client
    // The server's own automatic checkpoint is only a far-off safety net: whatever copies the WAL below is the worker.
    expect(c.query<{ wal_autocheckpoint: number }, []>('PRAGMA wal_autocheckpoint').get()!.wal_autocheckpoint).toBe(
      SAFETY_NET_PAGES,
    )
    c.exec('CREATE TABLE answers (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    const insert = c.prepare('INSERT INTO answers (body) VALUES (?)')
    let written = 0
    // Bursts of commits as requests come (each well under the safety net: 3 × 500 commits of a page or two).
    // After each, the next commits start the WAL over: the mechanism, observed in the file, however slowly the
    // machine runs. (How short the WAL stays is a matter of timing and is not asserted here.)
    for (let burst = 0; burst < 3; burst++) {
      const before = walGeneration(file)
      for (let i = 0; i < 500; i++, written++) insert.run(`answer ${written} `.repeat(40))
      const restarted = await until(() => {
        insert.run(`tick ${written++}`)
        return walGeneration(file) > before
      })
      expect(restarted, `burst ${burst}: the WAL was never started over`).toBe(true)
    }
    await checkpointer.stop()
    await closeDb(db)
    const reopened = new Database(file, { readonly: true })
    expect(reopened.query<{ n: number }, []>('SELECT count(*) AS n FROM answers').get()!.n).toBe(written)
    reopened.close()
  })

  it('without the worker the same commits never start the WAL over (the test above would fail)', async () => {
    const file = join(dir, 'alone.db')
    const db = openDb(file)
    db.$client.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES}`)
    const c = db.$client
    c.exec('CREATE TABLE answers (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    const insert = c.prepare('INSERT INTO answers (body) VALUES (?)')
    const before = walGeneration(file)
    for (let i = 0; i < 600; i++) insert.run(`answer ${i} `.repeat(40))
    expect(walGeneration(file)).toBe(before)
    await closeDb(db)
  })
})
