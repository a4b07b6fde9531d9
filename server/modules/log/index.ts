import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { logApi, logError, logUsual } from '../../../db/schema/index.ts'
import { defineResource } from '../../lib/resource.ts'

/** The three logs are read-only lists: rows are written by the server itself (lib/logs.ts) and the web's error queue. */
const logResource = (table: typeof logApi | typeof logUsual | typeof logError, kind: string) =>
  defineResource({
    table, path: `/api/blade-log/${kind}`, code: `monitor:log:${kind}`, perms: { detail: `monitor:log:${kind}:view` },
    search: ['title', 'requestUri', 'createBy'], filters: ['type', 'method'], dates: ['createTime'], skip: ['submit', 'remove'],
  })

export const logResources = { usual: logResource(logUsual, 'usual'), api: logResource(logApi, 'api'), error: logResource(logError, 'error') }

export const logModule = (s: Services) =>
  new Elysia({ name: 'log-module', seed: s.id })
    .use(logResources.usual.routes(s))
    .use(logResources.api.routes(s))
    .use(logResources.error.routes(s))
