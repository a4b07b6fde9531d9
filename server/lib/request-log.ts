import { Elysia } from 'elysia'
import type { Ctx, Services } from './context.ts'
import { recordApiCall } from './logs.ts'
import { clientIp } from './client-ip.ts'
import { requestLogger } from './logger.ts'

const started = new WeakMap<Request, number>()

/** One pino line per request: method, path, status, ms, user, tenant. Nothing from headers or bodies. */
export const requestLog = (services: Services) => {
  const line = requestLogger(services.log)
  return new Elysia({ name: 'request-log', seed: services.id })
    .onRequest(({ request }) => {
      started.set(request, performance.now())
    })
    .onAfterResponse({ as: 'global' }, (c) => {
      const { request, path, set, server } = c
      const ctx = (c as unknown as { ctx?: Ctx }).ctx
      const ms = Math.round((performance.now() - (started.get(request) ?? performance.now())) * 10) / 10
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
        recordApiCall(services, ctx, request, path, status, ms, clientIp(services.config, request, server))
    })
}
