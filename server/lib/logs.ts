import { logApi, logError, logUsual } from '../../db/schema/index.ts'
import type { Ctx, Services } from './context.ts'
import { newId } from './ids.ts'
import { now } from './time.ts'
import { prepared } from './prepared.ts'
import { beforeClose } from './db.ts'
import { withTransaction } from './transaction.ts'
import { sql } from 'drizzle-orm'
import { hostname } from 'node:os'

/**
 * A log entry belongs to the tenant of the signed-in caller; an anonymous
 * caller's goes to the platform's log, whatever Tenant-Id header it sent, so
 * nobody can write into another tenant's logs.
 */
export const logTenant = (services: Pick<Services, 'config'>, ctx: Ctx | undefined) =>
  ctx?.actor.kind === 'user' ? ctx.actor.tenantId : services.config.defaultTenantId

/** Keeps an unexpected server error (with its stack) for the error-log screen; never fails the request further. */
export async function recordError(
  services: Services,
  ctx: Ctx | undefined,
  request: Request,
  path: string,
  err: Error,
): Promise<void> {
  try {
    await services.db.insert(logError).values({
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
  } catch (e) {
    services.log.error({ err: e }, 'could not record error log')
  }
}

type ApiRow = typeof logApi.$inferInsert
const pendingApi = new WeakMap<Services['db'], ApiRow[]>()
const flushOnClose = new WeakSet<Services['db']>()
const host = hostname()
const API_COLUMNS = [
  'id',
  'tenantId',
  'type',
  'title',
  'method',
  'requestUri',
  'serverHost',
  'userAgent',
  'remoteIp',
  'time',
  'createBy',
  'createTime',
] as const satisfies readonly (keyof ApiRow)[]

/** Writes the API-log rows gathered during one turn of the event loop in one transaction. */
async function flushApiLog(services: Services): Promise<void> {
  const rows = pendingApi.get(services.db)
  pendingApi.delete(services.db)
  if (!rows?.length) return
  try {
    await withTransaction(services.db, async (tx) => {
      // On the transaction's handle: on PostgreSQL the pool's would take another connection for each insert, and
      // with every pooled connection inside such a flush, none would be left (the exam burst hung on it).
      const insert = prepared(tx, 'logs.api', (d) =>
        d
          .insert(logApi)
          .values(
            Object.fromEntries(
              API_COLUMNS.map((c) => [c, sql.placeholder(c)]),
            ) as unknown as typeof logApi.$inferInsert,
          )
          .prepare(),
      )
      for (const row of rows) await insert.execute(row as Record<(typeof API_COLUMNS)[number], unknown>)
    })
  } catch (e) {
    // A connection closed by someone other than closeDb (a test, a restore) drops this turn's rows, never the process.
    services.log.error({ err: e }, 'could not record api log')
  }
}

/**
 * The API log keeps every changing call (GETs would drown it): who, what, how
 * long. Parameters are not kept: they may hold passwords. It is written after
 * the answer went out, batched per event-loop turn: under load (an exam's
 * autosaves) one commit carries many log rows instead of each call paying a
 * second commit of its own. A row is a record of the call, not the call's
 * effect, so a crash loses at most the rows of that one turn.
 */
/** Paths whose successful calls stay out of the API log (keepOutOfApiLog). */
const unlogged = new Set<string>()

/**
 * Leaves a route's successful calls out of the API log: for calls so frequent
 * they would drown it and whose own rows already record who changed what and
 * when (an exam's autosaves: every answer row keeps its save time and version).
 * Refused calls are still logged.
 */
export function keepOutOfApiLog(...paths: string[]): void {
  for (const p of paths) unlogged.add(p)
}

export function recordApiCall(
  services: Services,
  ctx: Ctx | undefined,
  request: Request,
  path: string,
  status: number,
  ms: number,
  ip: string,
): void {
  if (status < 400 && unlogged.has(path)) return
  let rows = pendingApi.get(services.db)
  if (!rows) {
    pendingApi.set(services.db, (rows = []))
    setImmediate(() => void flushApiLog(services))
    // closeDb before that turn comes (shutdown, restore) writes them first.
    if (!flushOnClose.has(services.db)) {
      flushOnClose.add(services.db)
      beforeClose(services.db, () => void flushApiLog(services))
    }
  }
  rows.push({
    id: newId(),
    tenantId: logTenant(services, ctx),
    type: status < 400 ? '1' : '2',
    title: `${request.method} ${path} ${status}`,
    method: request.method,
    requestUri: path,
    serverHost: host,
    userAgent: request.headers.get('user-agent'),
    remoteIp: ip,
    time: Math.round(ms),
    createBy: ctx?.actor.account || null,
    createTime: now(),
  })
}

/** Notable events (start-up, sign-in locks, grants, password resets) for the usual-log screen. */
export async function recordUsual(
  services: Pick<Services, 'db'> & { log?: Services['log'] },
  tenantId: string,
  title: string,
  data: Record<string, unknown> = {},
  by?: string,
): Promise<void> {
  try {
    await services.db.insert(logUsual).values({
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
  } catch (e) {
    services.log?.error({ err: e }, 'could not record usual log')
  }
}
