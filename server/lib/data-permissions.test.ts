import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { attach } from '../../db/schema/index.ts'
import { onPostgres } from '../../tests/support/engine.ts'
import { testApp } from '../../tests/support/harness.ts'
import { privateDataDir } from './data-permissions.ts'
import { first } from './rows.ts'

// Under the usual umask (022) files are born 0644 and directories 0755: these modes are set on purpose.
describe('data directory permissions', async () => {
  const t = await testApp()
  const mode = (p: string) => statSync(p).mode & 0o777
  const outside = mkdtempSync(join(tmpdir(), 'atrium-outside-'))
  // The SQLite file and its companions; on PostgreSQL the database is not in the data directory.
  const dbFiles = onPostgres ? [] : ['atrium.db', 'atrium.db-wal', 'atrium.db-shm']
  afterAll(() => rmSync(outside, { recursive: true, force: true }))

  it('the directory is 0700; the database, its WAL, shared memory and secrets 0600; uploads private', async () => {
    expect(mode(t.dataDir)).toBe(0o700)
    for (const f of dbFiles) expect(mode(join(t.dataDir, f)), f).toBe(0o600)
    expect(mode(join(t.dataDir, 'uploads'))).toBe(0o700)

    const form = new FormData()
    form.append('files', new File(['notes'], 'notes.txt'))
    const token = await t.token('teacher')
    const up = await t.app.handle(
      new Request('http://localhost/api/blade-resource/oss/endpoint/put-file?kind=document', {
        method: 'POST',
        body: form,
        headers: { 'blade-auth': `bearer ${token}` },
      }),
    )
    expect(up.status).toBe(200)
    const row = (await first(
      t.services.db
        .select()
        .from(attach)
        .where(eq(attach.id, (await up.json()).data.attachId)),
    ))!
    expect(mode(join(t.dataDir, 'uploads', row.name))).toBe(0o600)
    expect(mode(join(t.dataDir, 'tmp'))).toBe(0o700)
  })

  it('temp files, both upload trees and the seeded demo files are private from the first start', () => {
    for (const d of ['tmp', 'uploads/public', 'uploads/private', 'uploads/public/demo', 'uploads/private/demo'])
      expect(mode(join(t.dataDir, d)), d).toBe(0o700)
    for (const f of ['uploads/public/demo/cover-1.jpg', 'uploads/private/demo/demo-video.mp4'])
      expect(mode(join(t.dataDir, f)), f).toBe(0o600)
  })

  it('a tree loosened by hand is private again after the next start; links are not followed', () => {
    chmodSync(t.dataDir, 0o755)
    for (const f of dbFiles.slice(0, 1)) chmodSync(join(t.dataDir, f), 0o644)
    chmodSync(join(t.dataDir, 'uploads', 'public'), 0o755)
    const seeded = join(t.dataDir, 'uploads', 'public', 'demo', 'cover-2.jpg')
    chmodSync(seeded, 0o644)
    // A lab's code folder keeps its script runnable by the owner.
    mkdirSync(join(t.dataDir, 'lab-code', 'demo'), { recursive: true, mode: 0o755 })
    const script = join(t.dataDir, 'lab-code', 'demo', 'run.sh')
    writeFileSync(script, '#!/bin/sh\n', { mode: 0o755 })
    const elsewhere = join(outside, 'elsewhere.txt')
    writeFileSync(elsewhere, 'not the appliance’s', { mode: 0o644 })
    chmodSync(elsewhere, 0o644)
    symlinkSync(elsewhere, join(t.dataDir, 'uploads', 'public', 'link.txt'))
    chmodSync(outside, 0o755)
    symlinkSync(outside, join(t.dataDir, 'uploads', 'public', 'linked-dir'))

    privateDataDir(t.dataDir)
    expect(mode(t.dataDir)).toBe(0o700)
    for (const f of dbFiles.slice(0, 1)) expect(mode(join(t.dataDir, f)), f).toBe(0o600)
    expect(mode(join(t.dataDir, 'uploads', 'public'))).toBe(0o700)
    expect(mode(seeded)).toBe(0o600)
    expect(mode(join(t.dataDir, 'lab-code', 'demo'))).toBe(0o700)
    expect(mode(script)).toBe(0o700)
    expect(mode(elsewhere)).toBe(0o644)
    expect(mode(outside)).toBe(0o755)
  })
})
