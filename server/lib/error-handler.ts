import { Elysia, ValidationError } from 'elysia'
import type { Ctx, Services } from './context.ts'
import { envelope } from './envelope.ts'
import { ApiError } from './errors.ts'
import { langOf, t } from './messages.ts'
import { recordError } from './logs.ts'
import { uniqueConflict } from './unique.ts'

/**
 * The single place errors become the envelope. No stack or SQL ever reaches a client.
 * (The parameter's name is not `c`: Elysia reads each hook's source to decide what
 * every request must parse, and its pattern mistook `…c)` in this body for the
 * whole context handed on, so every request parsed its query, headers and cookies.)
 */
export const errorHandler = (services: Services) =>
  new Elysia({ name: 'error-handler', seed: services.id }).onError({ as: 'global' }, async (failure) => {
    const { code, error, request, set, path } = failure
    const lang = langOf(Object.fromEntries(request.headers))
    const answer = (status: number, key: string, params: Record<string, string | number> = {}, field?: string) => {
      set.status = status
      set.headers['content-type'] = 'application/json; charset=utf-8'
      return { ...envelope(null, t(lang, key, params), status), ...(field ? { field } : {}) }
    }
    if (error instanceof ApiError && error.isPublic) {
      if (error.status === 429 && error.params.retryAfter) set.headers['retry-after'] = String(error.params.retryAfter)
      return answer(error.status, error.key, error.params, error.field)
    }
    if (error instanceof ValidationError || code === 'VALIDATION') {
      // A route's query/params/body schema refused the input: the 400 names the first field it refused (in a list
      // of objects, the item's field). A schema may carry the handler's own message key
      // (`t.String({ error: 'validation.ids' })`, lib/request-schema.ts), so declaring it on the route keeps the
      // answer the handler gave; otherwise "field … has an invalid value".
      const v = error as ValidationError
      const first = v.all?.[0] as { path?: string; schema?: { error?: unknown } } | undefined
      const field = first?.path?.split('/').find((s) => s && !/^\d+$/.test(s)) ?? v.type
      const key = typeof first?.schema?.error === 'string' ? first.schema.error : 'validation.invalid'
      return answer(400, key, { field }, field)
    }
    if (code === 'PARSE') return answer(400, 'error.badJson')
    if (code === 'NOT_FOUND') return answer(404, 'error.routeNotFound')
    // A unique index refusing a write (another process got there first): the rule's 409, not a 500.
    const clash = uniqueConflict(error)
    if (clash) return answer(409, clash.key, clash.params, clash.field)
    services.log.error({ err: error, method: request.method, path }, 'unhandled error')
    await recordError(services, (failure as unknown as { ctx?: Ctx }).ctx, request, path, error as Error)
    return answer(500, 'error.internal')
  })
