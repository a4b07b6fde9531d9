import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { describeSqlite } from '../support/engine.ts'
import { and, eq, inArray } from 'drizzle-orm'
import { createApp } from '../../server/app.ts'
import { boot } from '../../server/boot.ts'
import { loadConfig } from '../../server/lib/config.ts'
import { closeDb } from '../../server/lib/db.ts'
import { first } from '../../server/lib/rows.ts'
import { flatMenus, loadAreas, type Area } from '../../server/lib/reference/load.ts'
import { syncReference } from '../../server/lib/reference/sync.ts'
import {
  dict,
  dictBiz,
  menu,
  param,
  role,
  roleMenu,
  tenant,
  tenantPackage,
  topMenu,
  topMenuSetting,
} from '../../db/schema/index.ts'
import { defineReference } from '../../db/reference/types.ts'
import { BASIC } from '../support/harness.ts'
import { md5Hex } from '../../server/modules/auth/password.ts'

/** An area this release does not have: what a later release would add. */
const later: Area = {
  name: 'later',
  ref: defineReference({
    menus: [
      {
        code: 'later',
        name: '新区域',
        alias: 'New area',
        path: '/later',
        source: 'box',
        sort: 50,
        topMenu: 'desk',
        grant: ['teacher'],
        children: [
          {
            code: 'later:thing',
            name: '新事物',
            alias: 'Things',
            path: '/later/thing',
            grant: ['teacher'],
            buttons: ['add', 'edit', ['approve', '审批', 'Approve']],
          },
        ],
      },
      {
        code: 'later:desk-extra',
        parent: 'desk',
        name: '工作台新页',
        alias: 'Desk extra',
        path: '/wel/extra',
        grant: ['manager'],
      },
    ],
    systemDicts: [
      [
        'later_kind',
        '新类别',
        'New kind',
        [
          ['1', '甲', 'A'],
          ['2', '乙', 'B'],
        ],
      ],
    ],
    bizDicts: [
      [
        'later_level',
        '新级别',
        'New level',
        [
          ['1', '低', 'Low'],
          ['2', '高', 'High'],
        ],
      ],
      [
        'question_hard',
        '难度',
        'Difficulty',
        [
          ['1', '简单', 'Easy'],
          ['2', '中等', 'Medium'],
          ['3', '困难', 'Hard'],
          ['4', '挑战', 'Challenge'],
        ],
      ],
    ],
    params: [{ key: 'later.enabled', name: '新区域开关', value: 'true' }],
  }),
}

