import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { dept, menu, role } from '../../db/schema/index.ts'
import { testApp } from '../../tests/support/harness.ts'
import { deptResource } from '../modules/system/dept.ts'
import { first } from './rows.ts'

const S = '/api/blade-system'

describe('resource factory: the tree option (roles, menus, departments)', async () => {
  const t = await testApp()
  const db = t.services.db

  it('refuses a role loop A→B→A that would make both vanish from the tree, naming parentId', async () => {
    const admin = await t.token('admin')
    const a = (await t.post(`${S}/role/submit`, admin, { roleName: 'Loop A', roleAlias: 'loop_a', parentId: '0' })).body
      .data
    const b = (await t.post(`${S}/role/submit`, admin, { roleName: 'Loop B', roleAlias: 'loop_b', parentId: a.id }))
      .body.data
    const c = (await t.post(`${S}/role/submit`, admin, { roleName: 'Loop C', roleAlias: 'loop_c', parentId: b.id }))
      .body.data
    for (const parentId of [a.id, b.id, c.id]) {
      const loop = await t.call('POST', `${S}/role/submit`, { token: admin, body: { id: a.id, parentId }, lang: 'en' })
      expect(loop).toMatchObject({
        status: 400,
        body: { field: 'parentId', msg: 'the parent cannot be the node itself or one of its descendants' },
      })
    }
    expect((await first(db.select().from(role).where(eq(role.id, a.id))))!.parentId).toBe('0')
    const tree = (await t.get(`${S}/role/list`, admin)).body.data as any[]
    expect(tree.find((r) => r.id === a.id).children[0]).toMatchObject({ id: b.id, children: [{ id: c.id }] })
    // An unknown (or another tenant's) parent is refused too.
    const stray = await t.call('POST', `${S}/role/submit`, {
      token: admin,
      body: { id: c.id, parentId: '123456789' },
      lang: 'en',
    })
    expect(stray).toMatchObject({ status: 400, body: { field: 'parentId', msg: 'the parent does not exist' } })
    // A role with child roles is not removed; removing it with all of them is fine.
    expect((await t.post(`${S}/role/remove`, admin, undefined, { ids: b.id })).status).toBe(400)
    expect((await t.post(`${S}/role/remove`, admin, undefined, { ids: `${b.id},${c.id}` })).status).toBe(200)
  })

  it('refuses a menu loop and a menu removal that would orphan its children', async () => {
    const admin = await t.token('admin')
    const top = (
      await t.post(`${S}/menu/submit`, admin, {
        name: 'Loop top',
        code: 'loop:top',
        alias: 'loop',
        path: '/loop',
        category: 1,
        parentId: '0',
      })
    ).body.data
    const child = (
      await t.post(`${S}/menu/submit`, admin, {
        name: 'Loop child',
        code: 'loop:child',
        alias: 'loopc',
        path: '/loop/c',
        category: 1,
        parentId: top.id,
      })
    ).body.data
    const loop = await t.call('POST', `${S}/menu/submit`, {
      token: admin,
      body: { id: top.id, parentId: child.id },
      lang: 'en',
    })
    expect(loop).toMatchObject({ status: 400, body: { field: 'parentId' } })
    expect(
      await t.call('POST', `${S}/menu/submit`, { token: admin, body: { id: top.id, parentId: top.id } }),
    ).toMatchObject({ status: 400, body: { field: 'parentId' } })
    expect((await first(db.select().from(menu).where(eq(menu.id, top.id))))!.parentId).toBe('0')
    const lazy = (await t.get(`${S}/menu/lazy-list`, admin, { parentId: '0' })).body.data as any[]
    expect(lazy.find((m) => m.id === top.id).hasChildren).toBe(true)
    expect((await t.post(`${S}/menu/remove`, admin, undefined, { ids: top.id })).status).toBe(400)
  })

  it("keeps ancestors right when a unit moves, and answers a node's subtree (data scope over a tree)", async () => {
    const admin = await t.token('admin')
    const byName = async (n: string) =>
      (await first(
        db
          .select()
          .from(dept)
          .where(and(eq(dept.deptName, n), eq(dept.tenantId, '000000'))),
      ))!
    const root = (await first(
      db
        .select()
        .from(dept)
        .where(and(eq(dept.tenantId, '000000'), eq(dept.parentId, '0'))),
    ))!
    const office = await byName('教务处'),
      cs = await byName('计算机系')
    const classes = [await byName('2024级计算机1班'), await byName('2024级计算机2班')]
    const ctx = t.system('000000')
    expect((await deptResource.ops.subtree(ctx, cs.id)).sort()).toEqual([cs.id, ...classes.map((c) => c.id)].sort())
    // 计算机系 moves under 教务处: its classes' ancestors follow in the same write.
    expect((await t.post(`${S}/dept/submit`, admin, { id: cs.id, parentId: office.id })).status).toBe(200)
    expect((await byName('计算机系')).ancestors).toBe(`${root.ancestors},${root.id},${office.id}`)
    for (const c of classes)
      expect((await byName(c.deptName)).ancestors).toBe(`${root.ancestors},${root.id},${office.id},${cs.id}`)
    expect(await deptResource.ops.subtree(ctx, office.id)).toEqual(
      expect.arrayContaining([office.id, cs.id, ...classes.map((c) => c.id)]),
    )
    // A class cannot become the parent of its own department.
    expect(
      await t.call('POST', `${S}/dept/submit`, { token: admin, body: { id: cs.id, parentId: classes[0].id } }),
    ).toMatchObject({ status: 400, body: { field: 'parentId' } })
  })
})
