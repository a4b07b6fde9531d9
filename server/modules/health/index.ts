import { Elysia } from 'elysia'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { envelope } from '../../lib/envelope.ts'
import { t } from '../../lib/messages.ts'
import pkg from '../../../package.json' with { type: 'json' }
import { lastGoodBackup } from '../backup/schedule.ts'
import { query as queryOf } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { runSql } from '../../lib/rows.ts'
import { sql } from 'drizzle-orm'

/** Probes never throw: health reports what is down instead of failing. */
export const healthModule = (services: Services) =>
  handWritten(
    'health reports the database, broker and Docker engine as they are now: no table behind it',
    healthModulePlugin(services),
  )

const healthModulePlugin = (services: Services) => {
  // The lab engines' state costs three queries and a probe per engine: monitors poll health many times a second,
  // and a second-old view of the engines is as good to them (each engine's probe is itself kept 5 s).
  let hosts:
    { at: number; list: Promise<{ name: string; state: string; running: number; maxLabs: number }[]> } | undefined
  const labHosts = () => {
    const now = Date.now()
    if (!hosts || now - hosts.at >= 1000)
      hosts = {
        at: now,
        list: services.labs.fleet
          .status()
          .then((all) => all.map(({ name, state, running, maxLabs }) => ({ name, state, running, maxLabs }))),
      }
    return hosts.list
  }
  return new Elysia({ prefix: '/api' }).use(authContext(services)).get(
    '/health',
    async ({ ctx }) => {
      let database = 'up'
      try {
        await runSql(services.db, sql`select 1`)
      } catch {
        database = 'down'
      }
      const broker = services.broker?.() ?? 'not started'
      return envelope(
        {
          version: pkg.version,
          database,
          broker,
          docker: await services.labs.engine(),
          // Each lab engine's name and state (no endpoints: the health check is public).
          labHosts: await labHosts(),
          lastBackup: lastGoodBackup(services.config),
        },
        t(ctx.lang, 'ok'),
      )
    },
    { perm: 'public', query: queryOf() },
  )
}
