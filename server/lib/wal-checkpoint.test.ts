import { afterAll, describe, expect, it } from 'vitest'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { closeDb, openDb } from './db.ts'
import { SAFETY_NET_PAGES, startCheckpointer } from './wal-checkpoint.ts'

const dir = mkdtempSync(join(tmpdir(), 'atrium-wal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('WAL checkpoints in a worker thread', () => {
  it('keep the WAL copied and short while the server writes, and lose nothing', async () => {
    const file = join(dir, 'atrium.db')
    const db = openDb(file)
    const checkpointer = startCheckpointer(db, file, pino({ level: 'silent' }), 50)
    const c = db.$client
    expect(c.query<{ wal_autocheckpoint: number }, []>('PRAGMA wal_autocheckpoint').get()!.wal_autocheckpoint).toBe(
      SAFETY_NET_PAGES,
    )
    c.exec('CREATE TABLE answers (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    const insert = c.prepare('INSERT INTO answers (body) VALUES (?)')
    // 6,000 commits of one page or more each, in bursts with pauses as requests come: without checkpoints
    // the WAL would pass 6,000 frames; the worker's copies let the writer start it over again and again.
    for (let i = 0; i < 6000; i++) {
      insert.run(`answer ${i} `.repeat(40))
      if (i % 50 === 49) await Bun.sleep(10)
    }
    await Bun.sleep(200)
    insert.run('last')
    const frames = statSync(`${file}-wal`).size / (4096 + 24)
    expect(frames).toBeLessThan(3000)
    await checkpointer.stop()
    closeDb(db)
    const reopened = new Database(file, { readonly: true })
    expect(reopened.query<{ n: number }, []>('SELECT count(*) AS n FROM answers').get()!.n).toBe(6001)
    reopened.close()
  })
})
