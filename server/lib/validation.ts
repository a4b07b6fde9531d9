import { Type as t, type TSchema } from '@sinclair/typebox'
import { createSchemaFactory } from 'drizzle-typebox'
import { Value } from '@sinclair/typebox/value'
import { getTableName } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { SERVER_COLUMNS } from '../../db/schema/common.ts'
import {
  patternProblem,
  rangeOf,
  rangeProblem,
  rangeText,
  requiredText,
  ruleProblem,
  type FieldPattern,
  type FieldRange,
  type FieldRule,
  type Fields,
} from '../../db/fields/types.ts'
import { badRequest } from './errors.ts'
import { defineMessages } from './messages.ts'
import './contact-rules.ts'

// Plain TypeBox rather than Elysia's `t`: Elysia's t.Integer also admits numeric
// strings (meant for query strings), which would store text in integer columns.
// Elysia is built on this same pinned @sinclair/typebox.
const { createInsertSchema } = createSchemaFactory({ typeboxInstance: t })

export interface BodySchemas {
  insert: TSchema
  update: TSchema
  /** Field → message key for "please enter …" when that field is missing or blank. */
  messages: Record<string, string>
  /** Field → the contact rules its value must pass. */
  rules: Record<string, FieldRule[]>
  /** Field → the numbers it accepts and the message key when outside. */
  ranges: Record<string, FieldRange & { key: string }>
  /** Field → the shape its text must have and the message key when it does not. */
  patterns: Record<string, FieldPattern & { key: string }>
}

export interface BodyOptions {
  /** The resource's field description (db/fields): required, lengths, rules and messages. */
  fields?: Fields
  /** Field → message key, for resources without a field description. */
  messages?: Record<string, string>
  /** Body fields beyond (or instead of) the table's. */
  body?: Record<string, TSchema>
  /** Columns a client never sends. */
  hidden?: string[]
  /** The column rows are addressed by ('id' when left out): an update must carry it. */
  key?: string
}

/** A string schema (or the string branch of a nullable one) with a length limit. */
function withMax(s: TSchema, max: number): TSchema {
  if (s.type === 'string') return { ...s, maxLength: max }
  if (Array.isArray(s.anyOf))
    return { ...s, anyOf: s.anyOf.map((x: TSchema) => (x.type === 'string' ? { ...x, maxLength: max } : x)) }
  return s
}

/**
 * A text column without a length in its field description still has one, by
 * what the column holds: names, titles, codes and contacts are short; bodies
 * of text (content, answers, parameters, id lists) long; everything else in
 * between. So a 1 MB `name` is a 400 naming the field, never a stored row.
 */
const SHORT = /(^|[a-z])(name|Name|account|title|Title|alias|Alias|code|Code|phone|email|key|Key|password)$/
const LONG =
  /content|Content|intro|answer|Answer|analysis|params|options|payload|packet|data|Data|stack|message|summary|comment|evaluate|remark|env|Information|devices|Files|Ids?$|receivers|error|Error|Ext$|standard|html|body|description|steps|json|config/
export const TEXT_MAX = { short: 500, medium: 4000, long: 1_000_000 }
const defaultMax = (k: string) => (LONG.test(k) ? TEXT_MAX.long : SHORT.test(k) ? TEXT_MAX.short : TEXT_MAX.medium)

/** The maxLength a field's schema (or the string branch of its union) allows. */
function longestAllowed(s: TSchema | undefined): number | undefined {
  if (!s) return undefined
  if (s.type === 'string') return s.maxLength
  return (s.anyOf as TSchema[] | undefined)?.find((x) => x.type === 'string')?.maxLength
}

const NON_BLANK = '\\S'
const nonBlank = () => t.String({ minLength: 1, pattern: NON_BLANK })

/**
 * Submit bodies are checked against the drizzle table itself (drizzle-typebox),
 * minus the columns only the server writes, tightened by the resource's field
 * description: its required fields must be present and non-blank, texts keep
 * within their length. Insert needs every required field; update only the id.
 */
