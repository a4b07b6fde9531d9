/**
 * Verbs beyond CRUD declared on a resource (approve, unlock, publish, move…).
 * Each one gets what the generated routes get, from the same declaration:
 *   the route (contract path and method) tagged with its button code, so the
 *   permission matrix walks it; the permission check again inside the
 *   operation, so the CLI and jobs calling it with an explicit actor are gated
 *   too; the rows it names looked up within the resource's scope (tenant, soft
 *   delete, data scope) and the access rule of its verb — a row outside them is
 *   a 404, exactly as for detail/remove; its body checked against a TypeBox
 *   schema (400 naming the field); and an after-commit hook for side effects.
 */
import { Value } from '@sinclair/typebox/value'
import { Type as t, type TSchema } from '@sinclair/typebox'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Ctx, Services } from './context.ts'
import { ApiError, badRequest } from './errors.ts'
import { PUBLIC, SIGNED_IN } from './permissions.ts'
import { runAfterCommit } from './transaction.ts'

type Query = Record<string, string | undefined>

/** What an action's `run` receives. */
export interface ActionInput<Row> {
  /** The rows named by the target parameter, in the caller's scope (empty for an action without a target). */
  rows: Row[]
  /** Their keys, in the order given. */
  ids: string[]
  /** The body, checked against `body` (only the declared fields are kept); {} without one. */
  body: Record<string, unknown>
  /** The query string as sent (GET actions read their parameters here). */
  query: Query
  /**
   * The body as sent, unchecked: for an action that hands it whole to an operation which checks it itself
   * (an update passed on to submit, whose field description answers each field).
   */
  sent?: unknown
  /** The app's services when called through a route (the broker for notifications); the CLI has none. */
  services?: Services
}

export interface ActionDef<T extends SQLiteTable> {
  /** As the contract spells the route: POST unless it says GET. */
  method?: 'GET' | 'POST'
  /**
   * The route under the resource's path; `/<name>` when left out. A path beginning with `/api/` is taken
   * whole: a look-up the contract puts under another service (`/api/blade-system/search/role`).
   */
  path?: string
  /**
   * The button that grants the action: `<resource code>:<button>`. A list admits
   * any of them. A code containing ':' is taken whole (another menu's button);
   * SIGNED_IN ('auth') admits any signed-in user, for actions on the caller's
   * own rows (an inbox), which the permission matrix lists as self-service;
   * PUBLIC ('public') admits anyone (what a sign-in page reads before anyone
   * signs in), which the matrix's public allowlist must name.
   */
  button: string | string[]
  /**
   * Whole permission codes admitted besides the buttons, for a code with no ':' (a top-level menu such as
   * the teachers' `desk`), which `button` would read as a button of this resource.
   */
  also?: string[]
  /**
   * The parameter naming the rows acted on, read from the query or the body:
   * `{ one: 'id' }` one row, `{ many: 'userIds' }` a comma list (or array).
   * `by` names the column the values match when it is not the resource's key
   * (`{ one: 'tenantId', by: 'tenantId' }`). Without a target the action
   * applies to the resource as a whole.
   */
  target?: ({ one: string } | { many: string }) & { by?: string }
  /** The verb whose access rule bounds the rows (default 'edit'). */
  verb?: 'list' | 'detail' | 'add' | 'edit' | 'remove'
  /**
   * Body fields (TypeBox); required ones missing → 400 with `messages[field]` or validation.required; a refused
   * value → 400 with the failing schema's `error` key (`Type.String({ error: 'practice.questionId' })`) or
   * validation.invalid.
   */
  body?: Record<string, TSchema>
  messages?: Record<string, string>
  /**
   * The action itself; what it answers is the envelope's data, or a `Response` sent as it is (a file download).
   * Writes go in a transaction (transact()).
   */
  run(ctx: Ctx, input: ActionInput<T['$inferSelect']>): unknown
  /** After run succeeded (its transactions committed): notifications, wake-ups. Never after a failure. */
  afterCommit?(ctx: Ctx, input: ActionInput<T['$inferSelect']>, result: unknown): unknown
  /** Success message key for the envelope. */
  message?: string
}

/** A resource's actions by name. */
export type Actions<T extends SQLiteTable> = Record<string, ActionDef<T>>

/** What a caller outside HTTP passes: the target's keys and the body. */
export interface ActionCall {
  ids?: string | string[]
  body?: Record<string, unknown>
  query?: Query
  /** The body as sent (ActionInput.sent). */
  sent?: unknown
  services?: Services
}

