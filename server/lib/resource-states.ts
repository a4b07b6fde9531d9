/**
 * A state machine on a status column (DESIGN: enrolments, orders, tasks,
 * outbox rows): the states a new row may start in and the moves each state
 * allows. Declared once beside the table and handed to the resource as
 * `states`; the factory then
 *   - describes the column as an enum in the submit bodies (400 naming the
 *     field for a value that is no state, or no starting state on insert; the
 *     OpenAPI document shows the states and moves);
 *   - inside the write's transaction reads the row's current state, refuses a
 *     move the machine does not allow (409 naming both states, zh/en), and
 *     writes conditionally on the state it read
 *     (`UPDATE … WHERE id = ? AND status = <read>`), so two moves racing from
 *     the same state — in one process or several, on SQLite or PostgreSQL —
 *     give one success and one 409.
 * Staying in the same state is not a move: it passes (an approve of an
 * approved row is a no-op), unless the caller says which state it saw
 * (`from`) and the row has left it since.
 * Actions and hand-written routes move a row with `machine.move(tx, ctx, key,
 * to)` inside their own transaction (after their own permission check), or
 * `resource.ops.transition(ctx, key, to, { from })`, which is a submit of the
 * state column through the whole write pipeline.
 */
import { and, eq, getTableColumns, getTableName, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { OptionalKind, Type as t, type TSchema } from '@sinclair/typebox'
import type { FieldDef, Text2 } from '../../db/fields/types.ts'
import type { Ctx } from './context.ts'
import { ApiError, badRequest, notFound } from './errors.ts'
import { defineMessages } from './messages.ts'
import { now } from './time.ts'
import type { Tx } from './transaction.ts'
import { first } from './rows.ts'

export type State = string | number

export interface StatesOptions<S extends State> {
  /** The status column, as the row names it (camelCase); also the request field errors name. */
  column: string
  /** The states an insert may start in (the column's default, when it has one, must be among them). */
  initial: readonly S[]
  /** Every state, with the states it may move to (a final state: []). */
  transitions: Record<S, readonly S[]>
  /** The field's description: its options' labels name the states in the 409's message. */
  field?: FieldDef
  /** The column rows are addressed by ('id' when left out). */
  key?: string
}

export interface StateMachine<S extends State = State> {
  table: SQLiteTable
  column: string
  states: readonly S[]
  initial: readonly S[]
  /** Whether `from` may move to `to` (staying put always may). */
  allows(from: S, to: S): boolean
  /** The submit bodies with the column as an enum of the states (insert: the starting ones). */
  bodies(insert: TSchema, update: TSchema): { insert: TSchema; update: TSchema }
  /**
   * Inside a write's transaction, before the row is updated: reads row `key`'s state, refuses (409) a move the
   * machine does not allow or a row that left `from`, and answers the condition the update must carry.
   */
  guard(tx: Tx, key: string, to: unknown, from?: unknown): Promise<SQL>
  /** A 400 for a value no insert may start in (the factory checks what hooks set, after validation). */
  assertInitial(value: unknown): void
  /** The 409 for a row whose state moved between the guard and the update (another process's commit). */
  conflict(tx: Tx, key: string, to: unknown): Promise<ApiError>
  /**
   * Moves row `key` to `to` inside the caller's transaction (the caller checked permission and scope): the guard,
   * then the conditional update of the state column, `set` and the audit columns. 404 when the row is gone.
   */
  move(tx: Tx, ctx: Ctx, key: string, to: S, o?: { from?: S; set?: Record<string, unknown> }): Promise<void>
}

/** Declares a status column's machine for a table (give it to defineResource as `states`). */
export function stateMachine<const S extends State>(table: SQLiteTable, o: StatesOptions<S>): StateMachine<S> {
  const cols = getTableColumns(table) as Record<string, SQLiteColumn>
  const col = cols[o.column]
  const keyCol = cols[o.key ?? 'id']
  const name = getTableName(table)
  if (!col || !keyCol) throw new Error(`${name}: no column ${col ? o.key : o.column}`)
  const numeric = o.initial.every((s) => typeof s === 'number')
  const states = Object.keys(o.transitions).map((k) => (numeric ? Number(k) : k)) as S[]
  const isState = (v: unknown): v is S => states.includes(v as S)
  for (const s of [...o.initial, ...Object.values<readonly S[]>(o.transitions).flat()])
    if (!isState(s)) throw new Error(`${name}.${o.column}: ${String(s)} is not a declared state`)
  const fallback = col.hasDefault ? col.default : undefined
  if (fallback !== undefined && !o.initial.includes(fallback as S))
    throw new Error(`${name}.${o.column}: the column's default ${String(fallback)} is not a starting state`)
  const allows = (from: S, to: S) => from === to || (o.transitions[from] ?? []).includes(to)

  // One message per pair of states, naming both in the caller's language.
  const label: Text2 = o.field?.label ?? { zh: '状态', en: 'Status' }
  const stateName = (s: S, lang: keyof Text2) => o.field?.options?.find((x) => x.value === s)?.label[lang] ?? String(s)
  const pairKey = (from: S, to: S) => `state:${name}.${o.column}.${from}.${to}`
  for (const from of states)
    for (const to of states)
      defineMessages({
        [pairKey(from, to)]: {
          zh: `${label.zh}已是「${stateName(from, 'zh')}」，不能改为「${stateName(to, 'zh')}」（可能已被他人处理，请刷新后重试）`,
          en: `the ${label.en.toLowerCase()} is now "${stateName(from, 'en')}" and cannot become "${stateName(to, 'en')}" (someone may have changed it: refresh and try again)`,
        },
      })
  const refuse = (from: S, to: S) => new ApiError(409, pairKey(from, to), {}, true, o.column)

  const enumOf = (values: readonly S[]) =>
    t.Union(
      values.map((v) => t.Literal(v)),
      {
        description: `states: ${states.map((s) => `${s} → ${o.transitions[s].join(', ') || '(final)'}`).join('; ')}`,
      },
    )
  const withColumn = (body: TSchema, schema: TSchema): TSchema => {
    const old = body.properties?.[o.column] as TSchema | undefined
    if (!old) return body
    return {
      ...body,
      properties: { ...body.properties, [o.column]: OptionalKind in old ? t.Optional(schema) : schema },
    }
  }

  const current = async (tx: Tx, key: string): Promise<S | undefined> =>
    (
      (await first(
        tx
          .select({ s: col })
          .from(table as SQLiteTable)
          .where(eq(keyCol, key)),
      )) as { s: S } | undefined
    )?.s

  const machine: StateMachine<S> = {
    table,
    column: o.column,
    states,
    initial: o.initial,
    allows,
    bodies: (insert, update) => ({
      insert: withColumn(insert, enumOf(o.initial)),
      update: withColumn(update, enumOf(states)),
    }),
    async guard(tx, key, to, from) {
      if (!isState(to)) throw badRequest('validation.invalid', { field: o.column }, o.column)
      const now = await current(tx, key)
      if (now === undefined) throw notFound()
      if (from !== undefined && now !== from) throw refuse(now, to)
      if (!allows(now, to)) throw refuse(now, to)
      return eq(col, now)
    },
    assertInitial(value) {
      const v = value ?? fallback
      if (v !== undefined && !o.initial.includes(v as S))
        throw badRequest('validation.invalid', { field: o.column }, o.column)
    },
    async conflict(tx, key, to) {
      return refuse((await current(tx, key)) ?? (to as S), to as S)
    },
    async move(tx, ctx, key, to, m = {}) {
      const cond = await machine.guard(tx, key, to, m.from)
      const audit = {
        ...(cols.updateUser ? { updateUser: ctx.actor.userId } : {}),
        ...(cols.updateTime ? { updateTime: now() } : {}),
      }
      const moved = await first(
        tx
          .update(table)
          .set({ ...m.set, ...audit, [o.column]: to } as never)
          .where(and(eq(keyCol, key), cond))
          .returning({ k: keyCol }),
      )
      if (!moved) throw await machine.conflict(tx, key, to)
    },
  }
  return machine
}
