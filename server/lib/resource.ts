/**
 * The resource factory: one declaration (a drizzle table plus options) becomes
 * the list/page, detail, submit and remove routes and the same four plain
 * operations for the CLI, jobs and the broker.
 *
 * Write pipeline, in this order:
 *   validate (schema) → permission code → access filter → fill tenant/audit
 *   columns → beforeWrite (may be async, may change values) → write in one
 *   transaction, with afterWrite inside it (synchronous, for related rows, so
 *   they commit or roll back with the row). The written row must still lie
 *   within the caller's scope and access filter, else the write rolls back.
 * Reads: permission code → scope() (tenant, not deleted, data scope) AND access.
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
import { scope } from './scope.ts'
import { now } from './time.ts'
import { bodySchemas, parseBody, type BodySchemas } from './validation.ts'
import { parseIds } from './ids-param.ts'
import type { Fields } from '../../db/fields/types.ts'

export type Verb = 'list' | 'detail' | 'add' | 'edit' | 'remove'
type Row = Record<string, unknown>
type Query = Record<string, string | undefined>
type Tx = Parameters<Parameters<Ctx['db']['transaction']>[0]>[0]

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

export interface ResourceOptions<T extends SQLiteTable> {
  table: T
  /** '/api/<service>/<entity>' exactly as the spec spells it. */
  path: string
  /** Permission code of the menu; buttons are code:add, code:edit, code:delete. Data scopes key on it too. */
  code: string
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
  beforeWrite?: (ctx: Ctx, w: Write<T>) => void | Promise<void>
  afterWrite?: (ctx: Ctx, w: Write<T>, tx: Tx) => void
  /** Routes to leave out because the module answers them itself. */
  skip?: ('list' | 'page' | 'detail' | 'submit' | 'remove')[]
}

/**
 * What a declaration gives: routes for the app, operations for everyone else.
 * Operations answer the table's own row type; submit takes raw input (a body,
 * CLI flags) because it validates it, and answers the stored row.
 */
export interface Resource<T extends SQLiteTable = SQLiteTable> {
  options: ResourceOptions<T>
  perms: Record<Verb, string>
  ops: {
    page(ctx: Ctx, q?: Query, extra?: SQL): Promise<Page<RowOf<T>>>
    all(ctx: Ctx, q?: Query, extra?: SQL): Promise<RowOf<T>[]>
    detail(ctx: Ctx, id: string | undefined): Promise<RowOf<T>>
    submit(ctx: Ctx, body: Partial<InsertOf<T>> | Record<string, unknown> | unknown): Promise<RowOf<T>>
    remove(ctx: Ctx, ids: unknown): Promise<void>
  }
  routes(services: Services): Elysia
  where(ctx: Ctx, verb: Verb): Promise<SQL>
  schemas: BodySchemas
}