/** The typed operations of a resource's actions: each answers what its run answers. */
export type ActionOps<A> = {
  [K in keyof A]: A[K] extends { run: (...a: never[]) => infer R }
    ? (ctx: Ctx, call?: ActionCall) => Promise<Awaited<R>>
    : never
}

/** What the factory lends the actions: its permission gate, scoped look-up and key rules. */
export interface ActionKit<Row> {
  code: string
  permit(ctx: Ctx, codes: string[]): Promise<void>
  rowsInScope(ctx: Ctx, verb: NonNullable<ActionDef<SQLiteTable>['verb']>, ids: string[], by?: string): Promise<Row[]>
  validKey(v: string, by?: string): boolean
  parseKeys(v: unknown, by?: string): string[]
  onError(err: unknown): void
}

/**
 * Body fields an action checks itself, with its area's own messages (a count's range, a date's form): any
 * value is let through to `run`, none is required, and fields not named are dropped.
 */
export const looseBody = (...names: string[]): Record<string, TSchema> =>
  Object.fromEntries(names.map((n) => [n, t.Optional(t.Unknown())]))

export const actionCodes = (code: string, def: ActionDef<SQLiteTable>): string[] => [
  ...(Array.isArray(def.button) ? def.button : [def.button]).map((b) =>
    b.includes(':') || b === SIGNED_IN || b === PUBLIC ? b : `${code}:${b}`,
  ),
  ...(def.also ?? []),
]

/** An action's route path: under the resource's path, or whole when it begins with `/api/`. */
export const actionPath = (base: string, name: string, def: Pick<ActionDef<SQLiteTable>, 'path'>): string =>
  def.path?.startsWith('/api/') ? def.path : `${base}${def.path ?? `/${name}`}`

function checkBody(def: ActionDef<SQLiteTable>, input: unknown): Record<string, unknown> {
  if (!def.body) return {}
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input)))
    throw badRequest('error.badJson')
  const schema = t.Object(def.body)
  const body = Value.Clean(schema, Value.Convert(schema, { ...(input as object) })) as Record<string, unknown>
  const first = Value.Errors(schema, body).First()
  if (first) {
    const field =
      first.path.split('/').filter(Boolean)[0] ??
      (first.schema as { required?: string[] }).required?.find((k) => !(k in body)) ??
      'body'
    const missing = body[field] === undefined || body[field] === null || body[field] === ''
    // A refused value answers the schema's own message key when it carries one, as on hand-written routes.
    const own = (first.schema as { error?: unknown }).error
    throw badRequest(
      missing ? (def.messages?.[field] ?? 'validation.required') : typeof own === 'string' ? own : 'validation.invalid',
      { field },
      field,
    )
  }
  return body
}

/** One action as an operation: gate, target rows, body, run, then its after-commit hook. */
export function actionOp<Row>(kit: ActionKit<Row>, def: ActionDef<SQLiteTable>) {
  const codes = actionCodes(kit.code, def)
  return async (ctx: Ctx, call: ActionCall = {}) => {
    await kit.permit(ctx, codes)
    const query = call.query ?? {}
    let ids: string[] = []
    if (def.target && 'one' in def.target) {
      const v = call.ids === undefined ? undefined : String(call.ids)
      if (!v || !kit.validKey(v, def.target.by))
        throw badRequest('validation.id', { field: def.target.one }, def.target.one)
      ids = [v]
    } else if (def.target) {
      const { many, by } = def.target
      try {
        ids = kit.parseKeys(call.ids, by)
      } catch (e) {
        // The refusal names the parameter the caller sent (userIds, roleIds), not a generic `ids`.
        if (e instanceof ApiError && e.status === 400) throw badRequest('validation.idList', { field: many }, many)
        throw e
      }
    }
    const rows = def.target ? await kit.rowsInScope(ctx, def.verb ?? 'edit', ids, def.target.by) : []
    const input: ActionInput<Row> = {
      rows,
      ids,
      body: checkBody(def, call.body),
      query,
      sent: call.sent,
      services: call.services,
    }
    const result = await def.run(ctx, input as never)
    if (def.afterCommit) await runAfterCommit([() => def.afterCommit!(ctx, input as never, result)], kit.onError)
    return result
  }
}

/** Where a route finds the target: the query first, then the body (screens send either). */
export function callOf(def: ActionDef<SQLiteTable>, services: Services, query: Query, body: unknown): ActionCall {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  const param = def.target ? ('one' in def.target ? def.target.one : def.target.many) : undefined
  return {
    ids: param ? ((query[param] ?? b?.[param]) as string | string[] | undefined) : undefined,
    // Body fields may come as query parameters too (`?roleIds=`), as the screens send either.
    body: def.body ? { ...query, ...b } : undefined,
    query,
    sent: body,
    services,
  }
}
