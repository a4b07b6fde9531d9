import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { describeSqlite } from '../support/engine.ts'
import { role, roleScope, scopeData } from '../../db/schema/index.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { first } from '../../server/lib/rows.ts'
import { syncReference } from '../../server/lib/reference/sync.ts'

/**
 * Issue #24 on an upgraded install: a data directory made by release 0.1.0 (teachers saw and edited every exam
 * and course) starts with the teacher role narrowed to its own rows on the exam and content menus — once. An
 * administrator who then widens or narrows it keeps that choice through every later start.
 */
// Release 0.1.0 data directories are SQLite files (tests/fixtures/data-0.1.0.db.gz): upgrading one is SQLite's.
describeSqlite('upgrading a 0.1.0 data directory: the teacher role gets its own-rows scope once', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-upgrade-scope-'))
  writeFileSync(
    join(dataDir, 'atrium.db'),
    Bun.gunzipSync(readFileSync(join(import.meta.dirname, '../fixtures/data-0.1.0.db.gz'))),
  )
  const services = await boot(loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'no-web') }), {
    logLevel: 'silent',
  })
  const db = services.db
  afterAll(async () => {
    await closeDb(db)
    rmSync(dataDir, { recursive: true, force: true })
  })
  const teacher = async () =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'teacher'))),
    ))!
  const held = async () =>
    db
      .select({ grant: roleScope.id, code: scopeData.resourceCode, type: scopeData.scopeType })
      .from(roleScope)
      .innerJoin(scopeData, eq(scopeData.id, roleScope.scopeId))
      .where(and(eq(roleScope.roleId, (await teacher()).id), eq(roleScope.scopeCategory, 1)))

  it('holds own rows on every exam and content code after the upgrade', async () => {
    expect(services.seeded).toBe(false)
    expect(
      (await held())
        .filter((h) => h.type === 2)
        .map((h) => h.code)
        .sort(),
    ).toEqual([
      'content:cloud',
      'content:course',
      'content:download',
      'content:series',
      'content:ware',
      'exam:group',
      'exam:paper',
      'exam:paperTime',
      'exam:question',
      'exam:team',
      // the reports a teacher asked for (db/reference/areas/report.ts)
      'report:report',
      // the workflow area's own-rows scope for staff: the leave requests they made (db/reference/areas/workflow.ts)
      'work:start',
    ])
  })

  it("leaves an administrator's later change alone on the next start", async () => {
    const before = (await db.select().from(scopeData)).length
    const exams = (await held()).find((h) => h.code === 'exam:paperTime' && h.type === 2)!
    await db.delete(roleScope).where(eq(roleScope.id, exams.grant))
    await syncReference(db)
    expect((await held()).some((h) => h.code === 'exam:paperTime' && h.type === 2)).toBe(false)
    expect((await db.select().from(scopeData)).length).toBe(before)
  })
})
