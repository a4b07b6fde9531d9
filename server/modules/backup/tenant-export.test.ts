/**
 * One school's export and import on the run's engine (SQLite or PostgreSQL): what files an export carries, a
 * school moved into a fresh appliance under a new tenant id reading the same, the refusals; and the same school
 * moved between a SQLite and a PostgreSQL database both ways, every archive holding the same rows.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { and, asc, eq, isNull, notInArray, type AnyColumn } from 'drizzle-orm'
import pkg from '../../../package.json' with { type: 'json' }
import {
  attach,
  course,
  dept,
  question,
  questionBlank,
  questionOption,
  role,
  tenant,
  user,
  userDept,
  userRole,
} from '../../../db/schema/index.ts'
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import { testApp } from '../../../tests/support/harness.ts'
import { describePostgres, usePostgresDatabase } from '../../../tests/support/postgres.ts'
import { loadConfig } from '../../lib/config.ts'
import { applyMigrations, applyPgMigrations } from '../../lib/migrations.ts'
import { uploadFile } from '../../../tests/support/upload.ts'
import { ApiError } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import { readArchive, writeArchive } from './archive.ts'
import { exportTenant, importTenant } from './tenant.ts'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const scratch = mkdtempSync(join(tmpdir(), 'atrium-tenant-export-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

// On SQLite the export reads a VACUUM INTO snapshot of atrium.db, on PostgreSQL one read-only transaction: the files it
// carries are chosen from the rows alike.
describe("a school export carries only its own attachment rows' files", async () => {
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

const FIXTURE = join(import.meta.dirname, '../../../tests/fixtures/backup-0.1.0.tar.gz')

async function expectApiError(p: Promise<unknown>, key: string) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(ApiError)
  expect((e as ApiError).key).toBe(key)
}

type App = Awaited<ReturnType<typeof testApp>>

/**
 * The demo content (seeded into the platform tenant 000000, whose platform rows — the OAuth client — are the
 * appliance's own) copied into the demo school 100001 with new ids: its courses, questions with their options and
 * blanks, and its local files' attachment rows. So the school exported holds every kind of row and value.
 */
async function giveDemoContent(app: App, tenantId = '100001') {
  const db = app.services.db
  const ids = new Map<string, string>()
  const renew = (id: string) => ids.get(id) ?? ids.set(id, newId()).get(id)!
  const from = '000000'
  const courses = await db.select().from(course).where(eq(course.tenantId, from))
  await db.insert(course).values(courses.map((r) => ({ ...r, id: renew(r.id), tenantId })))
  const questions = await db.select().from(question).where(eq(question.tenantId, from))
  await db.insert(question).values(questions.map((r) => ({ ...r, id: renew(r.id), tenantId })))
  for (const t of [questionOption, questionBlank]) {
    const rows = await db.select().from(t).where(eq(t.tenantId, from))
    if (rows.length)
      await db.insert(t).values(rows.map((r) => ({ ...r, id: newId(), tenantId, questionId: renew(r.questionId) })))
  }
  const files = await db
    .select()
    .from(attach)
    .where(and(eq(attach.tenantId, from), eq(attach.isDeleted, 0), isNull(attach.ossId)))
  await db.insert(attach).values(files.map((r) => ({ ...r, id: newId(), tenantId })))
  expect(courses.length * questions.length * files.length).toBeGreaterThan(0)
}

