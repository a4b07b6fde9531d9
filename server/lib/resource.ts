/**
 * The resource factory: one declaration (a drizzle table plus options) becomes
 * the list/page, detail, submit and remove routes and the same four plain
 * operations for the CLI, jobs and the broker.
 *
 * Write pipeline, in this order, every step awaited:
 *   validate (schema) → permission code → access filter → fill tenant/audit
 *   columns → beforeWrite (may be async, may change values) → write in one
 *   transaction: the `unique` rules checked first (server/lib/unique.ts), then
 *   the row, then afterWrite (synchronous, for related rows, so they commit or
 *   roll back with the row; a promise it answers is refused)
 *   → afterCommit (may be async: broker notifications, job wake-ups), which
 *   runs only once the transaction committed. The written row must still lie
 *   within the caller's scope and access filter, else the write rolls back.
 * Reads: permission code → scope() (tenant, not deleted, data scope) AND access.
 * Options beyond CRUD: `key` addresses rows by another column (regions by
 * code); `tree` adds a parent column's rules and routes (resource-tree.ts);
 * `actions` declares extra verbs with their button codes (resource-actions.ts).
 * Hand-written routes over the table read through `resource.scope(ctx)`, which
 * includes the data scope unless they say otherwise.
 * Nothing here skips access: the system actor passes because it holds every
 * code, not because a default lets it through.
 */
