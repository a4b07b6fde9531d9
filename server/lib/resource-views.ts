/**
 * Public views of a resource (issue #26): what a school shows everyone — the
 * portal's lists and details — declared on the resource beside its staff
 * routes, read through `publicRows` (tenant and not deleted, no caller's data
 * scope) with the view's own conditions (published, released, a category),
 * only the columns it names, and a read side of its own (a body, neighbours).
 * `views: [{ path: '/api/nop-wbp/notice', why, fields, where, rows }]` gives
 * `<path>/list` (paged) and `<path>/detail` behind `perm` (public by default).
 * A catalogue the contract answers whole (`all`, in its own `orderBy`), routes
 * the contract names otherwise (`paths`) and the query each route reads
 * (`query`, checked on the route) are declared the same way.
 * A view may instead be the caller's own rows (`own`: their enrolments, their
 * cards, through ownRows, signed-in), and may carry verbs (`actions`: sign up,
 * rate, save progress) that read within its bounds. Views a resource's area
 * cannot import (the portal's, which use that area's helpers) are declared
 * where they live with `viewsOf(resource, views)`.
 */
import { Elysia } from 'elysia'
import { and, asc, desc, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { authContext } from './auth-context.ts'
import type { Ctx, Services } from './context.ts'
import { envelope, ok } from './envelope.ts'
import { badRequest, notFound } from './errors.ts'
import { generated } from './hand-written.ts'
import { t } from './messages.ts'
import { pageQuery } from './page-query.ts'
import { pageOf, parsePaging } from './paging.ts'
import { PUBLIC, SIGNED_IN } from './permissions.ts'
import { queryFilters } from './resource-query.ts'
import type { PublicView, Query, Resource, Row, ViewRoute } from './resource-types.ts'
import { ownRows, publicRows } from './tenant-rows.ts'
import { now } from './time.ts'
import { body as bodyOf, paging, query as queryOf, text } from './request-schema.ts'

/** What a view's action answers when it says its own message (a key and its parameters), not the declared one. */
export class Said {
  constructor(
    readonly data: unknown,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {}
}
export const said = (data: unknown, key: string, params?: Record<string, string | number>) =>
  new Said(data, key, params)

export function viewRoutes(services: Services, table: SQLiteTable, order: () => SQL[], view: PublicView): Elysia {
  const cols = getTableColumns(table) as Record<string, SQLiteColumn>
  const omit = Object.keys(cols).filter((k) => !view.fields.includes(k))
  const shown = Object.fromEntries(view.fields.map((f) => [f, cols[f]]))
  const routes = view.routes ?? ['list', 'detail']
  // Everyone's rows of the school, or the caller's own (an own view is for signed-in callers only).
  const rowsOf = (ctx: Ctx) =>
    view.own ? ownRows(table, ctx) : publicRows(table, ctx.actor.tenantId, { why: view.why })
  const bounds = async (ctx: Ctx, q: Query) => and(rowsOf(ctx), await view.where?.(ctx, q))!
  // Built once, as the resource's own order is: pageQuery renders one list object once.
  let viewOrder: SQL[] | undefined
  const ordered = () =>
    view.orderAt ? view.orderAt(cols, now()) : view.orderBy ? (viewOrder ??= view.orderBy(cols)) : order()
  const read = async (ctx: Ctx, rows: Row[], route: ViewRoute) =>
    view.rows ? ((await view.rows(ctx, rows, route, services)) as Row[]) : rows
  const r = new Elysia({ prefix: view.path }).use(authContext(services))
  const perm = view.perm ?? (view.own ? SIGNED_IN : PUBLIC)
  const at = (route: ViewRoute) => view.paths?.[route] ?? `/${route}`
  // Every route declares its query (checked on the route, which answers a refusal naming the field): a page's
  // paging, search and filters, a detail's id, and what the view adds or says more strictly.
  const listQuery = {
    ...(view.all ? {} : paging()),
    ...Object.fromEntries((view.search ?? []).flatMap((f) => [f, `${f}_like`].map((k) => [k, text('contains')]))),
    ...Object.fromEntries((view.filters ?? []).flatMap((f) => [f, `${f}_equal`].map((k) => [k, text('equals')]))),
    ...view.query?.list,
  }
  const detailQuery = { id: text('id'), ...view.query?.detail }
  if (routes.includes('list'))
    r.get(
      at('list'),
      async ({ ctx, query }) => {
        const q = query as Query
        const where = and(await bounds(ctx, q), ...queryFilters(view, cols, q))
        if (view.all) {
          const all = ctx.db
            .select(shown)
            .from(table)
            .where(where)
            .orderBy(...ordered())
          const limit = typeof view.all.limit === 'function' ? view.all.limit(q) : view.all.limit
          const rows = await (limit ? all.limit(limit) : all)
          return ok(ctx, await read(ctx, rows as Row[], 'list'))
        }
        const { current, size, offset } = parsePaging(q)
        const { rows, total } = await pageQuery(ctx.db, { table, where, orderBy: ordered(), omit }, size, offset)
        return ok(ctx, pageOf(await read(ctx, rows, 'list'), total, current, size))
      },
      { perm, query: queryOf(listQuery) },
    )
  if (routes.includes('detail'))
    r.get(
      at('detail'),
      async ({ ctx, query }) => {
        const id = (query as Query).id
        if (typeof id !== 'string' || !/^\d{1,20}$/.test(id)) throw badRequest('validation.id', { field: 'id' }, 'id')
        const [row] = await ctx.db
          .select(shown)
          .from(table)
          .where(and(await bounds(ctx, query as Query), eq(cols.id, id)))
        if (!row) throw notFound()
        return ok(ctx, (await read(ctx, [row as Row], 'detail'))[0])
      },
      { perm, query: queryOf(detailQuery) },
    )
  // A verb of the view: its query and body declared (and checked) on the route, its run given the view's bounds
  // for the request, what it answers sent with the declared message or the one it says.
  for (const [name, a] of Object.entries(view.actions ?? {})) {
    const run = async (ctx: Ctx, query: Query, body: unknown) => {
      const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
      const out = await a.run(ctx, { query, body: sent, where: await bounds(ctx, query), services })
      return out instanceof Said ? envelope(out.data, t(ctx.lang, out.key, out.params)) : ok(ctx, out, a.message)
    }
    const path = a.path ?? `/${name}`,
      query = queryOf(a.query ?? {}),
      on = a.perm ?? perm
    if (a.method === 'GET') r.get(path, ({ ctx, query }) => run(ctx, query as Query, undefined), { perm: on, query })
    else
      r.post(path, ({ ctx, query, body }) => run(ctx, query as Query, body), {
        perm: on,
        query,
        body: bodyOf(a.body ?? {}),
      })
  }
  return generated(r) as unknown as Elysia
}

/**
 * Views of a resource declared away from its declaration: the portal declares its views of the course, card and
 * content resources where it reads those areas' helpers (enrolment, card checks), which the resources' own files
 * could not import back without a cycle. The routes are the same as `views:` on the declaration gives.
 */
export function viewsOf(
  resource: { options: Pick<Resource['options'], 'table' | 'orderBy'> },
  views: PublicView[],
): (services: Services) => Elysia {
  const o = resource.options
  const cols = getTableColumns(o.table) as Record<string, SQLiteColumn>
  // The resource's own order (resource.ts): its orderBy, else sort then newest first.
  const key = Object.values(cols).find((c) => c.primary)!
  let ordered: SQL[] | undefined
  const order = () => (ordered ??= o.orderBy?.(cols) ?? [...(cols.sort ? [asc(cols.sort)] : []), desc(key)])
  return (services) => {
    const all = new Elysia()
    for (const v of views) all.use(viewRoutes(services, o.table, order, v))
    return all as unknown as Elysia
  }
}
