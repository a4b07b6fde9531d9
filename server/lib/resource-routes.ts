/**
 * The HTTP face of a declared resource: list/page, detail, submit, remove,
 * the tree routes of a tree and each declared action, every one behind its
 * permission code and answering the envelope. The operations they call hold
 * the rules (resource.ts); this only maps requests onto them.
 */
import { Elysia } from 'elysia'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { authContext } from './auth-context.ts'
import type { Ctx, Services } from './context.ts'
import { ok } from './envelope.ts'
import { actionCodes, type actionOp, callOf, type ActionDef } from './resource-actions.ts'
import { treeWhereOnly } from './resource-query.ts'
import type { TreeBehaviour } from './resource-tree.ts'
import type { Query, ReadRoute, Resource, ResourceOptions, Row, Verb } from './resource-types.ts'
import { generated } from './hand-written.ts'

/** What the routes need of a declared resource: its declaration, codes and operations, and a tree's reads. */
export interface RouteParts<T extends SQLiteTable> {
  o: Pick<ResourceOptions<T>, 'path' | 'code' | 'skip' | 'tree' | 'search' | 'filters' | 'dates' | 'read'>
  perms: Record<Verb, string>
  key: string
  ops: Omit<Resource<T>['ops'], 'actions'> & { actions: object }
  tree?: TreeBehaviour
  /** The tree's rows in scope with the tree's own condition (trees only). */
  treeRows(ctx: Ctx, q: Query): Promise<Row[]>
  /** One level of the tree, each row flagged when it has children (trees only). */
  lazyRows(ctx: Ctx, q: Query): Promise<Row[]>
  actionDefs: [string, ActionDef<T>][]
  /** The read side's rows hook for a route (resource.ts): names, counts, children. */
  read(ctx: Ctx, rows: Row[], route: ReadRoute): Promise<Row[]>
}

export function resourceRoutes<T extends SQLiteTable>(
  services: Services,
  { o, perms, key, ops, tree, treeRows, lazyRows, actionDefs, read }: RouteParts<T>,
): Elysia {
  // The read side (resource-types.ts ReadSide): a page's rows as the route answers them, and who may read them.
  const adds = (route: ReadRoute) => Boolean(o.read?.rows && (!o.read.on || o.read.on.includes(route)))
  const paged = (route: ReadRoute) =>
    adds(route)
      ? async ({ ctx, query }: { ctx: Ctx; query: Query }) => {
          const p = await ops.page(ctx, query)
          return ok(ctx, { ...p, records: await read(ctx, p.records as Row[], route) })
        }
      : async ({ ctx, query }: { ctx: Ctx; query: Query }) => ok(ctx, await ops.page(ctx, query))
  const readPerm = (route: ReadRoute, code: string) => {
    const more = o.read?.perm?.[route]
    return more ? [code, ...more] : code
  }
  const skip = new Set(o.skip ?? [])
  const readers = [perms.list, ...(o.tree?.readers ?? [])]
  const r = new Elysia({ prefix: o.path }).use(authContext(services))
  if (tree) {
    // A tree's list is the whole tree, unpaged; the lazy routes answer one level at a time.
    if (!skip.has('list'))
      r.get('/list', async ({ ctx, query }) => ok(ctx, tree.tree((await ops.all(ctx, query)) as Row[])), {
        perm: perms.list,
      })
    if (!skip.has('lazy-list'))
      r.get('/lazy-list', async ({ ctx, query }) => ok(ctx, await lazyRows(ctx, query)), { perm: perms.list })
    if (!skip.has('tree'))
      r.get('/tree', async ({ ctx, query }) => ok(ctx, tree.nodes(await treeRows(ctx, treeWhereOnly(o, query)))), {
        perm: readers,
      })
    if (!skip.has('lazy-tree'))
      r.get(
        '/lazy-tree',
        async ({ ctx, query }) =>
          ok(
            ctx,
            (await lazyRows(ctx, { ...treeWhereOnly(o, query), [tree.parent]: query[tree.parent] })).map((row) => ({
              ...tree.node(row),
              hasChildren: row.hasChildren,
            })),
          ),
        { perm: readers },
      )
  } else if (!skip.has('list')) r.get('/list', paged('list'), { perm: readPerm('list', perms.list) })
  if (!skip.has('page')) r.get('/page', paged('page'), { perm: readPerm('page', perms.list) })
  if (!skip.has('detail'))
    r.get(
      '/detail',
      adds('detail')
        ? async ({ ctx, query }) =>
            ok(ctx, (await read(ctx, [(await ops.detail(ctx, query[key] ?? query.id)) as Row], 'detail'))[0])
        : async ({ ctx, query }) => ok(ctx, await ops.detail(ctx, query[key] ?? query.id)),
      { perm: readPerm('detail', perms.detail) },
    )
  if (!skip.has('submit'))
    r.post('/submit', async ({ ctx, body }) => ok(ctx, await ops.submit(ctx, body)), {
      perm: [perms.add, perms.edit],
    })
  if (!skip.has('remove'))
    r.post(
      '/remove',
      async ({ ctx, query, body }) => {
        const b = body as Row | undefined
        return ok(ctx, await ops.remove(ctx, query.ids ?? query.id ?? b?.ids ?? b?.id))
      },
      { perm: perms.remove },
    )
  // Actions whose contract path lies under another service (a look-up at /api/blade-system/search/role) go unprefixed.
  const elsewhere = new Elysia().use(authContext(services))
  for (const [name, def] of actionDefs) {
    const op = (ops.actions as Record<string, ReturnType<typeof actionOp>>)[name]
    const handler = async ({ ctx, query, body }: { ctx: Ctx; query: Query; body: unknown }) => {
      const out = await op(ctx, callOf(def as ActionDef<SQLiteTable>, services, query, body))
      // A file the action answers (a download) goes out as it is; anything else is the envelope's data.
      return out instanceof Response ? out : ok(ctx, out, def.message)
    }
    const perm = actionCodes(o.code, def as ActionDef<SQLiteTable>)
    if (def.path?.startsWith('/api/')) {
      if (def.method === 'GET') elsewhere.get(def.path, handler, { perm })
      else elsewhere.post(def.path, handler, { perm })
      continue
    }
    const path = def.path ?? `/${name}`
    if (def.method === 'GET') r.get(path, handler, { perm })
    else r.post(path, handler, { perm })
  }
  if (elsewhere.routes.length) return generated(new Elysia().use(r).use(generated(elsewhere))) as unknown as Elysia
  // Typed as a plain plugin so that modules .use()-ing it keep their own route types.
  return generated(r) as unknown as Elysia
}
