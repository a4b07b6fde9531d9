/**
 * Request schemas of hand-written routes (issue #26), declared on the route with Elysia's `t` so the route
 * checks them and the OpenAPI document shows them. They are never stricter than the handler's own checks:
 *   - a query keeps every other parameter (cache-busting `_t`, filters the handler reads elsewhere), and its
 *     fields are optional text, as every query value arrives;
 *   - a body is optional (a POST that sends none still reaches its handler) and keeps other fields;
 *   - a field the handler answers with its own message carries that key (`{ error: 'validation.id' }`), which
 *     error-handler.ts answers naming the field, so declaring it keeps the answer.
 */
import type { TProperties, TSchema } from '@sinclair/typebox'
import { t } from 'elysia'

/** Query parameters as the handler reads them; others pass through (every query value is text). */
export const query = <F extends TProperties>(fields: F = {} as F) =>
  t.Object(fields, { additionalProperties: t.String() })

/** A JSON (or form) body as the handler reads it; absent is allowed, other fields pass through. */
export const body = <F extends TProperties>(fields: F = {} as F) =>
  t.Optional(t.Object(fields, { additionalProperties: true }))

/** Path parameters. */
export const params = <F extends TProperties>(fields: F) => t.Object(fields)

/** An optional text field (every query value is text). */
export const text = (description?: string, error?: string) =>
  t.Optional(t.String({ ...(description ? { description } : {}), ...(error ? { error } : {}) }))

/** An optional field the handler reads as text or a number (ids, counts sent either way). */
export const textOrNumber = (description?: string, error?: string) =>
  t.Optional(
    t.Union([t.String(), t.Number()], { ...(description ? { description } : {}), ...(error ? { error } : {}) }),
  )

/** An optional list (or comma-separated text) of ids, as parseIds reads it. */
export const idList = (description = 'comma-separated ids, or a list', error = 'validation.ids') =>
  t.Optional(t.Union([t.String(), t.Array(t.Union([t.String(), t.Number()]))], { description, error }))

export type { TSchema }

/** An optional body field the handler reads as text; null is what a client sends for "none" (the handler falls back). */
export const bodyText = (description?: string, error?: string) =>
  t.Optional(t.Union([t.String(), t.Null()], { ...(description ? { description } : {}), ...(error ? { error } : {}) }))

/**
 * A body field the handler checks itself, answering its own message naming the field (a course id, stars, a
 * phone): described here and let through as sent, so the schema is never stricter than the handler.
 */
export const given = (description: string) => t.Optional(t.Unknown({ description }))

/** A page's parameters (lib/page-query.ts checks them). */
export const paging = () => ({
  current: text('page, from 1'),
  size: text('rows a page (default 10, at most 200)'),
})
