import { Elysia } from 'elysia'
import type { Ctx, Services } from '../../lib/context.ts'
import { logApi, logError, logUsual } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { isAdministrator } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { handWritten } from '../../lib/hand-written.ts'

/**
 * The three logs are read-only lists: rows are written by the server itself (lib/logs.ts) and the web's error queue.
 * No submit, so no field description: nothing here is ever validated as input.
 */
const logResource = <T extends typeof logApi | typeof logUsual | typeof logError>(
  table: T,
  kind: string,
  skip: ('list' | 'page' | 'detail')[] = [],
) =>
  defineResource({
    table,
    path: `/api/blade-log/${kind}`,
    code: `monitor:log:${kind}`,
    perms: { detail: `monitor:log:${kind}:view` },
    search: ['title', 'requestUri', 'createBy'],
    filters: ['type', 'method'],
    dates: ['createTime'],
    skip: ['submit', 'remove', ...skip],
  })

export const logResources = {
  usual: logResource(logUsual, 'usual'),
  api: logResource(logApi, 'api'),
  error: logResource(logError, 'error', ['list', 'page', 'detail']),
}

type ErrorRow = typeof logError.$inferSelect

/**
 * Stack traces name files and lines of the server: only the platform
 * administrator (who runs the appliance) sees them; a tenant administrator
 * sees the error's title and message.
 */
async function forViewer(ctx: Ctx): Promise<(r: ErrorRow) => ErrorRow> {
  if (await isAdministrator(ctx)) return (r) => r
  return (r) => ({ ...r, stackTrace: null })
}

const errorRoutes = (s: Services) =>
  handWritten(
    'error logs show stack traces to the platform administrator only: each row is cut to its viewer',
    errorRoutesPlugin(s),
  )

const errorRoutesPlugin = (s: Services) => {
  const { ops, perms, options } = logResources.error
  const page = async (ctx: Ctx, query: Record<string, string | undefined>) => {
    const shown = await forViewer(ctx)
    const p = await ops.page(ctx, query)
    return { ...p, records: p.records.map(shown) }
  }
  return new Elysia({ prefix: options.path })
    .use(authContext(s))
    .get('/list', async ({ ctx, query }) => ok(ctx, await page(ctx, query)), { perm: perms.list })
    .get('/page', async ({ ctx, query }) => ok(ctx, await page(ctx, query)), { perm: perms.list })
    .get('/detail', async ({ ctx, query }) => ok(ctx, (await forViewer(ctx))(await ops.detail(ctx, query.id))), {
      perm: perms.detail,
    })
}

export const logModule = (s: Services) =>
  new Elysia({ name: 'log-module', seed: s.id })
    .use(logResources.usual.routes(s))
    .use(logResources.api.routes(s))
    .use(logResources.error.routes(s))
    .use(errorRoutes(s))
