import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Database } from 'bun:sqlite'
import { afterAll, expect, it } from 'vitest'
import { describeSqlite } from '../support/engine.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'

/**
 * Release 0.1.0 checked uniqueness outside the write's transaction, so two
 * submits at once could both be stored. Migration 0014 must still create its
 * unique indexes on such a data directory: the oldest live row keeps the
 * value, a later live copy is renamed "<value>~<rowid>" for an administrator
 * to sort out, and removed rows are left alone.
 */
// Release 0.1.0 data directories are SQLite files (tests/fixtures/data-0.1.0.db.gz): upgrading one is SQLite's.
describeSqlite('upgrading a 0.1.0 data directory that holds duplicates', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-upgrade-unique-'))
  const file = join(dataDir, 'atrium.db')
  writeFileSync(file, Bun.gunzipSync(readFileSync(join(import.meta.dirname, '../fixtures/data-0.1.0.db.gz'))))
  const old = new Database(file)
  const addUser = (id: string, isDeleted: number) =>
    old
      .query(
        `INSERT INTO blade_user (id, tenant_id, account, password, role_id, dept_id, is_deleted) VALUES (?, '000000', 'teacher', 'x', '', '', ?)`,
      )
      .run(id, isDeleted)
  addUser('9000000000000000001', 0)
  addUser('9000000000000000002', 1)
  old
    .query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value) SELECT '9000000000000000003', tenant_id, param_name, param_key, 'copy' FROM blade_param WHERE tenant_id = '000000' LIMIT 1`,
    )
    .run()
  const firstParam = old
    .query<{ id: string; param_key: string }, []>(
      `SELECT id, param_key FROM blade_param WHERE tenant_id = '000000' AND id <> '9000000000000000003' ORDER BY rowid LIMIT 1`,
    )
    .get()!
  old.close()

  const services = await boot(loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'no-web') }), {
    logLevel: 'silent',
  })
  const sqlite = services.db.$client
  afterAll(async () => {
    await closeDb(services.db)
    rmSync(dataDir, { recursive: true, force: true })
  })
  const one = <T>(sql: string, ...args: string[]) => sqlite.query<T, string[]>(sql).get(...args)

  it('keeps the oldest live row, renames the later live copy, leaves the removed one', () => {
    const rows = sqlite
      .query<{ id: string; account: string; is_deleted: number }, []>(
        `SELECT id, account, is_deleted FROM blade_user WHERE tenant_id = '000000' AND account LIKE 'teacher%' ORDER BY rowid`,
      )
      .all()
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatchObject({ account: 'teacher', is_deleted: 0 })
    expect(rows[1]).toMatchObject({ id: '9000000000000000001', account: expect.stringMatching(/^teacher~\d+$/) })
    expect(rows[2]).toMatchObject({ id: '9000000000000000002', account: 'teacher', is_deleted: 1 })
    expect(one<{ k: string }>(`SELECT param_key AS k FROM blade_param WHERE id = ?`, firstParam.id)!.k).toBe(
      firstParam.param_key,
    )
    expect(one<{ k: string }>(`SELECT param_key AS k FROM blade_param WHERE id = '9000000000000000003'`)!.k).toMatch(
      new RegExp(`^${firstParam.param_key.replace(/\./g, '\\.')}~\\d+$`),
    )
  })

  it('then holds the rule: a second live account of that name is refused', () => {
    expect(() =>
      sqlite
        .query(
          `INSERT INTO blade_user (id, tenant_id, account, password, role_id, dept_id) VALUES ('9000000000000000004', '000000', 'teacher', 'x', '', '')`,
        )
        .run(),
    ).toThrow(/UNIQUE constraint failed: blade_user\.tenant_id, blade_user\.account/)
  })
})
