import { Elysia } from 'elysia'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { envelope } from '../../lib/envelope.ts'
import { t } from '../../lib/messages.ts'
import pkg from '../../../package.json' with { type: 'json' }
import { lastGoodBackup } from '../backup/schedule.ts'
import { query as queryOf } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

/** Probes never throw: health reports what is down instead of failing. */
export const healthModule = (services: Services) =>
  handWritten(
    'health reports the database, broker and Docker engine as they are now: no table behind it',
    healthModulePlugin(services),
  )

const healthModulePlugin = (services: Services) => {
  // Compiled once: the probe runs on every health check (monitors poll it).
  let probe: { get(): unknown } | undefined
  return new Elysia({ prefix: '/api' }).use(authContext(services)).get(
    '/health',
    async ({ ctx }) => {
      let database = 'up'
      try {
        ;(probe ??= services.db.$client.prepare('SELECT 1')).get()
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
          labHosts: (await services.labs.fleet.status()).map(({ name, state, running, maxLabs }) => ({
            name,
            state,
            running,
            maxLabs,
          })),
          lastBackup: lastGoodBackup(services.config),
        },
        t(ctx.lang, 'ok'),
      )
    },
    { perm: 'public', query: queryOf() },
  )
}
