/**
 * The resource factory: one declaration (a drizzle table plus options) becomes
 * the list/page, detail, submit and remove routes and the same four plain
 * operations for the CLI, jobs and the broker.
 *
 * Write pipeline, in this order, every step awaited:
 *   validate (schema) → permission code → access filter → fill tenant/audit
 *   columns → stored-file fields (a field with an `upload` rule names only
 *   files of the writer's tenant the writer may read: file-refs.ts) →
 *   beforeWrite (may be async, may change values) → write in one
 *   transaction: the `unique` rules checked first (server/lib/unique.ts), then
 *   the `states` machine (resource-states.ts: the move from the row's current
 *   state must be allowed, 409 otherwise; the update is conditional on the
 *   state read), then the row, then afterWrite (awaited, for related rows
 *   and durable jobs — `enqueue(tx, …)` — so they commit or roll back with the
 *   row; it queries only through `tx` and awaits nothing outside the database)
 *   → afterCommit (may be async: broker notifications, job wake-ups), which
 *   runs only once the transaction committed. The written row must still lie
 *   within the caller's scope and access filter, else the write rolls back.
 * Reads: permission code → scope() (tenant, not deleted, data scope) AND access.
 * Options beyond CRUD: `key` addresses rows by another column (regions by
 * code); `tree` adds a parent column's rules and routes (resource-tree.ts);
 * `actions` declares extra verbs with their button codes (resource-actions.ts);
 * `read` is the read side: query parameters beyond columns, and the names,
 * counts and children list/page/detail add to the rows (resource-types.ts);
 * `views` are its public faces, the portal's lists and details (resource-views.ts).
 * Hand-written routes over the table read through `resource.scope(ctx)`, which
 * includes the data scope unless they say otherwise.
 * Nothing here skips access: the system actor passes because it holds every
 * code, not because a default lets it through.
 *
 * Beside this file: the declaration's contract (resource-types.ts), what list
 * queries ask (resource-query.ts) and the routes over the operations
 * (resource-routes.ts).
 */
import { and, asc, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Ctx, Services } from './context.ts'
import { ApiError, badRequest, notFound } from './errors.ts'
import { newId } from './ids.ts'
import { pageQuery } from './page-query.ts'
import { pageOf, parsePaging } from './paging.ts'
import { requirePermission } from './permissions.ts'
import { scope, type ScopeChoice } from './scope.ts'
import { now } from './time.ts'
import { bodySchemas, parseBody } from './validation.ts'
import { parseIds } from './ids-param.ts'
import { treeOf, type TreeOptions } from './resource-tree.ts'
import { actionOp, type ActionDef, type ActionOps, type Actions } from './resource-actions.ts'
import { parseKeys, queryFilters, treeWhereOnly } from './resource-query.ts'
import { resourceRoutes } from './resource-routes.ts'
import { viewRoutes } from './resource-views.ts'
import { Elysia } from 'elysia'
import type { Query, ReadRoute, Resource, ResourceOptions, Row, RowOf, Verb, Write } from './resource-types.ts'
import { transact } from './transaction.ts'
import { first } from './rows.ts'
import { assertUnique, declareUnique } from './unique.ts'
import { assertFileFields, fileFields } from './file-refs.ts'

