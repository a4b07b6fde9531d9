/**
 * clear-cache empties the process's caches, not only the request's memo: a
 * permission changed behind the cache's back (a database edited by hand or
 * restored, carrying a permission version the cache has seen) shows only
 * after it, and at once after it.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { menu, permVersion, role, roleMenu } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { testApp } from '../../../tests/support/harness.ts'

describe('clear-cache', async () => {
  const t = await testApp()
  const db = t.services.db
  const version = async () => (await db.select().from(permVersion).where(eq(permVersion.id, 1)))[0]!.version

  it('a grant written behind the permission cache is seen after clear-cache', async () => {
    const teacher = await t.token('teacher')
    const params = () => t.get('/api/blade-system/param/list', teacher)
    expect((await params()).status).toBe(403)
    const seen = await version()

    // Grant the teacher role the parameters menu, then put the version back, as a hand edit or an old restore would.
    const teacherRole = (
      await db
        .select({ id: role.id })
        .from(role)
        .where(and(eq(role.roleAlias, 'teacher'), eq(role.tenantId, '000000')))
    )[0]!
    const paramMenu = (await db.select({ id: menu.id }).from(menu).where(eq(menu.code, 'system:param')))[0]!
    await db.insert(roleMenu).values({ id: newId(), roleId: teacherRole.id, menuId: paramMenu.id })
    expect(await version()).toBeGreaterThan(seen)
    await db.update(permVersion).set({ version: seen }).where(eq(permVersion.id, 1))

    // The cache still answers what it computed at that version...
    expect((await params()).status).toBe(403)
    // ...until clear-cache, which any signed-in user may call (it only makes the next request compute again).
    const cleared = await t.get('/api/blade-auth/oauth/clear-cache', teacher)
    expect(cleared.status).toBe(200)
    expect(cleared.body).toMatchObject({ success: true, data: true })
    expect((await params()).status).toBe(200)
  })

  it('answers in the caller’s language and needs a signed-in caller', async () => {
    const en = await t.call('GET', '/api/blade-auth/oauth/clear-cache', { token: await t.token('admin'), lang: 'en' })
    expect(en.body.msg).toBe('clearing done')
    const zh = await t.get('/api/blade-auth/oauth/clear-cache', await t.token('admin'))
    expect(zh.body.msg).toBe('清除完毕')
    expect((await t.get('/api/blade-auth/oauth/clear-cache')).status).toBe(401)
  })
})
