import { describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { join } from 'node:path'
import {
  menu,
  permVersion,
  role,
  roleMenu,
  roleScope,
  scopeData,
  tenant,
  tenantPackage,
} from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { makeCtx } from './context.ts'
import { closeDb, openDb, type Db } from './db.ts'
import { permissionCodes } from './permissions.ts'

/**
 * Effective permissions are cached per role set (permission-cache.ts). Every
 * change below is made while that cache is warm — by the API, and by a second
 * connection standing for another process or the CLI — and must show on the
 * caller's very next request.
 */
describe('cached permissions never go stale', () => {
  const t = testApp()
  const db = t.services.db
  /** Another process writing the same database file. */
  const elsewhere = (write: (other: Db) => void) => {
    const other = openDb(join(t.dataDir, 'atrium.db'))
    try {
      write(other)
    } finally {
      closeDb(other)
    }
  }
  const roleOf = (alias: string, tenantId = '000000') =>
    db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias), eq(role.isDeleted, 0)))
      .get()!
  const menuIds = (...codes: string[]) =>
    db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, codes))
      .all()
      .map((m) => m.id)
  const status = async (path: string, token: string) => (await t.get(path, token)).status
  const POSTS = '/api/blade-system/post/list'
  type Node = { code: string; children?: Node[] }
  const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])])
  /** Every menu or button code in a menu tree the caller is answered. */
  const codesIn = async (path: string, token: string) => codes((await t.get(path, token)).body.data)

  it('every write to what permissions derive from bumps the version in the database', () => {
    const version = () => db.select().from(permVersion).get()!.version
    const v0 = version()
    db.update(role)
      .set({ remark: 'r' })
      .where(eq(role.id, roleOf('teacher').id))
      .run()
    expect(version()).toBe(v0 + 1)
    elsewhere((other) => other.update(menu).set({ remark: 'm' }).where(eq(menu.code, 'desk')).run())
    expect(version()).toBe(v0 + 2)
  })

  it('a grant: given by the API, then taken away by another process', async () => {
    const admin = await t.token('admin')
    const teacher = await t.token('teacher')
    const teacherRole = roleOf('teacher')
    expect(await status(POSTS, teacher)).toBe(403)
    const held = db
      .select({ id: roleMenu.menuId })
      .from(roleMenu)
      .where(eq(roleMenu.roleId, teacherRole.id))
      .all()
      .map((r) => r.id)
    const granted = await t.post('/api/blade-system/role/grant', admin, {
      roleIds: [teacherRole.id],
      menuIds: [...held, ...menuIds('system', 'system:post', 'system:post:view')],
    })
    expect(granted.status, JSON.stringify(granted.body)).toBe(200)
    expect(await status(POSTS, teacher)).toBe(200)
    expect((await t.get('/api/blade-auth/oauth/user-info', teacher)).body.data.permissions).toContain('system:post')
    // Routes and buttons are built once per grant: built here, and they must not outlive the change below.
    expect(await codesIn('/api/blade-system/menu/routes', teacher)).toContain('system:post')
    expect(await codesIn('/api/blade-system/menu/buttons', teacher)).toContain('system:post')

    elsewhere((other) =>
      other
        .delete(roleMenu)
        .where(
          and(
            eq(roleMenu.roleId, teacherRole.id),
            inArray(roleMenu.menuId, menuIds('system:post', 'system:post:view')),
          ),
        )
        .run(),
    )
    expect(await status(POSTS, teacher)).toBe(403)
    expect(await codesIn('/api/blade-system/menu/routes', teacher)).not.toContain('system:post')
    expect(await codesIn('/api/blade-system/menu/buttons', teacher)).not.toContain('system:post')
  })

  it('a role change: the role deleted elsewhere grants nothing; the user given other roles gets theirs', async () => {
    const admin = await t.token('admin')
    const manager = await t.token('manager')
    const managerRole = roleOf('manager')
    expect(await status(POSTS, manager)).toBe(200)
    elsewhere((other) => other.update(role).set({ isDeleted: 1 }).where(eq(role.id, managerRole.id)).run())
    expect(await status(POSTS, manager)).toBe(403)
    elsewhere((other) => other.update(role).set({ isDeleted: 0 }).where(eq(role.id, managerRole.id)).run())
    expect(await status(POSTS, manager)).toBe(200)

    // The student becomes a manager: its next sign-in acts with the manager's permissions, not a cached student's.
    const student = await t.signIn('student')
    expect(await status(POSTS, student.access_token)).toBe(403)
    expect(
      (await t.post('/api/blade-system/user/grant', admin, { userIds: student.user_id, roleIds: managerRole.id }))
        .status,
    ).toBe(200)
    expect(await status(POSTS, await t.token('student'))).toBe(200)
  })

  it('a package change: the tenant administrator loses and regains a menu, by the API and by another process', async () => {
    const admin = await t.token('admin')
    const tenantAdmin = await t.token('admin', 'admin', '100001')
    const pkg = db
      .select()
      .from(tenantPackage)
      .innerJoin(tenant, eq(tenant.packageId, tenantPackage.id))
      .where(eq(tenant.tenantId, '100001'))
      .get()!.blade_tenant_package
    const post = new Set(
      menuIds('system:post', 'system:post:add', 'system:post:edit', 'system:post:delete', 'system:post:view'),
    )
    expect(await status(POSTS, tenantAdmin)).toBe(200)
    expect(
      (
        await t.post('/api/blade-system/tenant-package/submit', admin, {
          id: pkg.id,
          menuId: pkg.menuId
            .split(',')
            .filter((id) => !post.has(id))
            .join(','),
        })
      ).status,
    ).toBe(200)
    expect(await status(POSTS, tenantAdmin)).toBe(403)
    elsewhere((other) =>
      other.update(tenantPackage).set({ menuId: pkg.menuId }).where(eq(tenantPackage.id, pkg.id)).run(),
    )
    expect(await status(POSTS, tenantAdmin)).toBe(200)
    // The tenant moved to a package without the menu (a change to the tenant row, not the package).
    elsewhere((other) =>
      other
        .insert(tenantPackage)
        .values({ id: '9000000000000000001', packageName: 'tiny', menuId: menuIds('desk').join(',') })
        .run(),
    )
    elsewhere((other) =>
      other.update(tenant).set({ packageId: '9000000000000000001' }).where(eq(tenant.tenantId, '100001')).run(),
    )
    expect(await status(POSTS, tenantAdmin)).toBe(403)
    elsewhere((other) => other.update(tenant).set({ packageId: pkg.id }).where(eq(tenant.tenantId, '100001')).run())
    expect(await status(POSTS, tenantAdmin)).toBe(200)
  })

  it('a data-scope change: the manager sees all users, then its department again', async () => {
    const admin = await t.token('admin')
    const manager = await t.token('manager')
    const accounts = async () =>
      (await t.get('/api/blade-system/user/page', manager, { size: 50 })).body.data.records
        .map((u: any) => u.account)
        .sort()
    const scoped = await accounts()
    expect(scoped).toContain('manager')
    expect(scoped).not.toContain('teacher')
    const grant = db
      .select({ id: scopeData.id })
      .from(scopeData)
      .innerJoin(roleScope, and(eq(roleScope.scopeId, scopeData.id), eq(roleScope.scopeCategory, 1)))
      .where(and(eq(roleScope.roleId, roleOf('manager').id), eq(scopeData.resourceCode, 'system:user')))
      .get()!
    expect((await t.post('/api/blade-system/data-scope/submit', admin, { id: grant.id, scopeType: 1 })).status).toBe(
      200,
    )
    expect(await accounts()).toEqual(expect.arrayContaining(['admin', 'manager', 'teacher']))
    elsewhere((other) => other.update(scopeData).set({ scopeType: 4 }).where(eq(scopeData.id, grant.id)).run())
    expect(await accounts()).toEqual(scoped)
  })
  it('what a rolled-back transaction saw is never reused, even when a later commit reaches the same version', async () => {
    const teacher = await t.token('teacher')
    const teacherRole = roleOf('teacher')
    expect(await status(POSTS, teacher)).toBe(403)
    const actor = {
      kind: 'user' as const,
      userId: 'x',
      tenantId: '000000',
      account: 'teacher',
      deptIds: [],
      roleIds: [teacherRole.id],
    }
    const [postMenu] = menuIds('system:post')
    let sawInside = false
    expect(() =>
      db.transaction((tx) => {
        tx.insert(roleMenu).values({ id: '9000000000000000002', menuId: postMenu, roleId: teacherRole.id }).run()
        void permissionCodes(makeCtx(db, actor)).then((codes) => {
          sawInside = codes.has('system:post')
        })
        throw new Error('roll back')
      }),
    ).toThrow('roll back')
    await Promise.resolve()
    expect(sawInside).toBe(true)
    // One unrelated committed change brings the version to the number the rolled-back transaction had.
    elsewhere((other) => other.update(role).set({ remark: 'again' }).where(eq(role.id, teacherRole.id)).run())
    expect(await status(POSTS, teacher)).toBe(403)
    expect((await permissionCodes(makeCtx(db, actor))).has('system:post')).toBe(false)
  })
})