describe('moving a school into another appliance on the same engine', async () => {
  const source = await testApp()
  const target = await testApp()

  /** What a school's people, courses, questions and files are, without the row ids an import may replace. */
  async function school(app: App, tenantId: string) {
    const db = app.services.db
    const live = (t: { tenantId: AnyColumn; isDeleted: AnyColumn }) => and(eq(t.tenantId, tenantId), eq(t.isDeleted, 0))
    const files = await db
      .select({ name: attach.name, originalName: attach.originalName, size: attach.attachSize, ossId: attach.ossId })
      .from(attach)
      .where(live(attach))
      .orderBy(asc(attach.name))
    return {
      users: await db
        .select({
          account: user.account,
          password: user.password,
          realName: user.realName,
          email: user.email,
          avatar: user.avatar,
          sex: user.sex,
          userType: user.userType,
        })
        .from(user)
        .where(live(user))
        .orderBy(asc(user.account)),
      courses: await db
        .select({ title: course.title, intro: course.intro, content: course.content, type: course.type })
        .from(course)
        .where(live(course))
        .orderBy(asc(course.title)),
      questions: await db
        .select({ content: question.content, type: question.type, hard: question.hard, score: question.score })
        .from(question)
        .where(live(question))
        .orderBy(asc(question.content), asc(question.type)),
      files: files.map((f) => ({
        ...f,
        bytes: f.ossId == null ? readFileSync(join(app.dataDir, 'uploads', f.name)).toString('base64') : null,
      })),
    }
  }

  /** Each user's role and department names, through the link rows. */
  async function links(app: App, tenantId: string) {
    const db = app.services.db
    const roles = await db
      .select({ account: user.account, name: role.roleName })
      .from(userRole)
      .innerJoin(user, eq(user.id, userRole.userId))
      .innerJoin(role, eq(role.id, userRole.roleId))
      .where(eq(userRole.tenantId, tenantId))
      .orderBy(asc(user.account), asc(role.roleName))
    const depts = await db
      .select({ account: user.account, name: dept.deptName })
      .from(userDept)
      .innerJoin(user, eq(user.id, userDept.userId))
      .innerJoin(dept, eq(dept.id, userDept.deptId))
      .where(eq(userDept.tenantId, tenantId))
      .orderBy(asc(user.account), asc(dept.deptName))
    return { roles, depts }
  }

  it('the demo school, imported under a new tenant id, reads the same: users, courses, questions, files', async () => {
    await giveDemoContent(source)
    const out = join(scratch, 'demo-school.tar.gz')
    const exported = await exportTenant(source.services.config, '100001', out)
    expect(exported.tables.blade_session).toBeUndefined()
    expect(exported.tables.hm_course).toBeGreaterThan(0)
    expect(exported.tables.hm_question_option).toBeGreaterThan(0)
    expect(exported.files).toBeGreaterThan(0)

    // The fresh appliance has its own 100001: the school lands under a new id, its rows under new ids.
    const imported = await importTenant(target.services.config, out, '300004')
    expect(imported).toMatchObject({ tenantId: '300004', from: '100001', remappedIds: true, files: exported.files })
    expect(imported.tables).toEqual(exported.tables)

    const before = await school(source, '100001')
    expect(before.courses.length * before.questions.length * before.files.length).toBeGreaterThan(0)
    expect(await school(target, '300004')).toEqual(before)
    expect(await links(target, '300004')).toEqual(await links(source, '100001'))
    // The copy keeps no claim on the original's web address, and its people sign in with their passwords.
    expect((await target.services.db.select().from(tenant).where(eq(tenant.tenantId, '300004')))[0].domain).toBeNull()
    expect((await target.signIn('admin', 'admin', '300004')).tenant_id).toBe('300004')
  })

  it('a tenant export imported elsewhere signs in its users and shows their content', async () => {
    const admin = await source.token('admin', 'admin', '100001')
    const up = await uploadFile(source, new File([Buffer.from(PNG, 'base64')], 'logo.png'), admin)
    const added = await source.post('/api/blade-system/user/submit', admin, {
      account: 'mover',
      name: 'Mover',
      realName: 'Mover',
      password: 'mover',
      password2: 'mover',
      avatar: up.link,
      roleId: (await source.get('/api/blade-system/role/tree', admin)).body.data[0].id,
      deptId: (await source.get('/api/blade-system/dept/tree', admin)).body.data[0].id,
    })
    expect(added.status).toBe(200)
    const out = join(scratch, 'tenant-100001.tar.gz')
    const exported = await exportTenant(source.services.config, '100001', out)
    expect(exported.files).toBeGreaterThanOrEqual(1)
    expect(exported.tables.blade_user).toBeGreaterThanOrEqual(2)
    expect(exported.tables.blade_user_role).toBeGreaterThanOrEqual(2)
    expect(exported.tables.blade_user_dept).toBeGreaterThanOrEqual(2)

    // The target appliance already has a 100001 (the demo seed): the school keeps its data under a new id, with new row ids.
    await expectApiError(importTenant(target.services.config, out), 'backup.tenantExists')
    const imported = await importTenant(target.services.config, out, '300003')
    expect(imported).toMatchObject({ tenantId: '300003', from: '100001', remappedIds: true })
    const moved = await target.signIn('mover', 'mover', '300003')
    expect(moved.tenant_id).toBe('300003')
    const info = await target.get('/api/blade-auth/oauth/user-info', moved.access_token)
    expect(info.body.data.avatar ?? info.body.data.user?.avatar).toBe(up.link)
    const file = await target.app.handle(
      new Request(`http://localhost${up.link}`, { headers: { 'blade-auth': `bearer ${moved.access_token}` } }),
    )
    expect(file.status).toBe(200)
    expect(new Uint8Array(await file.arrayBuffer()).subarray(0, 4)).toEqual(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))
    const targetAdmin = await target.token('admin', 'admin', '300003')
    const users = await target.get('/api/blade-system/user/page', targetAdmin, { size: 50 })
    expect(users.body.data.records.map((u: { account: string }) => u.account).sort()).toEqual(['admin', 'mover'])
    // Role and department links arrive with the users, pointing at the imported rows' new ids.
    const linked = await links(target, '300003')
    expect(linked).toEqual(await links(source, '100001'))
    expect(linked.roles.map((l) => l.account)).toContain('mover')
    const moverDept = linked.depts.find((l) => l.account === 'mover')!.name
    const [{ id: deptId }] = await target.services.db
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.tenantId, '300003'), eq(dept.deptName, moverDept)))
    const inDept = await target.get('/api/blade-system/user/page', targetAdmin, { deptId })
    expect(inDept.body.data.records.map((u: { account: string }) => u.account)).toContain('mover')
    // The original tenant on the target is untouched.
    expect((await target.signIn('admin', 'admin', '100001')).tenant_id).toBe('100001')
  })

  it('a row that cannot be written imports nothing: the whole school is one transaction', async () => {
    const stamp = now()
    const common = { tenant_id: '100001', create_user: '0', create_time: stamp, update_user: '0', update_time: stamp }
    const rows = (name: string, r: Record<string, unknown>[]) => ({
      path: `rows/${name}.json`,
      bytes: new TextEncoder().encode(JSON.stringify(r)),
    })
    const broken = join(scratch, 'broken.tar.gz')
    await writeArchive(
      broken,
      [
        rows('blade_tenant', [{ ...common, id: newId(), tenant_name: 'Broken', is_deleted: 0, status: 1 }]),
        rows('blade_user', [{ ...common, id: newId(), account: 'halfway', password: '-', is_deleted: 0 }]),
        // The title is required: this row fails, after the rows above were written in the same transaction.
        rows('hm_course', [{ ...common, id: newId(), title: null, is_deleted: 0 }]),
      ],
      { kind: 'tenant', tenant: '100001', appVersion: pkg.version, migration: null, migrations: 0, createdAt: stamp },
    )
    await expect(importTenant(target.services.config, broken, '400005')).rejects.toThrow(/title/)
    const db = target.services.db
    expect(await db.select().from(tenant).where(eq(tenant.tenantId, '400005'))).toEqual([])
    expect(await db.select().from(user).where(eq(user.account, 'halfway'))).toEqual([])
    // The unpacked archive beside the data directory is gone too.
    expect(
      readdirSync(dirname(target.dataDir)).filter((n) => n.startsWith(`${basename(target.dataDir)}.tenant-`)),
    ).toEqual([])
  })

  it('atrium backup --tenant and restore --tenant move a school on this engine, and name a missing one', () => {
    const cli = (app: App, ...args: string[]) => {
      const r = spawnSync(process.execPath, ['cli/main.ts', ...args, '--json'], {
        env: {
          ...process.env,
          ATRIUM_DATA_DIR: app.dataDir,
          ATRIUM_DATABASE_URL: app.services.config.databaseUrl ?? '',
          ATRIUM_LANG: 'en',
        },
        encoding: 'utf8',
        timeout: 120_000,
      })
      return {
        status: r.status,
        out: r.stdout + r.stderr,
        json: JSON.parse(r.stdout || 'null') as Record<string, unknown>,
      }
    }
    const file = join(scratch, 'cli-school.tar.gz')
    const exported = cli(source, 'backup', file, '--tenant', '100001')
    expect(exported.status, exported.out).toBe(0)
    expect(exported.json).toMatchObject({ file, tenantId: '100001', tables: { blade_tenant: 1 } })
    const imported = cli(target, 'restore', file, '--tenant', '300006')
    expect(imported.status, imported.out).toBe(0)
    expect(imported.json).toMatchObject({ tenantId: '300006', from: '100001', tables: exported.json.tables })
    const missing = cli(source, 'backup', join(scratch, 'cli-none.tar.gz'), '--tenant', '999999')
    expect(missing.json).toMatchObject({ code: 404, error: 'tenant 999999 does not exist' })
  })

  it('refuses a whole-appliance backup given as a tenant export, a bad tenant id and a missing tenant', async () => {
    await expectApiError(importTenant(target.services.config, FIXTURE, '400004'), 'backup.kindTenant')
    const out = join(scratch, 'tenant-again.tar.gz')
    await exportTenant(source.services.config, '100001', out)
    await expectApiError(importTenant(target.services.config, out, '12'), 'backup.tenantId')
    await expectApiError(
      exportTenant(source.services.config, '999999', join(scratch, 'none.tar.gz')),
      'backup.tenantMissing',
    )
  })
})

