import { Elysia } from 'elysia'
import type { Ctx, Services } from './context.ts'
import { recordApiCall } from './logs.ts'
import { clientIp } from './client-ip.ts'
import { requestLogger } from './logger.ts'

/** When the request arrived, kept on Elysia's per-request context (cheaper than a WeakMap keyed on the Request). */
type Timed = { startedAt?: number }

/** One pino line per request: method, path, status, ms, user, tenant. Nothing from headers or bodies. */
export const requestLog = (services: Services) => {
  const line = requestLogger(services.log)
  return new Elysia({ name: 'request-log', seed: services.id })
    .onRequest((c) => {
      ;(c as Timed).startedAt = performance.now()
    })
    .onAfterResponse({ as: 'global' }, (c) => {
      const { request, path, set } = c
      const ctx = (c as unknown as { ctx?: Ctx }).ctx
      const end = performance.now()
      const ms = Math.round((end - ((c as Timed).startedAt ?? end)) * 10) / 10
      const status = typeof set.status === 'number' ? set.status : 200
      line({
        method: request.method,
        path,
        status,
        ms,
        user: ctx?.actor.userId || null,
        tenant: ctx?.actor.tenantId ?? null,
      })
      if (request.method !== 'GET' && path.startsWith('/api/'))
        recordApiCall(services, ctx, request, path, status, ms, clientIp(services.config, request, c.server))
    })
}
