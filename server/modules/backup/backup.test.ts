import { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { logUsual, param } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { loadConfig } from '../../lib/config.ts'
import { ApiError } from '../../lib/errors.ts'
import { applyMigrations, MIGRATIONS_DIR, MigrationError, schemaStatus } from '../../lib/migrations.ts'
import { readArchive, writeArchive } from './archive.ts'
import { restoreAppliance } from './restore.ts'
import { lastGoodBackup, listBackups, runScheduledBackup } from './schedule.ts'
import { backupAppliance, backupsDir } from './snapshot.ts'
import { prepareUpgrade } from './upgrade.ts'
import { itPostgres, itSqlite } from '../../../tests/support/engine.ts'

const FIXTURE = join(import.meta.dirname, '../../../tests/fixtures/backup-0.1.0.tar.gz')
const scratch = mkdtempSync(join(tmpdir(), 'atrium-backup-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
const configAt = (dataDir: string) => loadConfig({ ATRIUM_DATA_DIR: dataDir })
/** Everything a failed restore must leave as it was: the names in the folder and the bytes of each file. */
const fingerprint = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${join(e.parentPath, e.name)}:${sha(join(e.parentPath, e.name))}`)
    .sort()

async function expectApiError(p: Promise<unknown>, key: string) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(ApiError)
  expect((e as ApiError).key).toBe(key)
}

describe('backup archives', async () => {
  const { services, dataDir } = await testApp()

  itSqlite('archives hold atrium.db and every file with checksums, and read back whole', async () => {
    mkdirSync(join(dataDir, 'uploads/2026/01/02'), { recursive: true })
    writeFileSync(join(dataDir, 'uploads/2026/01/02/a.png'), 'not really a png')
    const out = join(scratch, 'a.tar.gz')
    const m = await backupAppliance(services.config, out)
    expect(m.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['db/atrium.db', 'files/secrets.json', 'files/uploads/2026/01/02/a.png']),
    )
    expect(m.files.some((f) => f.path.endsWith('-wal') || f.path.startsWith('files/backups'))).toBe(false)
    expect(m.migration).toBe(schemaStatus(services.db.$client).current)
    const again = await readArchive(out)
    expect(again.files).toEqual(m.files)
  })

  it('on PostgreSQL refuses archives and restores with 409, naming pg_dump, writing nothing', async () => {
    // The refusal reads the configuration only, so both engines check it: an appliance whose ATRIUM_DATABASE_URL
    // names PostgreSQL has no atrium.db to copy, and an archive of its data directory would hold no data.
    const pg = { ...services.config, databaseUrl: 'postgres://db.example/atrium' }
    const out = join(scratch, 'on-postgres.tar.gz')
    const refused = async (p: Promise<unknown>, key: string) => {
      const e = await p.then(
        () => null,
        (x: unknown) => x,
      )
      expect(e).toBeInstanceOf(ApiError)
      expect(e).toMatchObject({ status: 409, key })
    }
    await refused(backupAppliance(pg, out), 'backup.postgres')
    await refused(restoreAppliance(pg, FIXTURE), 'backup.postgres')
    expect(existsSync(out)).toBe(false)
    expect(await prepareUpgrade(pg)).toBeNull()
    const late = new Date()
    late.setHours(23, 59, 0, 0)
    expect(await runScheduledBackup({ ...services, config: pg }, late)).toBe('postgres')
    expect(listBackups(pg)).toEqual([])
  })

  itSqlite('a restore of atrium.db refuses a truncated or bit-flipped archive and changes nothing', async () => {
    const good = join(scratch, 'good.tar.gz')
    await backupAppliance(services.config, good)
    const bytes = readFileSync(good)
    const truncated = join(scratch, 'truncated.tar.gz')
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
    const flipped = join(scratch, 'flipped.tar.gz')
    const copy = Buffer.from(bytes)
    copy[Math.floor(copy.length / 2)] ^= 0xff
    writeFileSync(flipped, copy)
    const target = join(scratch, 'untouched')
    cpSync(dataDir, target, { recursive: true })
    const before = fingerprint(target)
    for (const f of [truncated, flipped]) await expectApiError(restoreAppliance(configAt(target), f), 'backup.damaged')
    expect(fingerprint(target)).toEqual(before)
    expect(readdirSync(scratch).filter((n) => n.startsWith('untouched.'))).toEqual([])
  })

  it('refuses an archive whose file does not match its manifest', async () => {
    const src = join(scratch, 'x.txt')
    writeFileSync(src, 'original')
    const out = join(scratch, 'tampered.tar.gz')
    const m = await writeArchive(out, [{ path: 'files/x.txt', file: src }], {
      kind: 'full',
      appVersion: '0.1.0',
      migration: null,
      migrations: 0,
      createdAt: 'now',
    })
    expect(m.files[0].sha256).toBe(sha(src))
    // Same length, other bytes: only the checksum can tell.
    writeFileSync(src, 'ORIGINAL')
    const forged = join(scratch, 'forged.tar.gz')
    await writeArchive(forged, [{ path: 'files/x.txt', file: src }], {
      kind: 'full',
      appVersion: '0.1.0',
      migration: null,
      migrations: 0,
      createdAt: 'now',
    })
    const manifestless = join(scratch, 'manifestless.tar.gz')
    await writeArchive(manifestless, [], {
      kind: 'full',
      appVersion: '0.1.0',
      migration: null,
      migrations: 0,
      createdAt: 'now',
    })
    await expect(readArchive(forged)).resolves.toBeTruthy()
    // Swap the forged content under the original manifest by re-packing with a stale checksum.
    const { default: tar } = await import('tar-stream')
    const { createGzip } = await import('node:zlib')
    const { pipeline } = await import('node:stream/promises')
    const { createWriteStream } = await import('node:fs')
    const pack = tar.pack()
    const done = pipeline(pack, createGzip(), createWriteStream(join(scratch, 'stale.tar.gz')))
    pack.entry({ name: 'files/x.txt' }, 'ORIGINAL')
    pack.entry(
      { name: 'manifest.json' },
      JSON.stringify({
        format: 'atrium-backup',
        formatVersion: 1,
        kind: 'full',
        appVersion: '0.1.0',
        migration: null,
        migrations: 0,
        createdAt: 'now',
        files: m.files,
      }),
    )
    pack.finalize()
    await done
    await expectApiError(readArchive(join(scratch, 'stale.tar.gz')), 'backup.damaged')
  })

  it('refuses a backup made by a newer release', async () => {
    const out = join(scratch, 'newer.tar.gz')
    await writeArchive(out, [], {
      kind: 'full',
      appVersion: '99.0.0',
      migration: null,
      migrations: 0,
      createdAt: 'now',
    })
    const target = join(scratch, 'newer-target')
    cpSync(dataDir, target, { recursive: true })
    await expectApiError(restoreAppliance(configAt(target), out), 'backup.newer')
    const unknownMigration = join(scratch, 'unknown-migration.tar.gz')
    await writeArchive(unknownMigration, [], {
      kind: 'full',
      appVersion: '0.1.0',
      migration: '9999_from_the_future',
      migrations: 99,
      createdAt: 'now',
    })
    await expectApiError(restoreAppliance(configAt(target), unknownMigration), 'backup.newer')
  })

  itSqlite(
    'restores an older release backup of atrium.db: migrates it, applies reference data, keeps its users and files',
    async () => {
      const target = join(scratch, 'from-round-one')
      const r = await restoreAppliance(configAt(target), FIXTURE)
      expect(r.previous).toBeNull()
      const db = new Database(join(target, 'atrium.db'), { readonly: true })
      try {
        expect(schemaStatus(db).pending).toEqual([])
        expect(db.query(`SELECT account FROM blade_user WHERE account = 'r1teacher'`).get()).toEqual({
          account: 'r1teacher',
        })
        // A menu that release did not have arrives through the reference data applied on start.
        expect(db.query(`SELECT code FROM blade_menu WHERE code = 'system:backup' AND is_deleted = 0`).get()).toEqual({
          code: 'system:backup',
        })
      } finally {
        db.close()
      }
      expect(readFileSync(join(target, 'uploads/2026/11/23/912637524822724999.txt'), 'utf8')).toBe('round one upload\n')
    },
  )
})

describe('upgrades', () => {
  it('a failing migration leaves the database exactly as it was and names the migration', () => {
    const dir = join(scratch, 'migrations')
    cpSync(MIGRATIONS_DIR, dir, { recursive: true })
    const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'))
    const last = journal.entries.at(-1)
    journal.entries.push({
      idx: last.idx + 1,
      version: last.version,
      when: last.when + 1000,
      tag: '9000_broken',
      breakpoints: true,
    })
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal))
    writeFileSync(
      join(dir, '9000_broken.sql'),
      'CREATE TABLE upgrade_probe (id text);\n--> statement-breakpoint\nALTER TABLE no_such_table ADD COLUMN x text;',
    )
    const file = join(scratch, 'upgrade.db')
    const db = new Database(file, { create: true, strict: true })
    try {
      applyMigrations(db)
      const before = schemaStatus(db, dir)
      expect(before.pending).toEqual(['9000_broken'])
      const tablesBefore = db.query(`SELECT name FROM sqlite_master ORDER BY name`).all()
      let err: unknown
      try {
        applyMigrations(db, dir)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(MigrationError)
      expect((err as MigrationError).message).toContain('9000_broken')
      expect(db.query(`SELECT name FROM sqlite_master ORDER BY name`).all()).toEqual(tablesBefore)
      expect(schemaStatus(db, dir)).toEqual(before)
    } finally {
      db.close()
    }
  })

  it('backs an existing data directory up before migrating it, and refuses one written by a newer release', async () => {
    const dataDir = join(scratch, 'upgrade-dir')
    const config = configAt(dataDir)
    mkdirSync(dataDir, { recursive: true })
    const db = new Database(config.dbFile, { create: true, strict: true })
    applyMigrations(db)
    db.close()
    const dir = join(scratch, 'migrations-next')
    cpSync(MIGRATIONS_DIR, dir, { recursive: true })
    const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'))
    const last = journal.entries.at(-1)
    journal.entries.push({
      idx: last.idx + 1,
      version: last.version,
      when: last.when + 1000,
      tag: '9001_next',
      breakpoints: true,
    })
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal))
    writeFileSync(join(dir, '9001_next.sql'), 'CREATE TABLE next_area (id text);')
    const made = await prepareUpgrade(config, dir)
    expect(made).toBeTruthy()
    expect(listBackups(config).map((b) => [b.name, b.trigger])).toEqual([[made!.split('/').at(-1), 'pre-upgrade']])
    // Nothing pending for this release: no backup.
    expect(await prepareUpgrade(config)).toBeNull()
    // The next release migrated it; this release must not open it.
    const db2 = new Database(config.dbFile, { strict: true })
    applyMigrations(db2, dir)
    db2.close()
    await expectApiError(prepareUpgrade(config), 'backup.newerData')
  })
})

describe('scheduled backups', async () => {
  const { services } = await testApp()
  const setParam = (key: string, value: string) =>
    services.db.insert(param).values({
      id: String(Date.now()) + Math.floor(Math.random() * 1000),
      tenantId: '000000',
      paramName: key,
      paramKey: key,
      paramValue: value,
      status: 1,
      isDeleted: 0,
      createTime: '2026-01-01 00:00:00',
    })

  itSqlite(
    'archives of atrium.db run once a day after the configured time, keep the newest N, log, and show in health',
    async () => {
      await setParam('backup.time', '01:00')
      await setParam('backup.keep', '2')
      const early = new Date()
      early.setHours(0, 30, 0, 0)
      expect(await runScheduledBackup(services, early)).toBe('not-due')
      // Three older nightly backups, as if made on earlier nights.
      for (const day of ['01', '02', '03']) {
        const out = join(backupsDir(services.config), `nightly-202601${day}.tar.gz`)
        await backupAppliance(services.config, out, { trigger: 'nightly' })
        const side = `${out}.json`
        writeFileSync(
          side,
          JSON.stringify({ ...JSON.parse(readFileSync(side, 'utf8')), createdAt: `2026-01-${day} 02:30:00` }),
        )
      }
      const late = new Date()
      late.setHours(23, 0, 0, 0)
      expect(await runScheduledBackup(services, late)).toBe('done')
      expect(await runScheduledBackup(services, late)).toBe('not-due')
      const nightly = listBackups(services.config).filter((b) => b.trigger === 'nightly')
      expect(nightly).toHaveLength(2)
      expect(nightly[1].createdAt).toBe('2026-01-03 02:30:00')
      expect(existsSync(join(backupsDir(services.config), 'nightly-20260101.tar.gz'))).toBe(false)
      const logged = await services.db
        .select({ title: logUsual.title })
        .from(logUsual)
        .where(eq(logUsual.title, 'scheduled backup completed'))
      expect(logged).toHaveLength(1)
      expect(lastGoodBackup(services.config)?.ageHours).toBeLessThan(1)
    },
  )
})

describe('backups in the back office', async () => {
  const { get, post, call, token } = await testApp()

  itSqlite('the platform administrator creates, lists, downloads and deletes backups of atrium.db', async () => {
    const admin = await token('admin')
    const made = await post('/api/blade-backup/backup/create', admin)
    expect(made.status).toBe(200)
    const name = made.body.data.name as string
    expect(made.body.data).toMatchObject({ kind: 'full', trigger: 'manual' })
    const list = await get('/api/blade-backup/backup/list', admin)
    expect(list.body.data.map((b: { name: string }) => b.name)).toContain(name)
    const health = await get('/api/health')
    expect(health.body.data.lastBackup.name).toBe(name)
    const dl = await call('GET', '/api/blade-backup/backup/download', { token: admin, query: { name } })
    expect(dl.status).toBe(200)
    expect((await get('/api/blade-backup/backup/download', admin, { name: '../secrets.json' })).status).toBe(400)
    expect((await get('/api/blade-backup/backup/download', admin, { name: 'nope.tar.gz' })).status).toBe(404)
    expect((await post('/api/blade-backup/backup/remove', admin, undefined, { names: name })).status).toBe(200)
    expect((await get('/api/blade-backup/backup/list', admin)).body.data).toEqual([])
  })

  itPostgres(
    'on PostgreSQL: creating a backup answers 409 saying to use pg_dump (zh, en); none is listed',
    async () => {
      const admin = await token('admin')
      const url = '/api/blade-backup/backup/create'
      const zh = await call('POST', url, { token: admin, lang: 'zh' })
      expect(zh.status).toBe(409)
      expect(zh.body.msg).toMatch(/PostgreSQL.*pg_dump/)
      expect(zh.body.msg).toContain('备份')
      const en = await call('POST', url, { token: admin, lang: 'en' })
      expect(en.status).toBe(409)
      expect(en.body.msg).toMatch(/PostgreSQL's own tools \(pg_dump, pg_restore\)/)
      expect((await get('/api/blade-backup/backup/list', admin)).body.data).toEqual([])
      expect((await get('/api/health')).body.data.lastBackup).toBeNull()
    },
  )

  it('the nightly schedule is kept as platform parameters; bad input names its field', async () => {
    const admin = await token('admin')
    expect((await get('/api/blade-backup/backup/settings', admin)).body.data).toMatchObject({ time: '02:30', keep: 7 })
    const badTime = await post('/api/blade-backup/backup/settings', admin, { time: '25:00', keep: 3 })
    expect(badTime).toMatchObject({ status: 400, body: { field: 'time' } })
    const badKeep = await post('/api/blade-backup/backup/settings', admin, { time: '04:15', keep: 0 })
    expect(badKeep).toMatchObject({ status: 400, body: { field: 'keep' } })
    expect((await post('/api/blade-backup/backup/settings', admin, { time: '04:15', keep: 3 })).status).toBe(200)
    expect((await post('/api/blade-backup/backup/settings', admin, { time: '04:20', keep: 4 })).status).toBe(200)
    expect((await get('/api/blade-backup/backup/settings', admin)).body.data).toMatchObject({ time: '04:20', keep: 4 })
    const params = await get('/api/blade-system/param/list', admin, { paramKey: 'backup.' })
    expect(
      params.body.data.records.map((r: { paramKey: string; paramValue: string }) => [r.paramKey, r.paramValue]).sort(),
    ).toEqual([
      ['backup.keep', '4'],
      ['backup.time', '04:20'],
    ])
  })

  it("the settings' schema answers with the handler's messages, naming the field (zh, en)", async () => {
    const admin = await token('admin')
    const url = '/api/blade-backup/backup/settings'
    // Text where a whole number is wanted: refused by the route's schema, with the same message as keep: 0.
    const zh = await call('POST', url, { token: admin, body: { time: '04:15', keep: '3' }, lang: 'zh' })
    expect(zh).toMatchObject({ status: 400, body: { field: 'keep', msg: '保留份数必须是 1 到 365 的整数' } })
    const en = await call('POST', url, { token: admin, body: { time: 415, keep: 3 }, lang: 'en' })
    expect(en).toMatchObject({
      status: 400,
      body: { field: 'time', msg: 'please enter the nightly backup time (HH:mm)' },
    })
  })

  it('a tenant administrator, a manager and a student are refused', async () => {
    for (const [account, tenant] of [
      ['admin', '100001'],
      ['manager', '000000'],
      ['student', '000000'],
    ] as const) {
      const tk = await token(account, account, tenant)
      expect((await get('/api/blade-backup/backup/list', tk)).status).toBe(403)
      expect((await post('/api/blade-backup/backup/create', tk)).status).toBe(403)
      expect((await post('/api/blade-backup/backup/settings', tk, { time: '01:00', keep: 1 })).status).toBe(403)
    }
    expect((await get('/api/blade-backup/backup/list')).status).toBe(401)
  })
})