export function defineResource<T extends SQLiteTable>(o: ResourceOptions<T>): Resource<T> {
  const cols = getTableColumns(o.table) as Record<string, SQLiteColumn>
  const perms: Record<Verb, string> = { list: o.code, detail: o.code, add: `${o.code}:add`, edit: `${o.code}:edit`, remove: `${o.code}:delete`, ...o.perms }
  const schemas = bodySchemas(o.table, { fields: o.fields, code: o.code, messages: o.messages, body: o.body, hidden: o.hidden })
  const hidden = new Set(o.hidden ?? [])
  const strip = (r: Row) => (hidden.size ? Object.fromEntries(Object.entries(r).filter(([k]) => !hidden.has(k))) : r) as RowOf<T>

  /** scope() AND the verb's access rule; also the permission check, so operations called directly are gated too. */
  async function where(ctx: Ctx, verb: Verb): Promise<SQL> {
    await requirePermission(ctx, perms[verb], '', '')
    const rule = o.access?.[verb] ? await o.access[verb]!(ctx) : true
    if (rule === false) throw new ApiError(403, 'error.forbidden')
    const base = await scope(o.table, ctx, { global: o.global, code: o.code })
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
      const day = q[f], ge = q[`${f}_datege`], lt_ = q[`${f}_datelt`]
      for (const [name, v] of [[f, day], [`${f}_datege`, ge], [`${f}_datelt`, lt_]] as const)
        if (v && !/^\d{4}-\d{2}-\d{2}/.test(v)) throw badRequest('validation.date', { field: name }, name)
      if (day) out.push(like(cols[f], `${day.slice(0, 10)}%`))
      if (ge) out.push(gte(cols[f], ge))
      if (lt_) out.push(lt(cols[f], lt_))
    }
    return out
  }

  // Ids are time-ordered, so newest-first is the primary key read backwards: no sort over the whole table.
  const primaryKey = Object.values(cols).find((c) => c.primary)!
  const order = () => o.orderBy?.(cols) ?? [...(cols.sort ? [asc(cols.sort)] : []), desc(primaryKey)]

  async function inScope(ctx: Ctx, verb: Verb, ids: string[]): Promise<RowOf<T>[]> {
    const rows = await ctx.db.select().from(o.table as SQLiteTable).where(and(await where(ctx, verb), inArray(cols.id, ids)))
    if (rows.length !== new Set(ids).size) throw notFound()
    return rows as RowOf<T>[]
  }

  const ops = {
    /** Paged list: LIMIT/OFFSET and COUNT in SQL. */
    async page(ctx: Ctx, q: Query = {}, extra?: SQL) {
      const { current, size, offset } = parsePaging(q)
      const cond = and(await where(ctx, 'list'), ...filtersOf(q), extra)
      const { rows, total } = pageQuery(ctx.db, { table: o.table, where: cond, orderBy: order(), keyDesc: o.orderBy || cols.sort ? undefined : primaryKey }, size, offset)
      return pageOf((rows as Row[]).map(strip), total, current, size)
    },
    /** Every matching row, unpaged: for trees and selects, which the spec wants whole. */
    async all(ctx: Ctx, q: Query = {}, extra?: SQL) {
      const rows = await ctx.db.select().from(o.table as SQLiteTable).where(and(await where(ctx, 'list'), ...filtersOf(q), extra)).orderBy(...order())
      return (rows as Row[]).map(strip)
    },
    async detail(ctx: Ctx, id: string | undefined) {
      if (!id || !/^\d{1,20}$/.test(id)) throw badRequest('validation.id', { field: 'id' }, 'id')
      return strip((await inScope(ctx, 'detail', [id]))[0])
    },
    async submit(ctx: Ctx, body: unknown) {
      const { isUpdate, values } = parseBody(schemas, body)
      const stamp = now()
      const a = ctx.actor
      const bound = await where(ctx, isUpdate ? 'edit' : 'add')
      const before = isUpdate ? await inScope(ctx, 'edit', [values.id as string]) : []
      const w: Write<T> = {
        op: isUpdate ? 'update' : 'insert', before,
        values: isUpdate
          ? { ...values, updateUser: a.userId, updateTime: stamp }
          : { ...values, id: newId(), ...(o.global ? {} : { tenantId: a.tenantId }), createUser: a.userId, createDept: a.deptIds[0] ?? null, createTime: stamp, updateUser: a.userId, updateTime: stamp },
      }
      await o.beforeWrite?.(ctx, w)
      const id = ((w.values as Row).id ?? values.id) as string
      ctx.db.transaction((tx) => {
        if (isUpdate) tx.update(o.table).set(w.values as never).where(eq(cols.id, id)).run()
        else tx.insert(o.table).values(w.values as never).run()
        // Data scope bounds writes as it bounds reads: a row written outside the caller's scope rolls back.
        if (!tx.select({ id: cols.id }).from(o.table as SQLiteTable).where(and(bound, eq(cols.id, id))).get()) throw new ApiError(403, 'error.outOfScope')
        o.afterWrite?.(ctx, w, tx)
      })
      const [row] = await ctx.db.select().from(o.table as SQLiteTable).where(eq(cols.id, id))
      return strip(row as Row)
    },
    async remove(ctx: Ctx, idsParam: unknown): Promise<void> {
      const ids = parseIds(idsParam)
      const before = await inScope(ctx, 'remove', ids)
      const w: Write<T> = { op: 'remove', values: { isDeleted: 1, updateUser: ctx.actor.userId, updateTime: now() }, before }
      await o.beforeWrite?.(ctx, w)
      ctx.db.transaction((tx) => {
        tx.update(o.table).set(w.values as never).where(inArray(cols.id, ids)).run()
        o.afterWrite?.(ctx, w, tx)
      })
    },
  }

  const skip = new Set(o.skip ?? [])
  const routes = (services: Services) => {
    const r = new Elysia({ prefix: o.path }).use(authContext(services))
    if (!skip.has('list')) r.get('/list', async ({ ctx, query }) => ok(ctx, await ops.page(ctx, query)), { perm: perms.list })
    if (!skip.has('page')) r.get('/page', async ({ ctx, query }) => ok(ctx, await ops.page(ctx, query)), { perm: perms.list })
    if (!skip.has('detail')) r.get('/detail', async ({ ctx, query }) => ok(ctx, await ops.detail(ctx, query.id)), { perm: perms.detail })
    if (!skip.has('submit')) r.post('/submit', async ({ ctx, body }) => ok(ctx, await ops.submit(ctx, body)), { perm: [perms.add, perms.edit] })
    if (!skip.has('remove')) r.post('/remove', async ({ ctx, query, body }) => ok(ctx, await ops.remove(ctx, query.ids ?? (body as Row | undefined)?.ids)), { perm: perms.remove })
    // Typed as a plain plugin so that modules .use()-ing it keep their own route types.
    return r as unknown as Elysia
  }

  const resource: Resource<T> = { options: o, perms, ops, routes, where, schemas }
  resourceRegistry.push(resource as AnyResource)
  return resource
}

/** A resource of any table, for code that walks them all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = Resource<any>

/** Every declared resource, so one test can walk them all (tenant isolation, student denial). */
export const resourceRegistry: AnyResource[] = []