export function bodySchemas(table: SQLiteTable, o: BodyOptions = {}): BodySchemas {
  const full = createInsertSchema(table) as unknown as { properties: Record<string, TSchema>; required?: string[] }
  const fields = o.fields ?? {}
  const props: Record<string, TSchema> = {}
  const required = new Set<string>()
  const messages: Record<string, string> = { ...o.messages }
  const rules: Record<string, FieldRule[]> = {}
  const ranges: BodySchemas['ranges'] = {}
  const patterns: BodySchemas['patterns'] = {}
  for (const [k, s] of Object.entries(full.properties)) {
    if ((SERVER_COLUMNS as readonly string[]).includes(k) || o.hidden?.includes(k)) continue
    const f = fields[k]
    const isRequired = (full.required ?? []).includes(k) || Boolean(f?.required)
    const isText = s.type === 'string' || (Array.isArray(s.anyOf) && s.anyOf.some((x: TSchema) => x.type === 'string'))
    let schema = isRequired && isText ? nonBlank() : s
    if (f?.max) schema = withMax(schema, f.max)
    else if (isText && longestAllowed(schema) === undefined && !s.enum) schema = withMax(schema, defaultMax(k))
    props[k] = schema
    if (isRequired) required.add(k)
  }
  Object.assign(props, o.body)
  for (const [k, f] of Object.entries(fields)) {
    const text = requiredText(f)
    if (text) {
      // Keyed by table: two resources under one permission code (command and its parameters) keep their own wording.
      const key = `field:${getTableName(table)}.${k}`
      defineMessages({ [key]: text })
      messages[k] = key
    }
    if (f.rules?.length) rules[k] = f.rules
    if (f.pattern) {
      const key = `pattern:${getTableName(table)}.${k}`
      defineMessages({ [key]: f.pattern.message })
      patterns[k] = { ...f.pattern, key }
    }
    const range = rangeOf(f)
    if (range) {
      const key = `range:${getTableName(table)}.${k}`
      defineMessages({ [key]: rangeText(f)! })
      ranges[k] = { ...range, key }
      // An amount sent as "19.99" or "abc" fails the integer column's schema: it gets the amount's message too.
      if (f.type === 'money') messages[`${k}.invalid`] ??= key
    }
  }
  const insert = t.Object(
    Object.fromEntries(Object.entries(props).map(([k, s]) => [k, required.has(k) ? s : t.Optional(s)])),
  )
  const key = o.key ?? 'id'
  const keySchema = key === 'id' ? t.String({ pattern: '^\\d{1,20}$' }) : props[key]
  const update = t.Object({
    ...Object.fromEntries(Object.entries(props).map(([k, s]) => [k, t.Optional(s)])),
    [key]: keySchema,
  })
  return { insert, update, messages, rules, ranges, patterns }
}

/** Forms send '' for an empty optional input; store that as null rather than reject it. */
function blanksToNull(schema: TSchema, body: Record<string, unknown>) {
  for (const [k, v] of Object.entries(body)) {
    const s = schema.properties?.[k]
    if (v === '' && s && Value.Check(s, null)) body[k] = null
  }
}

/**
 * Converts and checks a submit body; throws a 400 naming the first bad field.
 * Unknown fields (tenantId, createUser, …) are dropped, so a client can never set them.
 */
export function parseBody(
  schemas: BodySchemas,
  input: unknown,
  keyedUpdate?: boolean,
): { isUpdate: boolean; values: Record<string, unknown> } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badRequest('error.badJson')
  const raw = { ...(input as Record<string, unknown>) }
  // A resource addressed by another column says itself whether the row exists; an `id` the form carries means nothing then.
  if (keyedUpdate !== undefined) delete raw.id
  if (raw.id === '' || raw.id === null) delete raw.id
  if (typeof raw.id === 'number') raw.id = String(raw.id)
  const isUpdate = keyedUpdate ?? raw.id !== undefined
  const schema = isUpdate ? schemas.update : schemas.insert
  // Convert works in place: keep the values as sent (a range checks 5.5, not the 5 an integer column makes of it).
  const sent = { ...raw }
  const body = Value.Clean(schema, Value.Convert(schema, raw)) as Record<string, unknown>
  blanksToNull(schema, body)
  const first = Value.Errors(schema, body).First()
  if (first) {
    const field =
      first.path.split('/').filter(Boolean)[0] ??
      (first.schema as { required?: string[] }).required?.find((k) => !(k in body)) ??
      'body'
    const v = body[field]
    // Spaces where a required text must be non-blank read as not entered: the required message, as the form says it.
    const blank = typeof v === 'string' && !v.trim() && (first.schema as { pattern?: string }).pattern === NON_BLANK
    const missing = v === undefined || v === null || v === '' || blank
    if (missing) throw badRequest(schemas.messages[field] ?? 'validation.required', { field }, field)
    const max = (first.schema as { maxLength?: number }).maxLength ?? longestAllowed(schema.properties?.[field])
    if (max !== undefined && typeof body[field] === 'string' && (body[field] as string).length > max)
      throw badRequest('validation.tooLong', { field, max }, field)
    throw badRequest(schemas.messages[`${field}.invalid`] ?? 'validation.invalid', { field }, field)
  }
  for (const [field, rules] of Object.entries(schemas.rules)) {
    const broken = ruleProblem(rules, body[field])
    if (broken) throw badRequest(`rule.${broken}`, { field }, field)
  }
  for (const [field, pattern] of Object.entries(schemas.patterns))
    if (patternProblem(pattern, body[field])) throw badRequest(pattern.key, { field }, field)
  for (const [field, range] of Object.entries(schemas.ranges))
    if (field in body && rangeProblem(range, sent[field])) throw badRequest(range.key, { field }, field)
  return { isUpdate, values: body }
}
