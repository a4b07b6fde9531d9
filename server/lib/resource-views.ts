/**
 * Public views of a resource (issue #26): what a school shows everyone — the
 * portal's lists and details — declared on the resource beside its staff
 * routes, read through `publicRows` (tenant and not deleted, no caller's data
 * scope) with the view's own conditions (published, released, a category),
 * only the columns it names, and a read side of its own (a body, neighbours).
 * `views: [{ path: '/api/nop-wbp/notice', why, fields, where, rows }]` gives
 * `<path>/list` (paged) and `<path>/detail` behind `perm` (public by default).
 */
import { Elysia } from 'elysia'
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { authContext } from './auth-context.ts'
import type { Ctx, Services } from './context.ts'
import { ok } from './envelope.ts'
import { badRequest, notFound } from './errors.ts'
import { generated } from './hand-written.ts'
import { pageQuery } from './page-query.ts'
import { pageOf, parsePaging } from './paging.ts'
import { PUBLIC } from './permissions.ts'
import { queryFilters } from './resource-query.ts'
import type { PublicView, Query, Row, ViewRoute } from './resource-types.ts'
import { publicRows } from './tenant-rows.ts'

export function viewRoutes(services: Services, table: SQLiteTable, order: () => SQL[], view: PublicView): Elysia {
  const cols = getTableColumns(table) as Record<string, SQLiteColumn>
  const omit = Object.keys(cols).filter((k) => !view.fields.includes(k))
  const shown = Object.fromEntries(view.fields.map((f) => [f, cols[f]]))
  const routes = view.routes ?? ['list', 'detail']
  const bounds = (ctx: Ctx) => and(publicRows(table, ctx.actor.tenantId, { why: view.why }), view.where?.(ctx))!
  const read = async (ctx: Ctx, rows: Row[], route: ViewRoute) =>
    view.rows ? ((await view.rows(ctx, rows, route)) as Row[]) : rows
  const r = new Elysia({ prefix: view.path }).use(authContext(services))
  const perm = view.perm ?? PUBLIC
  if (routes.includes('list'))
    r.get(
      '/list',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const where = and(bounds(ctx), ...queryFilters(view, cols, query as Query))
        const { rows, total } = pageQuery(ctx.db, { table, where, orderBy: order(), omit }, size, offset)
        return ok(ctx, pageOf(await read(ctx, rows, 'list'), total, current, size))
      },
      { perm },
    )
  if (routes.includes('detail'))
    r.get(
      '/detail',
      async ({ ctx, query }) => {
        const id = query.id
        if (typeof id !== 'string' || !/^\d{1,20}$/.test(id)) throw badRequest('validation.id', { field: 'id' }, 'id')
        const [row] = await ctx.db
          .select(shown)
          .from(table)
          .where(and(bounds(ctx), eq(cols.id, id)))
        if (!row) throw notFound()
        return ok(ctx, (await read(ctx, [row as Row], 'detail'))[0])
      },
      { perm },
    )
  return generated(r) as unknown as Elysia
}
