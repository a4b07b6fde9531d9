import { logApi, logError, logUsual } from '../../db/schema/index.ts'
import type { Ctx, Services } from './context.ts'
import { newId } from './ids.ts'
import { now } from './time.ts'
import { hostname } from 'node:os'

/** Keeps an unexpected server error (with its stack) for the error-log screen; never fails the request further. */
export function recordError(services: Services, request: Request, path: string, err: Error): void {
  try {
    services.db.insert(logError).values({
      id: newId(), tenantId: request.headers.get('tenant-id') ?? services.config.defaultTenantId, type: 'server',
      title: err.message?.slice(0, 200), method: request.method, requestUri: path, serverHost: hostname(),
      userAgent: request.headers.get('user-agent'), stackTrace: err.stack?.slice(0, 8000), exceptionName: err.name,
      message: err.message?.slice(0, 2000), createTime: now(),
    }).run()
  } catch (e) {
    services.log.error({ err: e }, 'could not record error log')
  }
}

/**
 * The API log keeps every changing call (GETs would drown it): who, what, how
 * long. Parameters are not kept: they may hold passwords.
 */
export function recordApiCall(services: Services, ctx: Ctx | undefined, request: Request, path: string, status: number, ms: number): void {
  try {
    services.db.insert(logApi).values({
      id: newId(), tenantId: ctx?.actor.tenantId ?? services.config.defaultTenantId, type: status < 400 ? '1' : '2',
      title: `${request.method} ${path} ${status}`, method: request.method, requestUri: path, serverHost: hostname(),
      userAgent: request.headers.get('user-agent'), remoteIp: request.headers.get('x-forwarded-for'), time: Math.round(ms),
      createBy: ctx?.actor.account || null, createTime: now(),
    }).run()
  } catch (e) {
    services.log.error({ err: e }, 'could not record api log')
  }
}

/** Notable events (start-up, sign-in locks, grants, password resets) for the usual-log screen. */
export function recordUsual(services: Pick<Services, 'db'> & { log?: Services['log'] }, tenantId: string, title: string, data: Record<string, unknown> = {}, by?: string): void {
  try {
    services.db.insert(logUsual).values({ id: newId(), tenantId, type: 'event', logLevel: 'info', title, logData: JSON.stringify(data), serverHost: hostname(), createBy: by ?? null, createTime: now() }).run()
  } catch (e) {
    services.log?.error({ err: e }, 'could not record usual log')
  }
}
