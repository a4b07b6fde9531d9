import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Database } from 'bun:sqlite'
import { afterAll, expect, it } from 'vitest'
import { describeSqlite } from '../support/engine.ts'
import { and, eq } from 'drizzle-orm'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { memberOf } from '../../server/lib/membership.ts'
import { user, userDept, userPost, userRole } from '../../db/schema/index.ts'

/**
 * Release 0.1.0 kept a user's roles, departments and posts only as
 * comma-joined columns. Migration 0013 builds the link tables from them: a
 * copy of that release's data directory, given several roles, departments and
 * posts per user the way its screens saved them, comes up with every link.
 */
// Release 0.1.0 data directories are SQLite files (tests/fixtures/data-0.1.0.db.gz): upgrading one is SQLite's.
describeSqlite('upgrading 0.1.0 user lists into link tables', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-upgrade-links-'))
  const file = join(dataDir, 'atrium.db')
  writeFileSync(file, Bun.gunzipSync(readFileSync(join(import.meta.dirname, '../fixtures/data-0.1.0.db.gz'))))
  // What a 0.1.0 school could hold: lists with several ids, stray spaces and empty elements, a null post list.
  const old = new Database(file)
  const roles = old.query<{ id: string }, []>(`SELECT id FROM blade_role WHERE tenant_id = '000000'`).all()
  const depts = old.query<{ id: string }, []>(`SELECT id FROM blade_dept WHERE tenant_id = '000000'`).all()
  const posts = old.query<{ id: string }, []>(`SELECT id FROM blade_post WHERE tenant_id = '000000'`).all()
  old
    .query(
      `UPDATE blade_user SET role_id = ?, dept_id = ?, post_id = ? WHERE tenant_id = '000000' AND account = 'teacher'`,
    )
    .run(`${roles[1].id},${roles[2].id}`, ` ${depts[0].id}, ${depts[1].id},`, `${posts[0].id},${posts[1].id}`)
  const lists = old
    .query<{ id: string; tenant_id: string; role_id: string; dept_id: string; post_id: string | null }, []>(
      'SELECT id, tenant_id, role_id, dept_id, post_id FROM blade_user',
    )
    .all()
  old.close()

  const services = await boot(loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'no-web') }), {
    logLevel: 'silent',
  })
  const db = services.db
  afterAll(async () => {
    await closeDb(db)
    rmSync(dataDir, { recursive: true, force: true })
  })
  const ids = (s: string | null) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .sort()

  it('backfills one link per listed id, in the user tenant', async () => {
    expect(lists.length).toBe(5)
    for (const u of lists) {
      const of = <T extends { tenantId: string }>(rows: T[], k: keyof T) => {
        expect(rows.every((r) => r.tenantId === u.tenant_id)).toBe(true)
        return rows.map((r) => String(r[k])).sort()
      }
      expect(of(await db.select().from(userRole).where(eq(userRole.userId, u.id)), 'roleId')).toEqual(ids(u.role_id))
      expect(of(await db.select().from(userDept).where(eq(userDept.userId, u.id)), 'deptId')).toEqual(ids(u.dept_id))
      expect(of(await db.select().from(userPost).where(eq(userPost.userId, u.id)), 'postId')).toEqual(ids(u.post_id))
    }
  })

  it('membership queries find the upgraded teacher under each of its departments and roles', async () => {
    const teacher = lists.find((u) => ids(u.role_id).length === 2)!
    for (const d of ids(teacher.dept_id))
      expect(
        (
          await db
            .select({ id: user.id })
            .from(user)
            .where(and(eq(user.tenantId, '000000'), memberOf(user.deptId, [d])))
        ).map((r) => r.id),
      ).toContain(teacher.id)
    for (const r of ids(teacher.role_id))
      expect(
        (
          await db
            .select({ id: user.id })
            .from(user)
            .where(memberOf(user.roleId, [r]))
        ).map((x) => x.id),
      ).toContain(teacher.id)
  })
})
