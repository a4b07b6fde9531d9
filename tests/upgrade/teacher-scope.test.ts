import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { role, roleScope, scopeData } from '../../db/schema/index.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { syncReference } from '../../server/lib/reference/sync.ts'

/**
 * Issue #24 on an upgraded install: a data directory made by release 0.1.0 (teachers saw and edited every exam
 * and course) starts with the teacher role narrowed to its own rows on the exam and content menus — once. An
 * administrator who then widens or narrows it keeps that choice through every later start.
 */
describe('upgrading a 0.1.0 data directory: the teacher role gets its own-rows scope once', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-upgrade-scope-'))
  writeFileSync(
    join(dataDir, 'atrium.db'),
    Bun.gunzipSync(readFileSync(join(import.meta.dirname, '../fixtures/data-0.1.0.db.gz'))),
  )
  const services = boot(loadConfig({ ATRIUM_DATA_DIR: dataDir, ATRIUM_WEB_DIST: join(dataDir, 'no-web') }), {
    logLevel: 'silent',
  })
  const db = services.db
  afterAll(() => {
    closeDb(db)
    rmSync(dataDir, { recursive: true, force: true })
  })
  const teacher = () =>
    db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'teacher')))
      .get()!
  const held = () =>
    db
      .select({ grant: roleScope.id, code: scopeData.resourceCode, type: scopeData.scopeType })
      .from(roleScope)
      .innerJoin(scopeData, eq(scopeData.id, roleScope.scopeId))
      .where(and(eq(roleScope.roleId, teacher().id), eq(roleScope.scopeCategory, 1)))
      .all()

  it('holds own rows on every exam and content code after the upgrade', () => {
    expect(services.seeded).toBe(false)
    expect(
      held()
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
    ])
  })

  it("leaves an administrator's later change alone on the next start", () => {
    const before = db.select().from(scopeData).all().length
    const exams = held().find((h) => h.code === 'exam:paperTime' && h.type === 2)!
    db.delete(roleScope).where(eq(roleScope.id, exams.grant)).run()
    syncReference(db)
    expect(held().some((h) => h.code === 'exam:paperTime' && h.type === 2)).toBe(false)
    expect(db.select().from(scopeData).all().length).toBe(before)
  })
})
