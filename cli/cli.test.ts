import { afterAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../server/app.ts'
import { boot } from '../server/boot.ts'
import { loadConfig } from '../server/lib/config.ts'
import { closeDb } from '../server/lib/db.ts'
import { md5Hex } from '../server/modules/auth/password.ts'
import { and, eq } from 'drizzle-orm'
import { user } from '../db/schema/index.ts'
import { BASIC, seededDatabase } from '../tests/support/harness.ts'
import { itSqlite } from '../tests/support/engine.ts'

/** The real CLI as a subprocess over a data directory the real app then serves. */
describe('atrium CLI', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cli-'))
  // The run's seeded database (harness.ts): the template file copied here, or a PostgreSQL copy of it that the CLI
  // and the app below share (never the worker's template URL).
  const database = await seededDatabase(dataDir)
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['cli/main.ts', ...args], {
      env: { ...process.env, ...database, ATRIUM_DATA_DIR: dataDir, ATRIUM_LANG: 'en' },
      encoding: 'utf8',
    })
    return {
      status: r.status,
      out: r.stdout,
      json: (() => {
        try {
          return JSON.parse(r.stdout)
        } catch {
          return null
        }
      })(),
    }
  }
  /** Signs in through a fresh app over the CLI's data directory (as the server would, side by side). */
  async function signIn(account: string, password: string, tenantId = '000000') {
    const services = await boot(
      loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'none'), ...database }),
      { logLevel: 'silent' },
    )
    try {
      const res = await createApp(services).handle(
        new Request(
          `http://localhost/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${account}&password=${md5Hex(password)}&grant_type=password`,
          { method: 'POST', headers: { authorization: BASIC } },
        ),
      )
      return { status: res.status, body: await res.json() }
    } finally {
      await closeDb(services.db)
    }
  }

  it('user create, then that account signs in', async () => {
    const r = cli(
      'user',
      'create',
      '--account',
      'wang',
      '--password',
      's3cret',
      '--name',
      '王老师',
      '--role',
      'teacher',
      '--json',
    )
    expect(r.status).toBe(0)
    expect(r.json).toMatchObject({ account: 'wang', realName: '王老师', tenantId: '000000' })
    expect(r.out).not.toContain('argon2')
    const s = await signIn('wang', 's3cret')
    expect(s.status).toBe(200)
    expect(s.body.role_name).toBe('teacher')
  })

  it('a locked account is unlocked by atrium user unlock', async () => {
    // Locked as guesses from several addresses leave it (one address only gets throttled: signin-hardening.test.ts).
    const services = await boot(
      loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'none'), ...database }),
      { logLevel: 'silent' },
    )
    await services.db
      .update(user)
      .set({ locked: 1, lockedUntil: null })
      .where(and(eq(user.account, 'teacher'), eq(user.tenantId, '000000')))
    await closeDb(services.db)
    expect((await signIn('teacher', 'teacher')).status).toBe(423)
    const r = cli('user', 'unlock', 'teacher', '--json')
    expect(r.json).toEqual({ unlocked: 1, accounts: ['teacher'] })
    expect((await signIn('teacher', 'teacher')).status).toBe(200)
  })

  it('resets a password to the tenant initial password', async () => {
    expect(cli('user', 'reset-password', 'student', '--json').json).toEqual({ reset: 1, accounts: ['student'] })
    expect((await signIn('student', '123456')).status).toBe(200)
  })

  it('creates and lists tenants; the new tenant administrator signs in', async () => {
    const r = cli('tenant', 'create', '--name', '第一中学', '--id', '300001', '--admin-password', 'pw300001', '--json')
    expect(r.status).toBe(0)
    expect(r.json).toMatchObject({ tenantId: '300001', tenantName: '第一中学', adminAccount: 'admin' })
    expect(cli('tenant', 'list', '--json').json.records.map((t: any) => t.tenantId)).toContain('300001')
    expect((await signIn('admin', 'pw300001', '300001')).status).toBe(200)
    expect(cli('user', 'list', '--tenant', '300001', '--json').json.records.map((u: any) => u.account)).toEqual([
      'admin',
    ])
  })

  it("sets a tenant's licence, keeping what an option leaves out", () => {
    const set = cli('tenant', 'licence', '300001', '--accounts', '40', '--assistant-quota', '25', '--json')
    expect(set.status).toBe(0)
    expect(set.json).toEqual({ tenantId: '300001', accountNumber: 40, expireTime: null, assistantQuota: 25 })
    const expiry = cli('tenant', 'licence', '300001', '--expire', '2030-01-01 00:00:00', '--json')
    expect(expiry.json).toMatchObject({ accountNumber: 40, expireTime: '2030-01-01 00:00:00', assistantQuota: 25 })
    const back = cli('tenant', 'licence', '300001', '--assistant-quota', 'default', '--expire', 'none', '--json')
    expect(back.json).toMatchObject({ accountNumber: 40, expireTime: null, assistantQuota: null })
    const bad = cli('tenant', 'licence', '300001', '--assistant-quota', '-3', '--json')
    expect(bad.status).toBe(1)
    expect(bad.json).toMatchObject({ field: 'assistantQuota', code: 400 })
    expect(cli('tenant', 'licence', '999998', '--json').json).toMatchObject({ code: 404 })
    const text = cli('tenant', 'licence', '300001')
    expect(text.out.replace(/\s+/g, ' ')).toContain('study assistant questions a day the platform default')
  })

  it('bad input is a clear error and a non-zero exit', () => {
    const missing = cli('user', 'create', '--json')
    expect(missing.status).not.toBe(0)
    const dup = cli('user', 'create', '--account', 'admin', '--json')
    expect(dup.status).toBe(1)
    expect(dup.json).toMatchObject({ field: 'account', code: 409 })
    const unknown = cli('user', 'unlock', 'nobody', '--json')
    expect(unknown.status).toBe(1)
    expect(unknown.json.error).toContain('nobody')
    const badTenant = cli('tenant', 'create', '--name', 'x', '--id', '12', '--json')
    expect(badTenant.json).toMatchObject({ field: 'tenantId' })
  })

  it('every command answers --help', () => {
    for (const args of [
      [],
      ['db'],
      ['db', 'migrate'],
      ['db', 'seed'],
      ['tenant', 'create'],
      ['tenant', 'list'],
      ['tenant', 'licence'],
      ['user', 'create'],
      ['user', 'list'],
      ['user', 'reset-password'],
      ['user', 'unlock'],
      ['serve'],
      ['backup'],
      ['restore'],
      ['db', 'status'],
    ]) {
      const r = cli(...args, '--help')
      expect(r.status, args.join(' ')).toBe(0)
      expect(r.out).toContain('Usage')
    }
    // Fourteen fresh CLI processes: under a loaded machine each start takes seconds of wall time, not CPU.
  }, 120_000)

  it('db migrate and db seed are idempotent', () => {
    expect(cli('db', 'migrate', '--json').json).toMatchObject({ migrated: true })
    expect(cli('db', 'seed', '--json').json).toEqual({ seeded: false })
    expect(cli('db', 'status', '--json').json).toMatchObject({ pending: [], newer: false })
  })

  // The archive holds atrium.db; on PostgreSQL `atrium backup` refuses (409 backup.postgres, server/modules/backup).
  itSqlite('backup writes a verified archive; restore refuses a damaged one and names why', () => {
    const file = join(dataDir, '..', `${dataDir.split('/').at(-1)}-cli.tar.gz`)
    try {
      const made = cli('backup', file, '--json')
      expect(made.status).toBe(0)
      expect(made.json).toMatchObject({ file, files: expect.any(Number) })
      writeFileSync(file, readFileSync(file).subarray(0, 100))
      const bad = cli('restore', file, '--json')
      expect(bad.status).toBe(1)
      expect(bad.json).toMatchObject({ field: 'file', code: 400 })
      expect(bad.json.error).toContain('damaged')
      expect(cli('backup', '--tenant', '999999', '--json').json).toMatchObject({ code: 404 })
    } finally {
      rmSync(file, { force: true })
    }
  })
})
