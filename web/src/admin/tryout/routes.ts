import type { OpenApiDocument } from '../../../../server/api-types'

/** A route of the OpenAPI document as the tryout offers it: what to ask for and where each value goes. */
export interface TryRoute {
  key: string
  method: 'GET' | 'POST'
  path: string
  query: { name: string; required: boolean }[]
  pathParams: string[]
  hasBody: boolean
}

interface DocOperation {
  parameters?: { name: string; in: string; required?: boolean }[]
  requestBody?: unknown
}

/** The document's GET and POST routes (the only methods the API client sends), sorted by path. */
export function tryRoutes(doc: OpenApiDocument | undefined): TryRoute[] {
  return Object.entries(doc?.paths ?? {})
    .flatMap(([path, methods]) =>
      Object.entries((methods ?? {}) as Record<string, DocOperation>).flatMap(([m, op]) => {
        const method = m.toUpperCase()
        if (method !== 'GET' && method !== 'POST') return []
        const params = op.parameters ?? []
        return [
          {
            key: `${method} ${path}`,
            method,
            path,
            query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required })),
            pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
            hasBody: method === 'POST' && op.requestBody !== undefined,
          } satisfies TryRoute,
        ]
      }),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
}

/** The path with its parameters filled in (each encoded, so a value cannot reach another path). */
export const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))
