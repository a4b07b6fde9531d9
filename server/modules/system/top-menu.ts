import { Elysia, t } from 'elysia'
import { eq, inArray } from 'drizzle-orm'
import { topMenu, topMenuSetting } from '../../../db/schema/index.ts'
import { topMenuFields } from '../../../db/fields/system.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { newId } from '../../lib/ids.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { defineResource } from '../../lib/resource.ts'
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
  afterWrite(_ctx, w, tx) {
    if (w.op === 'remove')
      tx.delete(topMenuSetting)
        .where(
          inArray(
            topMenuSetting.topMenuId,
            w.before.map((r) => r.id),
          ),
        )
        .run()
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

export const topMenuRoutes = (s: Services) =>
  new Elysia().use(topMenuResource.routes(s)).use(
    new Elysia({ prefix: topMenuResource.options.path })
      .use(authContext(s))
      .post(
        '/grant',
        async ({ ctx, body }) => {
          // Replaces the menu roots of every named top menu, checking each is one the caller may edit.
          const topIds = parseIds(body.topMenuIds)
          const menuIds = body.menuIds === '' || body.menuIds === undefined ? [] : parseIds(body.menuIds)
          for (const id of topIds) await topMenuResource.ops.detail(ctx, id)
          await topMenuResource.where(ctx, 'edit')
          ctx.db.transaction((tx) => {
            tx.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topIds)).run()
            for (const topMenuId of topIds)
              for (const menuId of menuIds) tx.insert(topMenuSetting).values({ id: newId(), topMenuId, menuId }).run()
          })
          return ok(ctx, true)
        },
        {
          perm: 'system:topmenu:setting',
          body: t.Object({
            topMenuIds: t.Union([t.String(), t.Array(t.String())]),
            menuIds: t.Optional(t.Union([t.String(), t.Array(t.String())])),
          }),
        },
      )
      .get(
        '/grant-tree-keys',
        async ({ ctx, query }) => {
          const ids = parseIds(query.topMenuIds)
          const rows = await ctx.db
            .select({ menuId: topMenuSetting.menuId })
            .from(topMenuSetting)
            .where(inArray(topMenuSetting.topMenuId, ids))
          return ok(ctx, { menu: [...new Set(rows.map((r) => r.menuId))] })
        },
        { perm: 'system:topmenu:setting' },
      ),
  )
