import { chmodSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { attach } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'

// Under the usual umask (022) files are born 0644 and directories 0755: these modes are set on purpose.
describe('data directory permissions', () => {
  const t = testApp()
  const mode = (p: string) => statSync(p).mode & 0o777

  it('the directory is 0700; the database, its WAL, shared memory and secrets 0600; uploads private', async () => {
    expect(mode(t.dataDir)).toBe(0o700)
    for (const f of ['atrium.db', 'atrium.db-wal', 'atrium.db-shm']) expect(mode(join(t.dataDir, f)), f).toBe(0o600)
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
    const row = t.services.db
      .select()
      .from(attach)
      .where(eq(attach.id, (await up.json()).data.attachId))
      .get()!
    expect(mode(join(t.dataDir, 'uploads', row.name))).toBe(0o600)
  })

  it('a directory loosened by hand is private again after the next start', async () => {
    chmodSync(t.dataDir, 0o755)
    chmodSync(join(t.dataDir, 'atrium.db'), 0o644)
    const { privateDataDir } = await import('./data-permissions.ts')
    privateDataDir(t.dataDir)
    expect(mode(t.dataDir)).toBe(0o700)
    expect(mode(join(t.dataDir, 'atrium.db'))).toBe(0o600)
  })
})
