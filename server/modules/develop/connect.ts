import { SQL } from 'bun'
import type { datasource } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { dbEngine, type PgDb } from '../../lib/db.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { checkOutbound } from '../../lib/outbound.ts'
import { PLATFORM_TENANT } from '../../lib/permission-cache.ts'
import { isSealed, unseal } from '../../lib/sealed.ts'
import { serverCatalog, sqliteCatalog, type Catalog } from './catalog.ts'

defineMessages({
  'develop.url': {
    zh: '连接地址形如 postgresql://主机:端口/库名 或 mysql://主机:端口/库名（不含账号密码）',
    en: 'the URL looks like postgresql://host:port/database or mysql://host:port/database (no user or password)',
  },
  'develop.connect': {
    zh: '无法连接数据源：{reason}',
    en: 'the datasource cannot be reached: {reason}',
  },
})

export const APPLIANCE = 'appliance'

/** Where an external datasource lives, read from its URL (a JDBC prefix, as BladeX stores them, is accepted). */
export interface Endpoint {
  engine: 'postgres' | 'mysql'
  host: string
  port: number
  database: string
}

export function endpointOf(raw: string, field = 'url'): Endpoint {
  let url: URL
  try {
    url = new URL(raw.trim().replace(/^jdbc:/i, ''))
  } catch {
    throw badRequest('develop.url', { field }, field)
  }
  const engine = url.protocol === 'mysql:' ? 'mysql' : /^postgres(ql)?:$/.test(url.protocol) ? 'postgres' : null
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (!engine || !url.hostname || url.username || url.password || !database)
    throw badRequest('develop.url', { field }, field)
  return {
    engine,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (engine === 'mysql' ? 3306 : 5432),
    database,
  }
}

/**
 * The host of an external datasource passes the platform's outbound policy like every address the appliance is told
 * to reach (server/lib/outbound.ts): 400 naming the field when written, 503 when a stored one no longer passes.
 * Answers the checked address, which the connection then uses.
 */
export async function checkDatasourceHost(ctx: Ctx, e: Endpoint, o: { field: string; status?: 400 | 503 }) {
  const literal = e.host.includes(':') ? `[${e.host}]` : e.host
  // The policy speaks URLs; the scheme only carries host and port here.
  return (await checkOutbound(ctx.db, PLATFORM_TENANT, `http://${literal}:${e.port}/`, o)).address
}

type Row = typeof datasource.$inferSelect

/**
 * Opens a datasource's catalogue for one piece of work and closes it after: the appliance's own database as it is
 * (SQLite file or PostgreSQL), an external server through Bun's SQL client, at the address the policy just checked.
 */
export async function withCatalog<T>(ctx: Ctx, secret: string, row: Row, work: (c: Catalog) => Promise<T>): Promise<T> {
  if (row.driverClass === APPLIANCE)
    return work(
      dbEngine(ctx.db) === 'postgres'
        ? // The appliance's db handle is typed for SQLite whatever the engine (server/lib/db.ts openDatabase).
          serverCatalog((ctx.db as unknown as PgDb).$client, 'postgres')
        : sqliteCatalog(ctx.db.$client),
    )
  const e = endpointOf(row.url ?? '', 'datasourceId')
  const address = await checkDatasourceHost(ctx, e, { field: 'datasourceId', status: 503 })
  const client = new SQL({
    adapter: e.engine,
    hostname: address,
    port: e.port,
    database: e.database,
    username: row.username ?? '',
    password: row.password && isSealed(row.password) ? unseal(secret, row.password) : '',
    max: 1,
    connectionTimeout: 5,
    idleTimeout: 5,
  })
  try {
    return await work(serverCatalog(client, e.engine))
  } catch (err) {
    if (err instanceof ApiError) throw err
    // The driver's own words (authentication failed, unknown database) are what the administrator can act on.
    throw new ApiError(
      400,
      'develop.connect',
      { reason: err instanceof Error ? err.message : String(err) },
      true,
      'datasourceId',
    )
  } finally {
    await client.close()
  }
}
