import { describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
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
import { closeDb, openDatabase, type Db } from './db.ts'
import { permissionCodes } from './permissions.ts'
import { first } from './rows.ts'
import { withTransaction } from './transaction.ts'

/**
 * Effective permissions are cached per role set (permission-cache.ts). Every
 * change below is made while that cache is warm — by the API, and by a second
 * connection standing for another process or the CLI — and must show on the
 * caller's very next request.
 */
describe('cached permissions never go stale', async () => {
  const t = await testApp()
  const db = t.services.db
  /** Another process writing the same database (its own connection to the file, or to PostgreSQL). */
  const elsewhere = async (write: (other: Db) => Promise<unknown>) => {
    const other = openDatabase(t.services.config)
    try {
      await write(other)
    } finally {
      await closeDb(other)
    }
  }
  const roleOf = async (alias: string, tenantId = '000000') =>
    (await first(
      db
        .select()
        .from(role)
        .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias), eq(role.isDeleted, 0))),
    ))!
  const menuIds = async (...codes: string[]) =>
    (await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes))).map((m) => m.id)
  const status = async (path: string, token: string) => (await t.get(path, token)).status
  const POSTS = '/api/blade-system/post/list'
  type Node = { code: string; children?: Node[] }
  const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])])
  /** Every menu or button code in a menu tree the caller is answered. */
  const codesIn = async (path: string, token: string) => codes((await t.get(path, token)).body.data)

  it('every write to what permissions derive from bumps the version in the database', async () => {
    const version = async () => (await first(db.select().from(permVersion)))!.version
    const v0 = await version()
    await db
      .update(role)
      .set({ remark: 'r' })
      .where(eq(role.id, (await roleOf('teacher')).id))

    expect(await version()).toBe(v0 + 1)
    await elsewhere(async (other) => await other.update(menu).set({ remark: 'm' }).where(eq(menu.code, 'desk')))
    expect(await version()).toBe(v0 + 2)
  })

  it('a grant: given by the API, then taken away by another process', async () => {
    const admin = await t.token('admin')
    const teacher = await t.token('teacher')
    const teacherRole = await roleOf('teacher')
    expect(await status(POSTS, teacher)).toBe(403)
    const held = (
      await db.select({ id: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, teacherRole.id))
    ).map((r) => r.id)
    const granted = await t.post('/api/blade-system/role/grant', admin, {
      roleIds: [teacherRole.id],
      menuIds: [...held, ...(await menuIds('system', 'system:post', 'system:post:view'))],
    })
    expect(granted.status, JSON.stringify(granted.body)).toBe(200)
    expect(await status(POSTS, teacher)).toBe(200)
    expect((await t.get('/api/blade-auth/oauth/user-info', teacher)).body.data.permissions).toContain('system:post')
    // Routes and buttons are built once per grant: built here, and they must not outlive the change below.
    expect(await codesIn('/api/blade-system/menu/routes', teacher)).toContain('system:post')
    expect(await codesIn('/api/blade-system/menu/buttons', teacher)).toContain('system:post')

    await elsewhere(
      async (other) =>
        await other
          .delete(roleMenu)
          .where(
            and(
              eq(roleMenu.roleId, teacherRole.id),
              inArray(roleMenu.menuId, await menuIds('system:post', 'system:post:view')),
            ),
          ),
    )
    expect(await status(POSTS, teacher)).toBe(403)
    expect(await codesIn('/api/blade-system/menu/routes', teacher)).not.toContain('system:post')
    expect(await codesIn('/api/blade-system/menu/buttons', teacher)).not.toContain('system:post')
  })

  it('a role change: the role deleted elsewhere grants nothing; the user given other roles gets theirs', async () => {
    const admin = await t.token('admin')
    const manager = await t.token('manager')
    const managerRole = await roleOf('manager')
    expect(await status(POSTS, manager)).toBe(200)
    await elsewhere(async (other) => await other.update(role).set({ isDeleted: 1 }).where(eq(role.id, managerRole.id)))
    expect(await status(POSTS, manager)).toBe(403)
    await elsewhere(async (other) => await other.update(role).set({ isDeleted: 0 }).where(eq(role.id, managerRole.id)))
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
    const pkg = (await first(
      db
        .select()
        .from(tenantPackage)
        .innerJoin(tenant, eq(tenant.packageId, tenantPackage.id))
        .where(eq(tenant.tenantId, '100001')),
    ))!.blade_tenant_package
    const post = new Set(
      await menuIds('system:post', 'system:post:add', 'system:post:edit', 'system:post:delete', 'system:post:view'),
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
    await elsewhere(
      async (other) =>
        await other.update(tenantPackage).set({ menuId: pkg.menuId }).where(eq(tenantPackage.id, pkg.id)),
    )
    expect(await status(POSTS, tenantAdmin)).toBe(200)
    // The tenant moved to a package without the menu (a change to the tenant row, not the package).
    await elsewhere(
      async (other) =>
        await other
          .insert(tenantPackage)
          .values({ id: '9000000000000000001', packageName: 'tiny', menuId: (await menuIds('desk')).join(',') }),
    )
    await elsewhere(
      async (other) =>
        await other.update(tenant).set({ packageId: '9000000000000000001' }).where(eq(tenant.tenantId, '100001')),
    )
    expect(await status(POSTS, tenantAdmin)).toBe(403)
    await elsewhere(
      async (other) => await other.update(tenant).set({ packageId: pkg.id }).where(eq(tenant.tenantId, '100001')),
    )
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
    const grant = (await first(
      db
        .select({ id: scopeData.id })
        .from(scopeData)
        .innerJoin(roleScope, and(eq(roleScope.scopeId, scopeData.id), eq(roleScope.scopeCategory, 1)))
        .where(and(eq(roleScope.roleId, (await roleOf('manager')).id), eq(scopeData.resourceCode, 'system:user'))),
    ))!
    expect((await t.post('/api/blade-system/data-scope/submit', admin, { id: grant.id, scopeType: 1 })).status).toBe(
      200,
    )
    expect(await accounts()).toEqual(expect.arrayContaining(['admin', 'manager', 'teacher']))
    await elsewhere(
      async (other) => await other.update(scopeData).set({ scopeType: 4 }).where(eq(scopeData.id, grant.id)),
    )
    expect(await accounts()).toEqual(scoped)
  })
  it('what a rolled-back transaction saw is never reused, even when a later commit reaches the same version', async () => {
    const teacher = await t.token('teacher')
    const teacherRole = await roleOf('teacher')
    expect(await status(POSTS, teacher)).toBe(403)
    const actor = {
      kind: 'user' as const,
      userId: 'x',
      tenantId: '000000',
      account: 'teacher',
      deptIds: [],
      roleIds: [teacherRole.id],
    }
    const [postMenu] = await menuIds('system:post')
    let sawInside = false
    await expect(
      withTransaction(db, async (tx) => {
        await tx.insert(roleMenu).values({ id: '9000000000000000002', menuId: postMenu, roleId: teacherRole.id })
        // Read through the transaction (on SQLite the connection itself; on PostgreSQL its own pooled connection).
        sawInside = (await permissionCodes(makeCtx(tx, actor))).has('system:post')
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(sawInside).toBe(true)
    // One unrelated committed change brings the version to the number the rolled-back transaction had.
    await elsewhere(
      async (other) => await other.update(role).set({ remark: 'again' }).where(eq(role.id, teacherRole.id)),
    )
    expect(await status(POSTS, teacher)).toBe(403)
    expect((await permissionCodes(makeCtx(db, actor))).has('system:post')).toBe(false)
  })
})
