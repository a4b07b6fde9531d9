import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { and, eq, isNull, notInArray } from 'drizzle-orm'
import { attach } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { uploadFile } from '../../../tests/support/upload.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { readArchive } from './archive.ts'
import { exportTenant } from './tenant.ts'
import { describeSqlite } from '../../../tests/support/engine.ts'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const scratch = mkdtempSync(join(tmpdir(), 'atrium-tenant-export-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

// The export reads a VACUUM INTO snapshot of atrium.db; on PostgreSQL it is refused (backup.test.ts).
describeSqlite('a school export, read from a snapshot of atrium.db', async () => {
  const t = await testApp()

  const upload = (token: string, file: File, kind: string) => uploadFile(t, file, token, kind)

  /** An attachment row of the school naming a key, as a tampered or legacy row would. */
  async function attachRow(tenantId: string, name: string) {
    const stamp = now()
    await t.services.db.insert(attach).values({
      id: newId(),
      tenantId,
      createUser: '0',
      createTime: stamp,
      updateUser: '0',
      updateTime: stamp,
      link: `/upload/${name}`,
      name,
      extension: 'jpg',
      kind: 'image',
      isPublic: 1,
    })
  }

  it('holds only the files of its own attachment rows: no secrets, database, other school or link target', async () => {
    const admin = await t.token('admin', 'admin', '100001')
    const own = await upload(admin, new File([Buffer.from(PNG, 'base64')], 'logo.png'), 'image')
    const other = await upload(await t.token('teacher'), new File(['private notes'], 'notes.txt'), 'document')

    const roles = (await t.get('/api/blade-system/role/tree', admin)).body.data
    const depts = (await t.get('/api/blade-system/dept/tree', admin)).body.data
    const added = await t.post('/api/blade-system/user/submit', admin, {
      account: 'pupil',
      name: 'Pupil',
      realName: 'Pupil',
      password: 'pupil',
      password2: 'pupil',
      roleId: roles[roles.length - 1].id,
      deptId: depts[0].id,
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    // The student names the appliance's secrets, its database and another school's private upload in text it may write.
    const pupil = await t.token('pupil', 'pupil', '100001')
    const renamed = await t.post('/api/blade-system/user/update-info', pupil, {
      realName: `./secrets.json ./atrium.db ../x /etc/passwd uploads/${other.name}`.slice(0, 200),
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)

    // Links inside uploads, named by the school's rows: one to a file outside, one through a linked directory.
    mkdirSync(join(t.dataDir, 'uploads', 'public', 'evil'), { recursive: true })
    symlinkSync(join(t.dataDir, 'secrets.json'), join(t.dataDir, 'uploads', 'public', 'evil', 'secret.jpg'))
    symlinkSync(t.dataDir, join(t.dataDir, 'uploads', 'public', 'whole'))
    await attachRow('100001', 'public/evil/secret.jpg')
    await attachRow('100001', 'public/whole/atrium.db')

    const out = join(scratch, 'school.tar.gz')
    await exportTenant(t.services.config, '100001', out)
    const manifest = await readArchive(out, join(scratch, 'read'))
    const files = manifest.files.map((f) => f.path).filter((p) => !p.startsWith('rows/'))

    const expected = (
      await t.services.db
        .select({ name: attach.name })
        .from(attach)
        .where(
          and(
            eq(attach.tenantId, '100001'),
            eq(attach.isDeleted, 0),
            isNull(attach.ossId),
            notInArray(attach.name, ['public/evil/secret.jpg', 'public/whole/atrium.db']),
          ),
        )
    ).map((r) => `files/uploads/${r.name}`)
    expect(files.sort()).toEqual(expected.sort())
    expect(files).toContain(`files/uploads/${own.name}`)
    for (const bad of ['secrets.json', 'atrium.db', other.name, 'evil/secret.jpg', 'whole/atrium.db'])
      expect(
        files.some((p) => p.includes(bad)),
        bad,
      ).toBe(false)
  })
})