import { Elysia } from 'elysia'
import { and, asc, desc, eq, getTableColumns, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { TSchema } from '@sinclair/typebox'
import { authContext } from './auth-context.ts'
import type { Ctx, Services } from './context.ts'
import { ok, type Page } from './envelope.ts'
import { ApiError, badRequest, notFound } from './errors.ts'
import { newId } from './ids.ts'
import { pageQuery } from './page-query.ts'
import { pageOf, parsePaging } from './paging.ts'
import { requirePermission } from './permissions.ts'
import { scope, type ScopeChoice } from './scope.ts'
import { now } from './time.ts'
import { bodySchemas, parseBody, type BodySchemas } from './validation.ts'
import { parseIds } from './ids-param.ts'
import type { Fields } from '../../db/fields/types.ts'
import { treeOf, type TreeOptions } from './resource-tree.ts'
import { actionCodes, actionOp, callOf, type ActionDef, type ActionOps, type Actions } from './resource-actions.ts'
import { mustBeSync, transact, type Tx } from './transaction.ts'
import { assertUnique, declareUnique, type UniqueRule } from './unique.ts'

export type { TreeOptions, ActionDef, Actions }

/** Keys of a keyed resource: `a,b` or an array, each a non-empty code. */
function parseKeys(v: unknown): string[] {
  const list = (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [])
    .map((x) => x.trim())
    .filter(Boolean)
  if (!list.length || list.length > 1000 || list.some((x) => x.length > 64))
    throw badRequest('validation.ids', { field: 'ids' }, 'ids')
  return list
}

export type Verb = 'list' | 'detail' | 'add' | 'edit' | 'remove'
type Row = Record<string, unknown>
type Query = Record<string, string | undefined>

/** A stored row of the table, as drizzle infers it. */
export type RowOf<T extends SQLiteTable> = T['$inferSelect']
/** What may be written to the table, as drizzle infers it. */
export type InsertOf<T extends SQLiteTable> = T['$inferInsert']

export interface Write<T extends SQLiteTable = SQLiteTable> {
  op: 'insert' | 'update' | 'remove'
  /** The values about to be written (insert/update); hooks may change them. */
  values: Partial<InsertOf<T>> & Row
  /** The stored rows an update or remove touches. */
  before: RowOf<T>[]
}

export interface ResourceOptions<T extends SQLiteTable, A extends Actions<T> = Actions<T>> {
  table: T
  /** '/api/<service>/<entity>' exactly as the spec spells it. */
  path: string
  /** Permission code of the menu; buttons are code:add, code:edit, code:delete. Data scopes key on it too. */
  code: string
  /**
   * Rows bounded through a parent rather than by their own data scope (enrolments through their course):
   * `{ why }` turns the data scope of `code` off for this table — say in `access` how the parent bounds them.
   */
  viaParent?: { why: string }
  perms?: Partial<Record<Verb, string>>
  /** Shared by all tenants: no tenant filter, tenant_id stays the platform's. */
  global?: boolean
  /** Text columns a plain query parameter or <field>_like matches with LIKE. */
  search?: string[]
  /** Columns a query parameter matches exactly. */
  filters?: string[]
  /** Date/time columns: <field>=yyyy-MM-dd, <field>_datege, <field>_datelt. */
  dates?: string[]
  orderBy?: (cols: Record<string, SQLiteColumn>) => SQL[]
  /**
   * The resource's field description (db/fields/<area>.ts), shared with its web screen:
   * required fields and their messages, lengths, contact rules.
   */
  fields?: Fields
  /** Field → message key when that required field is missing (resources without a field description). */
  messages?: Record<string, string>
  /** Columns never sent to a client nor accepted from one. */
  hidden?: string[]
  /** Body fields beyond (or instead of) the table's, e.g. a password the hooks hash. */
  body?: Record<string, TSchema>
  /** Per-verb rule: false refuses (403), an SQL condition is ANDed into the rows the verb may touch. */
  access?: Partial<Record<Verb, (ctx: Ctx) => boolean | SQL | Promise<boolean | SQL>>>
  /**
   * Values no two live rows may share: 'postCode' is unique within the tenant
   * (over all rows for a global resource); a rule object names the index's
   * columns exactly, the field and message of a clash. Checked inside the
   * write's transaction, backed by a partial unique index in the schema
   * (liveUnique), answered as a 409 naming the field.
   */
  unique?: (string | UniqueRule)[]
  beforeWrite?: (ctx: Ctx, w: Write<T>) => void | Promise<void>
  /** Inside the write's transaction, for related rows: synchronous (bun:sqlite has one connection; see transaction.ts). */
  afterWrite?: (ctx: Ctx, w: Write<T>, tx: Tx) => void
  /**
   * After the write committed, never after one that rolled back: broker
   * notifications, job wake-ups, anything outside the database. May be async;
   * its failure is logged and does not undo the write. `row` is the stored row
   * (insert/update).
   */
  afterCommit?: (ctx: Ctx, w: Write<T>, row?: RowOf<T>) => unknown
  /** Extra verbs with their button codes, scope and operations (server/lib/resource-actions.ts). */
  actions?: A & Actions<T>
  /**
   * The column a row is addressed by ('id' when left out), e.g. a region's
   * official code: detail/remove take it, and submit updates the row holding
   * it or inserts a new one.
   */
  key?: string
  /** A parent column makes the resource a tree: cycle refusal, ancestors, tree routes (server/lib/resource-tree.ts). */
  tree?: TreeOptions
  /** Routes to leave out because the module answers them itself. */
  skip?: RouteName[]
}

export type RouteName = 'list' | 'page' | 'detail' | 'submit' | 'remove' | 'lazy-list' | 'tree' | 'lazy-tree'

/**
 * What a declaration gives: routes for the app, operations for everyone else.
 * Operations answer the table's own row type; submit takes raw input (a body,
 * CLI flags) because it validates it, and answers the stored row.
 */
export interface Resource<T extends SQLiteTable = SQLiteTable, A extends Actions<T> = Actions<T>> {
  options: ResourceOptions<T, A>
  perms: Record<Verb, string>
  ops: {
    page(ctx: Ctx, q?: Query, extra?: SQL): Promise<Page<RowOf<T>>>
    all(ctx: Ctx, q?: Query, extra?: SQL): Promise<RowOf<T>[]>
    detail(ctx: Ctx, id: string | undefined): Promise<RowOf<T>>
    submit(ctx: Ctx, body: Partial<InsertOf<T>> | Record<string, unknown> | unknown): Promise<RowOf<T>>
    remove(ctx: Ctx, ids: unknown): Promise<void>
    /** Trees only: the keys of a node and everything below it in the caller's tenant. */
    subtree(ctx: Ctx, key: string): Promise<string[]>
    /** The declared actions, each gated by its button code like its route (the CLI passes an explicit actor). */
    actions: ActionOps<A>
  }
  routes(services: Services): Elysia
  /** scope() AND the verb's access rule, after the permission check (any of the verb's code and `also`). */
  where(ctx: Ctx, verb: Verb, also?: string[]): Promise<SQL>
  /**
   * The rows of the table a hand-written query may read: tenant, not deleted
   * and the caller's data scope for this resource's code. No permission check
   * (the route's own code did that). Less must be asked for by name:
   * `{ dataScope: false, why: '…' }` (a count for a dashboard, a look-up the
   * caller does not own) — so no route forgets the data scope by accident.
   */
  scope(ctx: Ctx, choice?: ScopeChoice): Promise<SQL>
  schemas: BodySchemas
}

export function defineResource<T extends SQLiteTable, const A extends Actions<T> = Record<never, never>>(
  o: ResourceOptions<T, A>,
): Resource<T, A> {
  const cols = getTableColumns(o.table) as Record<string, SQLiteColumn>
  const perms: Record<Verb, string> = {
    list: o.code,
    detail: o.code,
    add: `${o.code}:add`,
    edit: `${o.code}:edit`,
    remove: `${o.code}:delete`,
    ...o.perms,
  }
  const key = o.key ?? 'id'
  const keyCol = cols[key]
  const schemas = bodySchemas(o.table, {
    fields: o.fields,
    messages: o.messages,
    body: o.body,
    hidden: o.hidden,
    key,
  })
  const hidden = new Set(o.hidden ?? [])
  // A row addressed by another column still carries `id` (= its key) for the generic screens.
  const strip = (r: Row) => {
    const out = hidden.size ? Object.fromEntries(Object.entries(r).filter(([k]) => !hidden.has(k))) : r
    return (cols.id ? out : { ...out, id: r[key] }) as RowOf<T>
  }
  const tree = o.tree ? treeOf(o.table, key, o.tree, Boolean(o.global)) : undefined
  const uniques = (o.unique ?? []).map((u) => declareUnique(o.table, u, o.global, o.fields))
  const validKey = (v: string, by = key) => (by === 'id' ? /^\d{1,20}$/.test(v) : v.length > 0 && v.length <= 64)

  /** scope() AND the verb's access rule; also the permission check, so operations called directly are gated too. */
  async function where(ctx: Ctx, verb: Verb, also: string[] = []): Promise<SQL> {
    await permit(ctx, [perms[verb], ...also])
    return bounds(ctx, verb)
  }
  /** Passes when the caller holds any of the codes. */
  async function permit(ctx: Ctx, codes: string[]) {
    for (let i = 0; ; i++) {
      try {
        await requirePermission(ctx, codes[i], '', '')
        break
      } catch (e) {
        if (i === codes.length - 1) throw e
      }
    }
  }
  /** scope() AND the verb's access rule. */
  async function bounds(ctx: Ctx, verb: Verb): Promise<SQL> {
    const rule = o.access?.[verb] ? await o.access[verb]!(ctx) : true
    if (rule === false) throw new ApiError(403, 'error.forbidden')
    const base = await boundScope(ctx)
    return rule === true ? base : and(base, rule)!
  }

  function filtersOf(q: Query): SQL[] {
    const out: SQL[] = []
    for (const f of o.search ?? []) {
      const v = q[`${f}_like`] ?? q[f]
      // The user's text is matched literally: % and _ are escaped, not wildcards.
      if (v) out.push(sql`${cols[f]} LIKE ${`%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`)
    }
    for (const f of o.filters ?? []) {
      const v = q[f] ?? q[`${f}_equal`]
      if (v !== undefined && v !== '') out.push(eq(cols[f], cols[f].dataType === 'number' ? Number(v) : v))
    }
    for (const f of o.dates ?? []) {
      const day = q[f],
        ge = q[`${f}_datege`],
        lt_ = q[`${f}_datelt`]
      for (const [name, v] of [
        [f, day],
        [`${f}_datege`, ge],
        [`${f}_datelt`, lt_],
      ] as const)
        if (v && !/^\d{4}-\d{2}-\d{2}/.test(v)) throw badRequest('validation.date', { field: name }, name)
      if (day) out.push(like(cols[f], `${day.slice(0, 10)}%`))
      if (ge) out.push(gte(cols[f], ge))
      if (lt_) out.push(lt(cols[f], lt_))
    }
    return out
  }

  // Ids are time-ordered, so newest-first is the primary key read backwards: no sort over the whole table.
  const primaryKey = Object.values(cols).find((c) => c.primary)!
  // Built once: the order is the resource's, not the request's, and one array lets pageQuery render it once too.
  let ordered: SQL[] | undefined
  const order = () => (ordered ??= o.orderBy?.(cols) ?? [...(cols.sort ? [asc(cols.sort)] : []), desc(primaryKey)])

  /** The rows the keys name (or the values of column `by`), within scope and the verb's access rule; else 404. */
  async function inScope(ctx: Ctx, verb: Verb, ids: string[], gated = true, by = key): Promise<RowOf<T>[]> {
    const col = cols[by]
    if (!col) throw new Error(`${o.path}: no column ${by}`)
    const rows = await ctx.db
      .select()
      .from(o.table as SQLiteTable)
      .where(and(gated ? await where(ctx, verb) : await bounds(ctx, verb), inArray(col, ids)))
    if (rows.length !== new Set(ids).size) throw notFound()
    return rows as RowOf<T>[]
  }

  const ops = {
    /** Paged list: LIMIT/OFFSET and COUNT in SQL. */
    async page(ctx: Ctx, q: Query = {}, extra?: SQL) {
      const { current, size, offset } = parsePaging(q)
      const bound = await where(ctx, 'list'),
        filters = filtersOf(q)
      // No filter: the bounds alone, the same SQL object each time for most callers (scope.ts), rendered once.
      const cond = filters.length || extra ? and(bound, ...filters, extra) : bound
      const { rows, total } = pageQuery(
        ctx.db,
        {
          table: o.table,
          where: cond,
          orderBy: order(),
          keyDesc: o.orderBy || cols.sort ? undefined : primaryKey,
          omit: o.hidden,
        },
        size,
        offset,
      )
      // The hidden columns were never read: only the key-as-id remains to add.
      return pageOf(cols.id ? (rows as RowOf<T>[]) : (rows as Row[]).map(strip), total, current, size)
    },
    /** Every matching row, unpaged: for trees and selects, which the spec wants whole. */
    async all(ctx: Ctx, q: Query = {}, extra?: SQL) {
      const rows = await ctx.db
        .select()
        .from(o.table as SQLiteTable)
        .where(and(await where(ctx, 'list'), ...filtersOf(q), extra))
        .orderBy(...order())
      return (rows as Row[]).map(strip)
    },
    async detail(ctx: Ctx, id: string | undefined) {
      if (!id || !validKey(id)) throw badRequest('validation.id', { field: key }, key)
      return strip((await inScope(ctx, 'detail', [id]))[0])
    },
    async submit(ctx: Ctx, body: unknown) {
      const given = key === 'id' || !body || typeof body !== 'object' ? undefined : (body as Row)[key]
      const keyedUpdate =
        key === 'id'
          ? undefined
          : given !== undefined && given !== null && given !== '' && (await keyExists(ctx, String(given)))
      const { isUpdate, values } = parseBody(schemas, body, keyedUpdate)
      const stamp = now()
      const a = ctx.actor
      const bound = await where(ctx, isUpdate ? 'edit' : 'add')
      const before = isUpdate ? await inScope(ctx, 'edit', [values[key] as string]) : []
      const w: Write<T> = {
        op: isUpdate ? 'update' : 'insert',
        before,
        values: isUpdate
          ? { ...values, updateUser: a.userId, updateTime: stamp }
          : {
              ...values,
              ...(cols.id ? { id: newId() } : {}),
              ...(o.global ? {} : { tenantId: a.tenantId }),
              createUser: a.userId,
              createDept: a.deptIds[0] ?? null,
              createTime: stamp,
              updateUser: a.userId,
              updateTime: stamp,
            },
      }
      if (tree) await tree.place(ctx, w.values, before[0])
      await o.beforeWrite?.(ctx, w)
      const k = ((w.values as Row)[key] ?? values[key]) as string
      await transact(ctx, (tx) => {
        // Inside the transaction no other write of this process comes between the check and the row.
        const next = { ...before[0], ...w.values }
        for (const u of uniques) assertUnique(tx, u, next, isUpdate ? { column: key, value: k } : undefined)
        if (isUpdate)
          tx.update(o.table)
            .set(w.values as never)
            .where(eq(keyCol, k))
            .run()
        else
          tx.insert(o.table)
            .values(w.values as never)
            .run()
        // Data scope bounds writes as it bounds reads: a row written outside the caller's scope rolls back.
        if (
          !tx
            .select({ k: keyCol })
            .from(o.table as SQLiteTable)
            .where(and(bound, eq(keyCol, k)))
            .get()
        )
          throw new ApiError(403, 'error.outOfScope')
        if (tree && isUpdate) tree.carrySubtree(tx, before[0] as Row, w.values)
        mustBeSync(o.afterWrite?.(ctx, w, tx), `${o.path} afterWrite`)
      })
      const [row] = await ctx.db
        .select()
        .from(o.table as SQLiteTable)
        .where(eq(keyCol, k))
      if (o.afterCommit) await afterCommit(ctx, w, row as RowOf<T>)
      return strip(row as Row)
    },
    async remove(ctx: Ctx, idsParam: unknown): Promise<void> {
      const ids = key === 'id' ? parseIds(idsParam) : parseKeys(idsParam)
      const before = await inScope(ctx, 'remove', ids)
      if (tree) await tree.refuseParents(ctx, ids)
      const w: Write<T> = {
        op: 'remove',
        values: { isDeleted: 1, updateUser: ctx.actor.userId, updateTime: now() },
        before,
      }
      await o.beforeWrite?.(ctx, w)
      await transact(ctx, (tx) => {
        // Soft delete where the table keeps deleted rows; reference tables without the column lose the row.
        if (cols.isDeleted)
          tx.update(o.table)
            .set(w.values as never)
            .where(inArray(keyCol, ids))
            .run()
        else tx.delete(o.table).where(inArray(keyCol, ids)).run()
        mustBeSync(o.afterWrite?.(ctx, w, tx), `${o.path} afterWrite`)
      })
      if (o.afterCommit) await afterCommit(ctx, w)
    },
    async subtree(ctx: Ctx, k: string) {
      if (!tree) throw new Error(`${o.path} is not a tree`)
      await where(ctx, 'list', o.tree?.readers)
      return tree.subtree(ctx, k)
    },
    actions: {} as ActionOps<A>,
  }

  /** A side effect that fails after the commit is logged; the write stands (transaction.ts). */
  const logAfterCommit = (err: unknown) => console.error(`${o.path}: after-commit side effect failed`, err)
  async function afterCommit(ctx: Ctx, w: Write<T>, row?: RowOf<T>) {
    try {
      await o.afterCommit!(ctx, w, row)
    } catch (err) {
      logAfterCommit(err)
    }
  }

  const actionDefs = Object.entries(o.actions ?? {}) as [string, ActionDef<T>][]
  for (const [name, def] of actionDefs)
    (ops.actions as Record<string, unknown>)[name] = actionOp(
      {
        code: o.code,
        permit,
        rowsInScope: (ctx, verb, ids, by) => inScope(ctx, verb, ids, false, by),
        validKey,
        parseKeys: (v, by = key) => (by === 'id' ? parseIds(v) : parseKeys(v)),
        onError: logAfterCommit,
      },
      def as ActionDef<SQLiteTable>,
    )

  /** Keyed resources: whether a row with this key exists at all (decides insert or update). */
  async function keyExists(ctx: Ctx, k: string) {
    const base = await scope(o.table, ctx, {
      global: o.global,
      dataScope: false,
      why: 'whether the key exists at all decides insert or update; the write itself is bounded',
    })
    return Boolean(
      await ctx.db
        .select({ k: keyCol })
        .from(o.table as SQLiteTable)
        .where(and(base, eq(keyCol, k)))
        .get(),
    )
  }

  /** Tree reads: the resource's rows in scope (readers' codes admitted), with the tree's own query condition. */
  async function treeRows(ctx: Ctx, q: Query, extra?: SQL): Promise<Row[]> {
    const rows = await ctx.db
      .select()
      .from(o.table as SQLiteTable)
      .where(and(await where(ctx, 'list', o.tree?.readers), ...filtersOf(q), o.tree?.where?.(q), extra))
      .orderBy(...order())
    return (rows as Row[]).map(strip) as Row[]
  }

  /** One level under the query's parent (a search looks at every level), each row flagged when it has children. */
  async function lazyRows(ctx: Ctx, q: Query): Promise<Row[]> {
    const t = tree!
    const searching = (o.search ?? []).some((f) => q[f] || q[`${f}_like`])
    // Children are counted among the rows the same tree condition admits (a department typed 1 has no classes below it).
    const all = await treeRows(ctx, o.tree?.where ? treeWhereOnly(q) : {})
    const level = await treeRows(
      ctx,
      { ...q, [t.parent]: undefined },
      searching ? undefined : eq(cols[t.parent], q[t.parent] || t.root),
    )
    return t.withChildFlags(level, all)
  }
  /** The query without search and filter parameters: only what the tree's own condition reads. */
  const treeWhereOnly = (q: Query): Query =>
    Object.fromEntries(
      Object.entries(q).filter(
        ([k]) =>
          ![...(o.search ?? []), ...(o.filters ?? []), ...(o.dates ?? [])].some(
            (f) => k === f || k.startsWith(`${f}_`),
          ),
      ),
    )

  const skip = new Set(o.skip ?? [])
  const readers = [perms.list, ...(o.tree?.readers ?? [])]
  const routes = (services: Services) => {
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
        r.get('/tree', async ({ ctx, query }) => ok(ctx, tree.nodes(await treeRows(ctx, treeWhereOnly(query)))), {
          perm: readers,
        })
      if (!skip.has('lazy-tree'))
        r.get(
          '/lazy-tree',
          async ({ ctx, query }) =>
            ok(
              ctx,
              (await lazyRows(ctx, { ...treeWhereOnly(query), [tree.parent]: query[tree.parent] })).map((row) => ({
                ...tree.node(row),
                hasChildren: row.hasChildren,
              })),
            ),
          { perm: readers },
        )
    } else if (!skip.has('list'))
      r.get('/list', async ({ ctx, query }) => ok(ctx, await ops.page(ctx, query)), { perm: perms.list })
    if (!skip.has('page'))
      r.get('/page', async ({ ctx, query }) => ok(ctx, await ops.page(ctx, query)), { perm: perms.list })
    if (!skip.has('detail'))
      r.get('/detail', async ({ ctx, query }) => ok(ctx, await ops.detail(ctx, query[key] ?? query.id)), {
        perm: perms.detail,
      })
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
    for (const [name, def] of actionDefs) {
      const op = (ops.actions as Record<string, ReturnType<typeof actionOp>>)[name]
      const handler = async ({ ctx, query, body }: { ctx: Ctx; query: Query; body: unknown }) =>
        ok(ctx, await op(ctx, callOf(def as ActionDef<SQLiteTable>, services, query, body)), def.message)
      const perm = actionCodes(o.code, def as ActionDef<SQLiteTable>)
      const path = def.path ?? `/${name}`
      if (def.method === 'GET') r.get(path, handler, { perm })
      else r.post(path, handler, { perm })
    }
    // Typed as a plain plugin so that modules .use()-ing it keep their own route types.
    return r as unknown as Elysia
  }

  function boundScope(ctx: Ctx, choice: ScopeChoice = {}) {
    const less =
      choice.dataScope === false ? choice : o.viaParent && { dataScope: false as const, why: o.viaParent.why }
    return scope(o.table, ctx, { global: o.global, ...(less ? { dataScope: false, why: less.why } : { code: o.code }) })
  }

  const resource: Resource<T, A> = { options: o, perms, ops, routes, where, scope: boundScope, schemas }
  resourceRegistry.push(resource as AnyResource)
  return resource
}

/** A resource of any table, for code that walks them all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = Resource<any>

/** Every declared resource, so one test can walk them all (tenant isolation, student denial). */
export const resourceRegistry: AnyResource[] = []
