import { and, desc, eq, inArray } from 'drizzle-orm'
import { experiment, labImage, user, userContainer } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { notFound } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { SIGNED_IN, isAdministrator } from '../../lib/permissions.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { endLab, refreshLab } from './engine/containers.ts'
import type { Labs } from './engine/service.ts'
import { scope } from '../../lib/scope.ts'
import { idList, paging, text } from '../../lib/request-schema.ts'
import type { Actions } from '../../lib/resource-actions.ts'
import { routeServices } from './route-services.ts'

/** Running labs the caller may see: its tenant's (the platform administrator: every tenant's). */
async function runningWhere(ctx: Ctx) {
  const whole = await scope(userContainer, ctx, {
    global: await isAdministrator(ctx),
    dataScope: false,
    why: "the running-labs screen shows the whole school's labs",
  })
  return and(whole, eq(userContainer.state, 'running'))
}

/** The running-labs screen: who, which experiment, since when, CPU and memory now. */
export async function runningLabs(labs: Labs, ctx: Ctx, q: Record<string, string | undefined>) {
  const { current, size, offset } = parsePaging(q)
  const { rows, total } = await pageRows(
    ctx.db,
    {
      table: userContainer,
      where: await runningWhere(ctx),
      orderBy: [desc(userContainer.id)],
      keyDesc: userContainer.id,
    },
    size,
    offset,
  )
  // The page's learners, environments and experiments, one look-up each (the platform administrator's page spans schools).
  const byId = <R extends { id: string }>(list: R[]) => new Map(list.map((r) => [r.id, r]))
  const ids = (f: (r: (typeof rows)[number]) => string) => [...new Set(rows.map(f))]
  const people = rows.length
    ? byId(
        await ctx.db
          .select({ id: user.id, account: user.account, realName: user.realName })
          .from(user)
          .where(
            inArray(
              user.id,
              ids((r) => r.userId),
            ),
          ),
      )
    : new Map()
  const images = rows.length
    ? byId(
        await ctx.db
          .select({ id: labImage.id, service: labImage.service })
          .from(labImage)
          .where(
            inArray(
              labImage.id,
              ids((r) => r.imageRowId),
            ),
          ),
      )
    : new Map()
  const experiments = rows.length
    ? byId(
        await ctx.db
          .select({ id: experiment.id, title: experiment.title })
          .from(experiment)
          .where(
            inArray(
              experiment.id,
              ids((r) => r.experimentId),
            ),
          ),
      )
    : new Map()
  const stats = await Promise.all(
    rows.map((r) => (r.containerId ? labs.host.stats(r.containerId).catch(() => null) : null)),
  )
  const records = rows.map((r, i) => ({
    id: r.id,
    tenantId: r.tenantId,
    userId: r.userId,
    account: people.get(r.userId)?.account ?? null,
    realName: people.get(r.userId)?.realName ?? null,
    experimentId: r.experimentId,
    experimentTitle: experiments.get(r.experimentId)?.title ?? null,
    containerId: r.containerId,
    startTime: r.startTime,
    expireTime: r.expireTime,
    lastActive: r.lastActive,
    renewals: r.renewals,
    service: images.get(r.imageRowId)?.service ?? null,
    cpuPercent: stats[i] ? Math.round(stats[i]!.cpuPercent * 10) / 10 : null,
    memoryMb: stats[i] ? Math.round(stats[i]!.memoryBytes / 1024 / 102.4) / 10 : null,
    attached: labs.terminals.attached(r.id),
  }))
  return pageOf(records, total, current, size)
}

/**
 * Warm pools as they stand, after adopting what another process (the CLI)
 * started: per environment of the caller's tenant (every tenant's for the
 * platform administrator), its pool size and the containers ready now.
 */
export async function warmPools(labs: Labs, ctx: Ctx) {
  await labs.pools.sync()
  const ready = new Map(labs.pools.summary().map((p) => [p.imageRowId, p.ready]))
  const admin = await isAdministrator(ctx)
  const images = await ctx.db
    .select({ id: labImage.id, title: labImage.title, imageId: labImage.imageId, poolSize: labImage.poolSize })
    .from(labImage)
    .where(
      await scope(labImage, ctx, {
        global: admin,
        dataScope: false,
        why: "warm pools are the whole school's (the platform administrator's: every school's)",
      }),
    )
  return images.map((i) => ({ ...i, ready: ready.get(i.id) ?? 0 })).filter((i) => i.poolSize > 0 || i.ready > 0)
}

/** Staff stop: the lab ends now (the learner's workspace is kept). */
export async function stopLabs(labs: Labs, ctx: Ctx, idsParam: unknown): Promise<number> {
  const ids = parseIds(idsParam)
  const rows = await ctx.db
    .select()
    .from(userContainer)
    .where(and(await runningWhere(ctx), inArray(userContainer.id, ids)))
  if (rows.length !== new Set(ids).size) throw notFound()
  for (const r of rows) await endLab(labs, r, 'stopped')
  return rows.length
}

const RUNNING = '/api/hm-userContainer/userContainer'

/**
 * The learner's renewal and the running-labs screen's verbs, declared on the experiment resource at their contract
 * paths (a user container has no CRUD of its own): each run reaches the Docker engine through the route's services.
 */
export const runningLabActions = {
  // The caller's own lab only (ownRow): a learner extends what they opened.
  refreshContainerTime: {
    method: 'GET',
    path: `${RUNNING}/refreshContainerTime`,
    button: SIGNED_IN,
    body: { id: text('the lab (user container)') },
    run: (ctx, { query }) => refreshLab(ctx, query.id),
  },
  running: {
    method: 'GET',
    path: `${RUNNING}/running`,
    button: 'lab:running',
    body: paging(),
    run: async (ctx, { query, services }) => {
      const { labs } = routeServices(services)
      await labs.requireEngine()
      return runningLabs(labs, ctx, query)
    },
  },
  pool: {
    method: 'GET',
    path: `${RUNNING}/pool`,
    button: 'lab:running',
    body: {},
    run: async (ctx, { services }) => {
      const { labs } = routeServices(services)
      await labs.requireEngine()
      return warmPools(labs, ctx)
    },
  },
  // Not a target: the platform administrator stops any school's lab (runningWhere), beyond the resource's scope.
  stop: {
    path: `${RUNNING}/stop`,
    button: 'lab:running:stop',
    body: { ids: idList('comma-separated labs') },
    run: async (ctx, { body, services }) => {
      const { labs } = routeServices(services)
      await labs.requireEngine()
      return { stopped: await stopLabs(labs, ctx, body.ids) }
    },
  },
} satisfies Actions<typeof experiment>
