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
import { dbEngine, type Db } from '../../lib/db.ts'
import type { HostStatus } from '../lab/engine/fleet.ts'

/** Probes never throw: health reports what is down instead of failing. */
export const healthModule = (services: Services) =>
  handWritten(
    'health reports the database, broker and Docker engine as they are now: no table behind it',
    healthModulePlugin(services),
  )

const healthModulePlugin = (services: Services) => {
  // The lab engines' state costs three queries and a probe per engine: monitors poll health many times a second,
  // and a second-old view of the engines is as good to them (each engine's probe is itself kept 5 s).
  let engines: { at: number; state: Promise<{ docker: string; labHosts: LabHostState[] }> } | undefined
  const labEngines = () => {
    const now = Date.now()
    if (!engines || now - engines.at >= 1000)
      engines = {
        at: now,
        state: Promise.all([services.labs.engine(), services.labs.fleet.status()]).then(([docker, all]) => ({
          docker,
          labHosts: all.map(({ name, state, running, maxLabs }) => ({ name, state, running, maxLabs })),
        })),
      }
    return engines.state
  }
  const database = databaseProbe(services.db)
  return new Elysia({ prefix: '/api' }).use(authContext(services)).get(
    '/health',
    async ({ ctx }) => {
      const { docker, labHosts } = await labEngines()
      return envelope(
        {
          version: pkg.version,
          database: await database(),
          broker: services.broker?.() ?? 'not started',
          docker,
          // Each lab engine's name and state (no endpoints: the health check is public).
          labHosts,
          lastBackup: lastGoodBackup(services.config),
        },
        t(ctx.lang, 'ok'),
      )
    },
    { perm: 'public', query: queryOf() },
  )
}

/** What health shows of a lab engine: names and counts, no endpoints (the check is public). */
type LabHostState = Pick<HostStatus, 'name' | 'state' | 'running' | 'maxLabs'>

/**
 * 'up' when the database answers `select 1`, else 'down'; never throws. On SQLite the probe runs on the connection
 * itself (compiled once): through drizzle's driver it was a third of a health check. It does not wait for another
 * caller's open transaction — a `select 1` reads nothing that transaction holds.
 */
function databaseProbe(db: Db): () => Promise<'up' | 'down'> | 'up' | 'down' {
  if (dbEngine(db) === 'postgres')
    return () =>
      runSql(db, sql`select 1`).then(
        () => 'up' as const,
        () => 'down' as const,
      )
  return () => {
    try {
      db.$client.prepare('select 1').values()
      return 'up'
    } catch {
      return 'down'
    }
  }
}
