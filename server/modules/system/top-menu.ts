import { Type } from '@sinclair/typebox'
import { eq, inArray, sql } from 'drizzle-orm'
import { topMenu, topMenuSetting } from '../../../db/schema/index.ts'
import { topMenuFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { newId } from '../../lib/ids.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { defineResource } from '../../lib/resource.ts'
import { transact } from '../../lib/transaction.ts'
import { platformWrites } from './platform-only.ts'

/** Top menus group the sidebar: each lists the menu roots shown under it. Shared by all tenants. */
export const topMenuResource = defineResource({
  table: topMenu,
  path: '/api/blade-system/topmenu',
  code: 'system:topmenu',
  global: true,
  search: ['name', 'code'],
  fields: topMenuFields,
  access: platformWrites,
  unique: ['code'],
  async afterWrite(_ctx, w, tx) {
    if (w.op === 'remove')
      await tx.delete(topMenuSetting).where(
        inArray(
          topMenuSetting.topMenuId,
          w.before.map((r) => r.id),
        ),
      )
  },
  actions: {
    // Replaces the menu roots of every named top menu (each one the caller may edit), in one transaction.
    grant: {
      button: 'setting',
      target: { many: 'topMenuIds' },
      body: { menuIds: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])) },
      run: (ctx, { ids, body }) => {
        const menuIds = body.menuIds === '' || body.menuIds === undefined ? [] : parseIds(body.menuIds)
        return transact(ctx, async (tx) => {
          // Changing nothing, this takes the top menus' row locks first: two grants of the same top menus replace
          // one another whole instead of mixing their rows.
          await tx
            .update(topMenu)
            .set({ sort: sql`${topMenu.sort}` })
            .where(inArray(topMenu.id, ids))
          await tx.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, ids))
          for (const topMenuId of ids)
            for (const menuId of menuIds) await tx.insert(topMenuSetting).values({ id: newId(), topMenuId, menuId })
          return true
        })
      },
    },
    'grant-tree-keys': {
      method: 'GET',
      button: 'setting',
      run: async (ctx, { query }) => {
        const rows = await ctx.db
          .select({ menuId: topMenuSetting.menuId })
          .from(topMenuSetting)
          .where(inArray(topMenuSetting.topMenuId, parseIds(query.topMenuIds)))
        return { menu: [...new Set(rows.map((r) => r.menuId))] }
      },
    },
  },
})

export const topMenuMenuIds = async (ctx: Ctx, topMenuId: string) =>
  new Set(
    (
      await ctx.db
        .select({ id: topMenuSetting.menuId })
        .from(topMenuSetting)
        .where(eq(topMenuSetting.topMenuId, topMenuId))
    ).map((r) => r.id),
  )

export const topMenuRoutes = (s: Services) => topMenuResource.routes(s)