// Release 0.1.0 data directories are SQLite files (tests/fixtures/data-0.1.0.db.gz): upgrading one is SQLite's.
describeSqlite('upgrading a data directory made by release 0.1.0', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-upgrade-'))
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
  const tenants = async () => (await db.select({ tenantId: tenant.tenantId }).from(tenant)).map((t) => t.tenantId)

  it('starts as an upgrade, not a first start, and holds every menu, dictionary and parameter of this release', async () => {
    expect(services.seeded).toBe(false)
    const codes = new Set(
      (await db.select({ code: menu.code }).from(menu).where(eq(menu.isDeleted, 0))).map((m) => m.code),
    )
    expect(
      flatMenus()
        .map((m) => m.code)
        .filter((c) => !codes.has(c)),
    ).toEqual([])
    const areas = loadAreas()
    const sys = new Set((await db.select({ code: dict.code }).from(dict)).map((d) => d.code))
    expect(
      areas
        .flatMap((a) => a.ref.systemDicts ?? [])
        .map((d) => d[0])
        .filter((c) => !sys.has(c)),
    ).toEqual([])
    for (const tid of await tenants()) {
      const biz = new Set(
        (await db.select({ code: dictBiz.code }).from(dictBiz).where(eq(dictBiz.tenantId, tid))).map((d) => d.code),
      )
      expect(
        areas
          .flatMap((a) => a.ref.bizDicts ?? [])
          .map((d) => d[0])
          .filter((c) => !biz.has(c)),
      ).toEqual([])
      const keys = new Set(
        (await db.select({ k: param.paramKey }).from(param).where(eq(param.tenantId, tid))).map((p) => p.k),
      )
      expect(
        areas
          .flatMap((a) => a.ref.params ?? [])
          .map((p) => p.key)
          .filter((k) => !keys.has(k)),
      ).toEqual([])
    }
  })

  it("adds a later area's menus, buttons, grants, packages, top menu and dictionaries, leaving what administrators changed", async () => {
    // What administrators did on the old install: renamed a menu, removed a dictionary item, changed a parameter.
    await db.update(menu).set({ name: '岗位设置', updateUser: '42' }).where(eq(menu.code, 'system:post'))
    await db
      .update(dictBiz)
      .set({ isDeleted: 1, updateUser: '42' })
      .where(and(eq(dictBiz.code, 'question_hard'), eq(dictBiz.dictKey, '3'), eq(dictBiz.tenantId, '100001')))
    await db
      .update(param)
      .set({ paramValue: 'false', updateUser: '42' })
      .where(and(eq(param.paramKey, 'account.registerUser'), eq(param.tenantId, '100001')))
    const menusBefore = (await db.select().from(menu)).length

    const report = await syncReference(db, [...loadAreas(), later])
    expect(report.menus.sort()).toEqual([
      'later',
      'later:desk-extra',
      'later:thing',
      'later:thing:add',
      'later:thing:approve',
      'later:thing:edit',
    ])
    expect((await db.select().from(menu)).length).toBe(menusBefore + 6)
    expect(report.dicts).toEqual(['later_kind'])

    const byCode = new Map((await db.select().from(menu)).map((m) => [m.code, m]))
    expect(byCode.get('later:thing')!.parentId).toBe(byCode.get('later')!.id)
    expect(byCode.get('later:desk-extra')!.parentId).toBe(byCode.get('desk')!.id)
    expect(byCode.get('system:post')!.name).toBe('岗位设置')

    // Teachers of every tenant hold the new menus and their buttons; managers the desk page.
    for (const tid of await tenants()) {
      const teacher = (await first(
        db
          .select()
          .from(role)
          .where(and(eq(role.tenantId, tid), eq(role.roleAlias, 'teacher'))),
      ))!
      const held = new Set(
        (await db.select({ m: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, teacher.id))).map((g) => g.m),
      )
      for (const c of ['later', 'later:thing', 'later:thing:add', 'later:thing:approve'])
        expect(held.has(byCode.get(c)!.id)).toBe(true)
      expect(held.has(byCode.get('later:desk-extra')!.id)).toBe(false)
      const hard = await db
        .select()
        .from(dictBiz)
        .where(and(eq(dictBiz.tenantId, tid), eq(dictBiz.code, 'question_hard')))
      expect(hard.find((d) => d.dictKey === '4')?.dictValue).toBe('挑战')
      expect(
        await db
          .select()
          .from(dictBiz)
          .where(and(eq(dictBiz.tenantId, tid), eq(dictBiz.code, 'later_level'))),
      ).toHaveLength(3)
      expect(
        (
          await first(
            db
              .select()
              .from(param)
              .where(and(eq(param.tenantId, tid), eq(param.paramKey, 'later.enabled'))),
          )
        )?.paramValue,
      ).toBe('true')
    }
    expect(
      (await first(
        db
          .select()
          .from(dictBiz)
          .where(and(eq(dictBiz.tenantId, '100001'), eq(dictBiz.code, 'question_hard'), eq(dictBiz.dictKey, '3'))),
      ))!.isDeleted,
    ).toBe(1)
    expect(
      (await first(
        db
          .select()
          .from(param)
          .where(and(eq(param.paramKey, 'account.registerUser'), eq(param.tenantId, '100001'))),
      ))!.paramValue,
    ).toBe('false')

    const pkg = (await first(db.select().from(tenantPackage)))!
    expect(pkg.menuId.split(',')).toEqual(
      expect.arrayContaining(
        ['later', 'later:thing', 'later:thing:approve', 'later:desk-extra'].map((c) => byCode.get(c)!.id),
      ),
    )
    const desk = (await first(db.select().from(topMenu).where(eq(topMenu.code, 'desk'))))!
    expect(
      await db
        .select()
        .from(topMenuSetting)
        .where(and(eq(topMenuSetting.topMenuId, desk.id), inArray(topMenuSetting.menuId, [byCode.get('later')!.id]))),
    ).toHaveLength(1)

    // Idempotent: a second start changes nothing.
    const again = await syncReference(db, [...loadAreas(), later])
    expect(again).toEqual({ menus: [], dicts: [], bizDicts: 0, params: 0, regions: 0, grants: 0 })
    expect((await db.select().from(menu)).length).toBe(menusBefore + 6)

    // The teacher of the demo tenant (package-limited) sees the new area in its menu after signing in.
    const app = createApp(services)
    const tok = await app.handle(
      new Request(
        `http://localhost/api/blade-auth/oauth/token?tenantId=000000&username=teacher&password=${md5Hex('teacher')}&grant_type=password`,
        { method: 'POST', headers: { authorization: BASIC, 'tenant-id': '000000' } },
      ),
    )
    const { access_token } = await tok.json()
    const routes = await (
      await app.handle(
        new Request('http://localhost/api/blade-system/menu/routes', {
          headers: { 'blade-auth': `bearer ${access_token}` },
        }),
      )
    ).json()
    expect(JSON.stringify(routes.data)).toContain('"code":"later:thing"')
  })
})
