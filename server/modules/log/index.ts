import { Elysia } from 'elysia'
import type { Ctx, Services } from '../../lib/context.ts'
import { logApi, logError, logUsual } from '../../../db/schema/index.ts'
import { isAdministrator } from '../../lib/permissions.ts'
import { defineResource, type ReadSide } from '../../lib/resource.ts'

/**
 * The three logs are read-only lists: rows are written by the server itself (lib/logs.ts) and the web's error queue.
 * No submit, so no field description: nothing here is ever validated as input.
 */
const logResource = <T extends typeof logApi | typeof logUsual | typeof logError>(
  table: T,
  kind: string,
  read?: ReadSide,
) =>
  defineResource({
    table,
    path: `/api/blade-log/${kind}`,
    code: `monitor:log:${kind}`,
    perms: { detail: `monitor:log:${kind}:view` },
    search: ['title', 'requestUri', 'createBy'],
    filters: ['type', 'method'],
    dates: ['createTime'],
    skip: ['submit', 'remove'],
    read,
  })

/**
 * Stack traces name files and lines of the server: only the platform
 * administrator (who runs the appliance) sees them; a tenant administrator
 * sees the error's title and message. Every read of the error log (list, page, detail) cuts its rows so.
 */
async function forViewer(ctx: Ctx, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (await isAdministrator(ctx)) return rows
  return rows.map((r) => ({ ...r, stackTrace: null }))
}

export const logResources = {
  usual: logResource(logUsual, 'usual'),
  api: logResource(logApi, 'api'),
  error: logResource(logError, 'error', { rows: forViewer }),
}

export const logModule = (s: Services) =>
  new Elysia({ name: 'log-module', seed: s.id })
    .use(logResources.usual.routes(s))
    .use(logResources.api.routes(s))
    .use(logResources.error.routes(s))
