import { Type as t, type TSchema } from '@sinclair/typebox'
import { createSchemaFactory } from 'drizzle-typebox'
import { Value } from '@sinclair/typebox/value'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { SERVER_COLUMNS } from '../../db/schema/common.ts'
import { badRequest } from './errors.ts'

// Plain TypeBox rather than Elysia's `t`: Elysia's t.Integer also admits numeric
// strings (meant for query strings), which would store text in integer columns.
// Elysia is built on this same pinned @sinclair/typebox.
const { createInsertSchema } = createSchemaFactory({ typeboxInstance: t })

export interface BodySchemas {
  insert: TSchema
  update: TSchema
  /** Field → message key for "please enter …" when that field is missing or blank. */
  messages: Record<string, string>
}

/**
 * Submit bodies are checked against the drizzle table itself (drizzle-typebox), minus the columns only the server writes. Required text
 * columns must also be non-blank. Insert needs every required column; update
 * needs only the id.
 */
export function bodySchemas(table: SQLiteTable, messages: Record<string, string> = {}, extra: Record<string, TSchema> = {}, hidden: string[] = []): BodySchemas {
  const full = createInsertSchema(table) as unknown as { properties: Record<string, TSchema>; required?: string[] }
  const props: Record<string, TSchema> = {}
  const required: string[] = []
  for (const [k, s] of Object.entries(full.properties)) {
    if ((SERVER_COLUMNS as readonly string[]).includes(k) || hidden.includes(k)) continue
    const isRequired = (full.required ?? []).includes(k)
    props[k] = isRequired && s.type === 'string' ? t.String({ minLength: 1, pattern: '\\S' }) : s
    if (isRequired) required.push(k)
  }
  Object.assign(props, extra)
  const insert = t.Object(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, required.includes(k) ? s : t.Optional(s)])))
  const update = t.Object({ ...Object.fromEntries(Object.entries(props).map(([k, s]) => [k, t.Optional(s)])), id: t.String({ pattern: '^\\d{1,20}$' }) })
  return { insert, update, messages }
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
export function parseBody(schemas: BodySchemas, input: unknown): { isUpdate: boolean; values: Record<string, unknown> } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badRequest('error.badJson')
  const raw = { ...(input as Record<string, unknown>) }
  if (raw.id === '' || raw.id === null) delete raw.id
  if (typeof raw.id === 'number') raw.id = String(raw.id)
  const isUpdate = raw.id !== undefined
  const schema = isUpdate ? schemas.update : schemas.insert
  const body = Value.Clean(schema, Value.Convert(schema, raw)) as Record<string, unknown>
  blanksToNull(schema, body)
  const first = Value.Errors(schema, body).First()
  if (first) {
    const field = first.path.split('/').filter(Boolean)[0] ?? (first.schema as { required?: string[] }).required?.find((k) => !(k in body)) ?? 'body'
    const missing = body[field] === undefined || body[field] === null || body[field] === ''
    const key = missing ? (schemas.messages[field] ?? 'validation.required') : (schemas.messages[`${field}.invalid`] ?? 'validation.invalid')
    throw badRequest(key, { field }, field)
  }
  return { isUpdate, values: body }
}