export type { TreeOptions, ActionDef, Actions }
export type { InsertOf, ReadSide, Resource, ResourceOptions, RouteName, RowOf, Verb, Write } from './resource-types.ts'

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
  const described = bodySchemas(o.table, {
    fields: o.fields,
    messages: o.messages,
    body: o.body,
    hidden: o.hidden,
    key,
  })
  const states = o.states
  const schemas = states ? { ...described, ...states.bodies(described.insert, described.update) } : described
  const hidden = new Set(o.hidden ?? [])
  // A row addressed by another column still carries `id` (= its key) for the generic screens.
  const strip = (r: Row) => {
    const out = hidden.size ? Object.fromEntries(Object.entries(r).filter(([k]) => !hidden.has(k))) : r
    return (cols.id ? out : { ...out, id: r[key] }) as RowOf<T>
  }
  const tree = o.tree ? treeOf(o.table, key, o.tree, Boolean(o.global)) : undefined
  const uniques = (o.unique ?? []).map((u) => declareUnique(o.table, u, o.global, o.fields))
  const fileCols = fileFields(o.fields)
  const validKey = (v: string, by = key) => (by === 'id' ? /^\d{1,20}$/.test(v) : v.length > 0 && v.length <= 64)

  /** The read side's query conditions beyond plain columns (page and list alike), if it declares any. */
  const readWhere = async (ctx: Ctx, q: Query): Promise<SQL | undefined> =>
    (o.read?.where && (await o.read.where(ctx, q))) || undefined

  /**
   * The codes the read side admits beyond the list verb's own (`read.perm`: the course list is also the camp
   * screen's, the environments list the experiment form's picker): the operations honour them as the routes do.
   */
  const readAlso = [...new Set([...(o.read?.perm?.list ?? []), ...(o.read?.perm?.page ?? [])])]
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
      const bound = await where(ctx, 'list', readAlso),
        filters = queryFilters(o, cols, q),
        more = await readWhere(ctx, q)
      // No filter: the bounds alone, the same SQL object each time for most callers (scope.ts), rendered once.
      const cond = filters.length || extra || more ? and(bound, ...filters, extra, more) : bound
      const { rows, total } = await pageQuery(
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
        .where(and(await where(ctx, 'list', readAlso), ...queryFilters(o, cols, q), extra, await readWhere(ctx, q)))
        .orderBy(...order())
      return (rows as Row[]).map(strip)
    },
    async detail(ctx: Ctx, id: string | undefined) {
      if (!id || !validKey(id)) throw badRequest('validation.id', { field: key }, key)
      return strip((await inScope(ctx, 'detail', [id]))[0])
    },
    /**
     * A new row's body checked as submit checks it (the field-named 400), nothing written: for a caller that needs
     * the checked values before the transaction that submits it (a process started on the row, in one transaction).
     */
    check(body: unknown): Row {
      return parseBody(schemas, body, false).values
    },
    /** `from`: the state an update expects the row in (transition). */
    async submit(ctx: Ctx, body: unknown, from?: string | number) {
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
      if (fileCols.length) await assertFileFields(ctx, fileCols, w.values as Row, before[0] as Row | undefined)
      await o.beforeWrite?.(ctx, w)
      const k = ((w.values as Row)[key] ?? values[key]) as string
      await transact(ctx, async (tx) => {
        // The unique rules are checked inside the transaction; the unique index refuses a concurrent writer's
        // clash all the same (uniqueConflict answers it with the rule's 409).
        const next = { ...before[0], ...w.values }
        for (const u of uniques) await assertUnique(tx, u, next, isUpdate ? { column: key, value: k } : undefined)
        const moving = states && isUpdate && states.column in w.values
        if (states && !isUpdate) states.assertInitial(w.values[states.column])
        if (moving) {
          const stateWas = await states.guard(tx, k, w.values[states.column], from)
          const moved = await first(
            tx
              .update(o.table)
              .set(w.values as never)
              .where(and(eq(keyCol, k), stateWas))
              .returning({ k: keyCol }),
          )
          if (!moved) throw await states.conflict(tx, k, w.values[states.column])
        } else if (isUpdate)
          await tx
            .update(o.table)
            .set(w.values as never)
            .where(eq(keyCol, k))
        else await tx.insert(o.table).values(w.values as never)
        // Data scope bounds writes as it bounds reads: a row written outside the caller's scope rolls back.
        if (
          !(await first(
            tx
              .select({ k: keyCol })
              .from(o.table as SQLiteTable)
              .where(and(bound, eq(keyCol, k))),
          ))
        )
          throw new ApiError(403, 'error.outOfScope')
        if (tree && isUpdate) await tree.carrySubtree(tx, before[0] as Row, w.values)
        await o.afterWrite?.(ctx, w, tx)
      })
      const [row] = await ctx.db
        .select()
        .from(o.table as SQLiteTable)
        .where(eq(keyCol, k))
      if (o.afterCommit) await afterCommit(ctx, w, row as RowOf<T>)
      return strip(row as Row)
    },
    /** A submit of the state column alone; `from` refuses (409) a row no longer in the state the caller saw. */
    async transition(ctx: Ctx, k: string, to: string | number, m: { from?: string | number } = {}) {
      if (!states) throw new Error(`${o.path} declares no states`)
      return ops.submit(ctx, { [key]: k, [states.column]: to }, m.from)
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
      await transact(ctx, async (tx) => {
        // Soft delete where the table keeps deleted rows; reference tables without the column lose the row.
        if (cols.isDeleted)
          await tx
            .update(o.table)
            .set(w.values as never)
            .where(inArray(keyCol, ids))
        else await tx.delete(o.table).where(inArray(keyCol, ids))
        await o.afterWrite?.(ctx, w, tx)
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
      await first(
        ctx.db
          .select({ k: keyCol })
          .from(o.table as SQLiteTable)
          .where(and(base, eq(keyCol, k))),
      ),
    )
  }

  /** Tree reads: the resource's rows in scope (readers' codes admitted), with the tree's own query condition. */
  async function treeRows(ctx: Ctx, q: Query, extra?: SQL): Promise<Row[]> {
    const rows = await ctx.db
      .select()
      .from(o.table as SQLiteTable)
      .where(and(await where(ctx, 'list', o.tree?.readers), ...queryFilters(o, cols, q), o.tree?.where?.(q), extra))
      .orderBy(...order())
    return (rows as Row[]).map(strip) as Row[]
  }

  /** One level under the query's parent (a search looks at every level), each row flagged when it has children. */
  async function lazyRows(ctx: Ctx, q: Query): Promise<Row[]> {
    const t = tree!
    const searching = (o.search ?? []).some((f) => q[f] || q[`${f}_like`])
    // Children are counted among the rows the same tree condition admits (a department typed 1 has no classes below it).
    const all = await treeRows(ctx, o.tree?.where ? treeWhereOnly(o, q) : {})
    const level = await treeRows(
      ctx,
      { ...q, [t.parent]: undefined },
      searching ? undefined : eq(cols[t.parent], q[t.parent] || t.root),
    )
    return t.withChildFlags(level, all)
  }
  /** The read side's rows hook, where it serves the route; the rows unchanged otherwise. */
  const read = async (ctx: Ctx, rows: Row[], route: ReadRoute): Promise<Row[]> =>
    o.read?.rows && (!o.read.on || o.read.on.includes(route)) ? ((await o.read.rows(ctx, rows, route)) as Row[]) : rows
  const routes = (services: Services) => {
    const own = resourceRoutes(services, { o, perms, key, ops, tree, treeRows, lazyRows, actionDefs, read })
    if (!o.views?.length) return own
    const all = new Elysia().use(own)
    for (const v of o.views) all.use(viewRoutes(services, o.table, order, v))
    return all as unknown as Elysia
  }

  function boundScope(ctx: Ctx, choice: ScopeChoice = {}) {
    const less =
      choice.dataScope === false ? choice : o.viaParent && { dataScope: false as const, why: o.viaParent.why }
    return scope(o.table, ctx, { global: o.global, ...(less ? { dataScope: false, why: less.why } : { code: o.code }) })
  }

  const resource: Resource<T, A> = { options: o, perms, ops, routes, where, scope: boundScope, read, schemas }
  resourceRegistry.push(resource as AnyResource)
  return resource
}

/** A resource of any table, for code that walks them all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = Resource<any>

/** Every declared resource, so one test can walk them all (tenant isolation, student denial). */
export const resourceRegistry: AnyResource[] = []
