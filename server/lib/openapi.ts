/**
 * The OpenAPI 3 document of the whole `/api` (issue #26), built by Elysia's
 * OpenAPI plugin (toOpenAPISchema) from the app's routes:
 *   - hand-written routes carry their own `query`/`params`/`body` schemas
 *     (Elysia validates them; a failure is the envelope's 400 naming the field);
 *   - a declared resource's routes take theirs from the declaration (the page
 *     query from its search/filter/date fields, submit's body from the field
 *     description through drizzle-typebox, an action's body, the row it
 *     answers). Those are checked inside the operations, so the CLI gets the same
 *     400s; here they are only described, never checked twice on the hot path.
 * Built once per process on first request: the routes do not change after start.
 */
import { toOpenAPISchema } from '@elysiajs/openapi'
import { Type as t, type TSchema } from '@sinclair/typebox'
import { createSchemaFactory } from 'drizzle-typebox'
import type { AnyElysia } from 'elysia'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { resourceRegistry } from './resource.ts'
import { actionPath } from './resource-actions.ts'

const { createSelectSchema } = createSchemaFactory({ typeboxInstance: t })

type Schemas = { query?: TSchema; body?: TSchema; params?: TSchema; response?: Record<number, TSchema> }
type References = Record<string, Record<string, Schemas>>

const text = (description?: string) => t.Optional(t.String(description ? { description } : {}))

/** The envelope every `/api` route answers, around its data. */
export const envelopeOf = (data: TSchema) =>
  t.Object({ code: t.Integer(), success: t.Boolean(), msg: t.String(), data })

const pageOf = (row: TSchema) =>
  t.Object({ records: t.Array(row), total: t.Integer(), size: t.Integer(), current: t.Integer(), pages: t.Integer() })

/** What a resource declaration says each of its routes takes and answers. */
function resourceReferences(): References {
  const refs: References = {}
  for (const res of resourceRegistry) {
    const o = res.options
    const key = o.key ?? 'id'
    const hidden = new Set(o.hidden ?? [])
    const select = createSelectSchema(o.table as SQLiteTable) as unknown as { properties: Record<string, TSchema> }
    const row = t.Object(Object.fromEntries(Object.entries(select.properties).filter(([k]) => !hidden.has(k))), {
      additionalProperties: true,
    })
    const filters: Record<string, TSchema> = {}
    for (const f of o.search ?? []) Object.assign(filters, { [f]: text('contains'), [`${f}_like`]: text('contains') })
    for (const f of o.filters ?? []) filters[f] = text('equals')
    for (const f of o.dates ?? [])
      Object.assign(filters, {
        [f]: text('yyyy-MM-dd'),
        [`${f}_datege`]: text('from'),
        [`${f}_datelt`]: text('before'),
      })
    const listQuery = t.Object(
      { current: text('page, from 1'), size: text('rows a page (default 10, at most 200)'), ...filters },
      { additionalProperties: true },
    )
    const treeQuery = t.Object({ ...(o.tree ? { [String(o.tree.parent)]: text('parent') } : {}), ...filters })
    const byKey = t.Object({ [key]: text() })
    const base: Record<string, Record<string, Schemas>> = {
      '/list': {
        get: {
          query: o.tree ? treeQuery : listQuery,
          response: { 200: envelopeOf(o.tree ? t.Array(row) : pageOf(row)) },
        },
      },
      '/page': { get: { query: listQuery, response: { 200: envelopeOf(pageOf(row)) } } },
      '/lazy-list': { get: { query: treeQuery, response: { 200: envelopeOf(t.Array(row)) } } },
      '/tree': { get: { query: treeQuery } },
      '/lazy-tree': { get: { query: treeQuery } },
      '/detail': { get: { query: byKey, response: { 200: envelopeOf(row) } } },
      '/submit': {
        post: { body: t.Union([res.schemas.insert, res.schemas.update]), response: { 200: envelopeOf(row) } },
      },
      '/remove': { post: { query: t.Object({ ids: text('comma-separated keys') }) } },
    }
    for (const [sub, methods] of Object.entries(base)) refs[`${o.path}${sub}`] = methods
    // Actions after the generated routes: one declared at a generated route's path (a tree the module shapes) wins.
    for (const [name, def] of Object.entries(o.actions ?? {})) {
      const target = def.target ? { ['one' in def.target ? def.target.one : def.target.many]: text() } : {}
      const method = (def.method ?? 'POST').toLowerCase()
      const at = actionPath(o.path, name, def)
      // An action taking over a generated route without a body of its own (tenant submit) keeps that route's description.
      const generated = !def.body && refs[at]?.[method]
      refs[at] = {
        ...refs[at],
        [method]:
          generated ||
          (method === 'get'
            ? { query: t.Object({ ...target, ...(def.body ?? {}) }, { additionalProperties: true }) }
            : { query: t.Object(target), body: t.Object(def.body ?? {}) }),
      }
    }
  }
  return refs
}

/**
 * `METHOD path` of each `/api` route that declares no request schema: none on the route
 * (query, params or body) and none from a resource declaration. tests/conventions/request-schemas.test.ts
 * keeps this list from growing.
 */
export function routesWithoutRequestSchema(app: AnyElysia): string[] {
  const refs = resourceReferences()
  return app.routes
    .filter((r) => r.path.startsWith('/api/'))
    .filter((r) => {
      const h = (r.hooks ?? {}) as Schemas
      return !h.query && !h.body && !h.params && !refs[r.path]?.[r.method.toLowerCase()]
    })
    .map((r) => `${r.method} ${r.path}`)
}

export type OpenApiDocument = ReturnType<typeof toOpenAPISchema> & {
  openapi: string
  info: { title: string; version: string }
}

/** The whole document of the app's `/api` routes. */
export function openApiDocument(app: AnyElysia, version: string): OpenApiDocument {
  // The plugin fills missing schemas into the hooks it is given: hand it copies, never the live routes'.
  const live = app as unknown as { getGlobalRoutes(): AnyElysia['routes']; getGlobalDefinitions?(): unknown }
  const copy = {
    getGlobalRoutes: () => live.getGlobalRoutes().map((r) => ({ ...r, hooks: { ...r.hooks } })),
    getGlobalDefinitions: () => live.getGlobalDefinitions?.(),
  } as unknown as AnyElysia
  const { paths, components } = toOpenAPISchema(copy, { paths: [/^(?!\/api\/)/] }, [resourceReferences() as never])
  for (const [path, ops] of Object.entries(paths))
    for (const op of Object.values(ops ?? {}))
      if (op && typeof op === 'object' && 'operationId' in op) (op as { tags?: string[] }).tags ??= [path.split('/')[2]]
  return { openapi: '3.1.0', info: { title: 'Atrium API', version }, paths, components }
}
