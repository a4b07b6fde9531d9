/**
 * What a resource declaration takes (ResourceOptions) and gives (Resource):
 * the contract of the factory in resource.ts, kept apart so the factory file
 * holds only how it works.
 */
import type { Elysia } from 'elysia'
import type { SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { TSchema } from '@sinclair/typebox'
import type { Fields } from '../../db/fields/types.ts'
import type { Ctx, Services } from './context.ts'
import type { Page } from './envelope.ts'
import type { ActionOps, Actions } from './resource-actions.ts'
import type { TreeOptions } from './resource-tree.ts'
import type { StateMachine } from './resource-states.ts'
import type { ScopeChoice } from './scope.ts'
import type { Tx } from './transaction.ts'
import type { UniqueRule } from './unique.ts'
import type { BodySchemas } from './validation.ts'

export type Verb = 'list' | 'detail' | 'add' | 'edit' | 'remove'
/** A row as read or written, column name → value. */
export type Row = Record<string, unknown>
/** A request's query parameters. */
export type Query = Record<string, string | undefined>

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
  /**
   * A state machine on a status column (stateMachine() in resource-states.ts): the states an insert may start in
   * and the moves an update may make, checked inside the write's transaction (409 on a move from the row's
   * current state that is not allowed); `ops.transition` moves a row.
   */
  states?: StateMachine
  beforeWrite?: (ctx: Ctx, w: Write<T>) => void | Promise<void>
  /**
   * Inside the write's transaction, for related rows: it may await its queries, only through `tx` (see
   * transaction.ts), never work outside the database. Work that must await something outside it (mail, a gateway,
   * a device) is a durable job enqueued here, `enqueue(tx, kind, payload)` (jobs.ts): it commits or rolls back
   * with the row and runs after the commit, retried and leased.
   */
  afterWrite?: (ctx: Ctx, w: Write<T>, tx: Tx) => void | Promise<void>
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
  /** The read side: query parameters beyond columns, and what reads add to the table's rows (names, counts, children). */
  read?: ReadSide
  /** Public views: what the school shows everyone (portal lists and details), through publicRows (resource-views.ts). */
  views?: PublicView[]
}

/** A generated read route, as the read side's `rows` is told which one it serves. */
export type ReadRoute = 'list' | 'page' | 'detail'

/**
 * What a resource's reads answer beyond its own columns, declared once and
 * applied by the factory's list, page and detail routes (and `resource.read`
 * for the module's own routes over the same rows) — as Payload's
 * `afterRead`/`depth` and refine's `meta` do:
 * - `where`: query parameters that are not plain columns (a department and
 *   everything below it, a role by name), ANDed into `ops.page`/`ops.all`;
 * - `rows`: joined names, counts of linked rows, children and projections,
 *   added to the whole page at once — one look-up per kind, never one per row;
 * - `on`: the routes `rows` serves when not every read (a card's plain /list
 *   stays the table's row);
 * - `perm`: a generated read route admitting more codes than the verb's own
 *   (the course list is also the camp screen's).
 */
export interface ReadSide {
  where?: (ctx: Ctx, q: Query) => SQL | undefined | Promise<SQL | undefined>
  rows?: (ctx: Ctx, rows: Row[], route: ReadRoute) => object[] | Promise<object[]>
  on?: ReadRoute[]
  perm?: Partial<Record<ReadRoute, string[]>>
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
    /** A new row's body checked as submit checks it (the field-named 400), nothing written. */
    check(body: unknown): Row
    submit(ctx: Ctx, body: Partial<InsertOf<T>> | Record<string, unknown> | unknown): Promise<RowOf<T>>
    /**
     * Resources with `states`: moves one row to `to` through submit's pipeline (edit permission, scope, hooks);
     * `from` refuses (409) a row that is no longer in the state the caller saw.
     */
    transition(ctx: Ctx, key: string, to: string | number, o?: { from?: string | number }): Promise<RowOf<T>>
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
  /** The read side's `rows` over rows a module read itself (as the generated `route` would answer them). */
  read(ctx: Ctx, rows: Row[], route: ReadRoute): Promise<Row[]>
  schemas: BodySchemas
}

/** A public view's declaration (resource-views.ts builds its routes): here with the other declarations, so the builder's imports do not lead back to it. */
export type ViewRoute = 'list' | 'detail'

export interface PublicView {
  /** '/api/<portal service>/<entity>' as the spec spells it. */
  path: string
  /** Why everyone who may call it sees these rows (publicRows' reason). */
  why: string
  /** The columns shown, answered in the table's order; the others are never read. */
  fields: string[]
  /**
   * What the school shows beyond tenant and not deleted: published, released, a category — or what the query
   * asks (a product's devices). May await, and may refuse: a parent the school does not show is a 404.
   */
  where?: (ctx: Ctx, q: Query) => SQL | undefined | Promise<SQL | undefined>
  /** Query parameters of the list: LIKE on `search`, equals on `filters` (as the resource's own). */
  search?: string[]
  filters?: string[]
  /** The routes (both when left out). */
  routes?: ViewRoute[]
  /** The view's read side: a body, neighbours, names, added to the rows it answers (services: signed file links). */
  rows?: (ctx: Ctx, rows: Row[], route: ViewRoute, services: Services) => object[] | Promise<object[]>
  /** The route option; public unless the view is for signed-in learners ('auth'), as an own view is. */
  perm?: string
  /**
   * The caller's own rows (ownRows: their enrolments, their cards) rather than what the school shows everyone;
   * signed-in callers only. `why` then says whose rows they are.
   */
  own?: boolean
  /** The view's order when not the resource's (a catalogue by name). */
  orderBy?: (cols: Record<string, SQLiteColumn>) => SQL[]
  /**
   * An order that reads the clock (competitions running or coming before the ended ones), built per request with
   * the server's time `at` (time.ts now()), where `orderBy` is built once.
   */
  orderAt?: (cols: Record<string, SQLiteColumn>, at: string) => SQL[]
  /** The routes' paths under `path` when the contract names them otherwise (`{ list: '/series' }`); '/list', '/detail' by default. */
  paths?: Partial<Record<ViewRoute, string>>
  /** The list answers every row as an array, not a page: at most `limit` (or what the query asks), the first in the view's order. */
  all?: { limit?: number | ((q: Query) => number) }
  /**
   * Each route's query parameters (TypeBox), checked on the route — a refused value is a 400 naming the field,
   * with the schema's `error` key when it carries one — and shown in the API description. Others pass as text.
   */
  query?: Partial<Record<ViewRoute, Record<string, TSchema>>>
  /** Verbs of the view (sign up, rate, save progress), each at `<path>/<name>`. */
  actions?: Record<string, ViewAction>
}

/**
 * A verb of a public (or own) view: its route at `<view path>/<name>` (or `path`), GET or POST, behind the view's
 * perm unless it says its own (a public page's signed-in verb). Its query and body fields (Elysia `t`,
 * request-schema.ts) are declared and checked on the route, never more strictly than run checks them.
 */
export interface ViewAction {
  method?: 'GET' | 'POST'
  path?: string
  perm?: string
  query?: Record<string, TSchema>
  body?: Record<string, TSchema>
  /** The success message's key; run may instead answer `said(data, key, params)` (resource-views.ts). */
  message?: string
  run(ctx: Ctx, input: ViewActionInput): unknown
}

export interface ViewActionInput {
  /** The query as sent, and the body's fields (or {}). */
  query: Query
  body: Record<string, unknown>
  /** The view's bounds for this request: its rows (everyone's of the school, or the caller's own) and `where`. */
  where: SQL
  services: Services
}
