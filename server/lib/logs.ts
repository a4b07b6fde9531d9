import { logApi, logError, logUsual } from '../../db/schema/index.ts'
import type { Ctx, Services } from './context.ts'
import { newId } from './ids.ts'
import { now } from './time.ts'
import { hostname } from 'node:os'

/**
 * A log entry belongs to the tenant of the signed-in caller; an anonymous
 * caller's goes to the platform's log, whatever Tenant-Id header it sent, so
 * nobody can write into another tenant's logs.
 */
export const logTenant = (services: Pick<Services, 'config'>, ctx: Ctx | undefined) =>
  ctx?.actor.kind === 'user' ? ctx.actor.tenantId : services.config.defaultTenantId

/** Keeps an unexpected server error (with its stack) for the error-log screen; never fails the request further. */
export function recordError(
  services: Services,
  ctx: Ctx | undefined,
  request: Request,
  path: string,
  err: Error,
): void {
  try {
    services.db
      .insert(logError)
      .values({
        id: newId(),
        tenantId: logTenant(services, ctx),
        type: 'server',
        title: err.message?.slice(0, 200),
        method: request.method,
        requestUri: path,
        serverHost: hostname(),
        userAgent: request.headers.get('user-agent'),
        stackTrace: err.stack?.slice(0, 8000),
        exceptionName: err.name,
        message: err.message?.slice(0, 2000),
        createTime: now(),
      })
      .run()
  } catch (e) {
    services.log.error({ err: e }, 'could not record error log')
  }
}

/**
 * The API log keeps every changing call (GETs would drown it): who, what, how
 * long. Parameters are not kept: they may hold passwords.
 */
export function recordApiCall(
  services: Services,
  ctx: Ctx | undefined,
  request: Request,
  path: string,
  status: number,
  ms: number,
  ip: string,
): void {
  try {
    services.db
      .insert(logApi)
      .values({
        id: newId(),
        tenantId: logTenant(services, ctx),
        type: status < 400 ? '1' : '2',
        title: `${request.method} ${path} ${status}`,
        method: request.method,
        requestUri: path,
        serverHost: hostname(),
        userAgent: request.headers.get('user-agent'),
        remoteIp: ip,
        time: Math.round(ms),
        createBy: ctx?.actor.account || null,
        createTime: now(),
      })
      .run()
  } catch (e) {
    services.log.error({ err: e }, 'could not record api log')
  }
}

/** Notable events (start-up, sign-in locks, grants, password resets) for the usual-log screen. */
export function recordUsual(
  services: Pick<Services, 'db'> & { log?: Services['log'] },
  tenantId: string,
  title: string,
  data: Record<string, unknown> = {},
  by?: string,
): void {
  try {
    services.db
      .insert(logUsual)
      .values({
        id: newId(),
        tenantId,
        type: 'event',
        logLevel: 'info',
        title,
        logData: JSON.stringify(data),
        serverHost: hostname(),
        createBy: by ?? null,
        createTime: now(),
      })
      .run()
  } catch (e) {
    services.log?.error({ err: e }, 'could not record usual log')
  }
}