/** One row as text with its keys in order: equal text means equal values of equal types (1 is not "1"). */
const canonical = (row: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k]]),
  )

/** What an archive holds: each table's rows (blobs as they are stored, base64), sorted, and its files' checksums. */
async function archived(file: string) {
  const into = mkdtempSync(join(scratch, 'read-'))
  const manifest = await readArchive(file, into)
  const tables: Record<string, string[]> = {}
  for (const f of manifest.files.filter((f) => f.path.startsWith('rows/')))
    tables[f.path.slice('rows/'.length, -'.json'.length)] = (
      JSON.parse(readFileSync(join(into, f.path), 'utf8')) as Record<string, unknown>[]
    )
      .map(canonical)
      .sort()
  const files = manifest.files.filter((f) => !f.path.startsWith('rows/')).sort((x, y) => (x.path < y.path ? -1 : 1))
  return { tables, files, migration: manifest.migration, migrations: manifest.migrations }
}

// The source is an appliance on the run's engine; the school then goes into an empty PostgreSQL database, from there
// into an empty SQLite file and back into another PostgreSQL database, each an export of the one before: both
// directions on either run, every archive holding the same rows.
describePostgres('a school moves between SQLite and PostgreSQL appliances', async () => {
  const source = await testApp()
  const databases = usePostgresDatabase('tenant_move')

  /** An empty appliance database on PostgreSQL, at this release's migrations, with its own data directory. */
  async function emptyPostgres(url: string) {
    const client = new SQL(url, { max: 1 })
    try {
      await applyPgMigrations(client)
    } finally {
      await client.close()
    }
    return loadConfig({ ATRIUM_DATA_DIR: mkdtempSync(join(scratch, 'pg-')), ATRIUM_DATABASE_URL: url })
  }

  /** An empty appliance database in a SQLite file, at this release's migrations. */
  function emptySqlite() {
    const config = loadConfig({ ATRIUM_DATA_DIR: mkdtempSync(join(scratch, 'sqlite-')) })
    const db = new Database(config.dbFile, { create: true })
    try {
      applyMigrations(db)
    } finally {
      db.close()
    }
    return config
  }

  it('exported from either engine, imported into the other: the same rows and files each way', async () => {
    await giveDemoContent(source)
    const archives = [join(scratch, 'move-0.tar.gz')]
    await exportTenant(source.services.config, '100001', archives[0])

    const targets = [await emptyPostgres(databases.url), emptySqlite(), await emptyPostgres(await databases.another())]
    for (const [i, config] of targets.entries()) {
      const imported = await importTenant(config, archives[i])
      expect(imported).toMatchObject({ tenantId: '100001', remappedIds: false })
      expect(imported.files).toBeGreaterThan(0)
      archives.push(join(scratch, `move-${i + 1}.tar.gz`))
      await exportTenant(config, '100001', archives[i + 1])
    }

    const first = await archived(archives[0])
    expect(first.tables.hm_question?.length).toBeGreaterThan(0)
    expect(first.migration).not.toBeNull()
    for (const file of archives.slice(1)) expect(await archived(file)).toEqual(first)

    // The PostgreSQL copy holds its values in the columns' own types (the archives above hold them as numbers).
    const pg = new SQL(databases.url, { max: 1 })
    try {
      const [row] = await pg`SELECT pg_typeof(is_deleted)::text AS deleted, pg_typeof(score)::text AS score
        FROM hm_question WHERE tenant_id = '100001' LIMIT 1`
      expect(row).toEqual({ deleted: 'bigint', score: 'double precision' })
    } finally {
      await pg.close()
    }
  })
})
