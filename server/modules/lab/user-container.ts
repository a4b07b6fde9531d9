import { Elysia } from 'elysia'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { experiment, labImage, user, userContainer } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { notFound } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { SIGNED_IN, isAdministrator } from '../../lib/permissions.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { endLab, refreshLab } from './engine/containers.ts'
import type { Labs } from './engine/service.ts'
import { scope } from '../../lib/scope.ts'
import { body as bodyOf, idList, query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

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
  const where = await runningWhere(ctx)
  const [{ total }] = await ctx.db.select({ total: count() }).from(userContainer).where(where)
  const rows = await ctx.db
    .select({
      id: userContainer.id,
      tenantId: userContainer.tenantId,
      userId: userContainer.userId,
      account: user.account,
      realName: user.realName,
      experimentId: userContainer.experimentId,
      experimentTitle: experiment.title,
      containerId: userContainer.containerId,
      startTime: userContainer.startTime,
      expireTime: userContainer.expireTime,
      lastActive: userContainer.lastActive,
      renewals: userContainer.renewals,
      service: labImage.service,
    })
    .from(userContainer)
    .leftJoin(user, eq(user.id, userContainer.userId))
    .leftJoin(labImage, eq(labImage.id, userContainer.imageRowId))
    .leftJoin(experiment, eq(experiment.id, userContainer.experimentId))
    .where(where)
    .orderBy(desc(userContainer.id))
    .limit(size)
    .offset(offset)
  const stats = await Promise.all(
    rows.map((r) => (r.containerId ? labs.host.stats(r.containerId).catch(() => null) : null)),
  )
  const records = rows.map((r, i) => ({
    ...r,
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
  return ctx.db
    .select({ id: labImage.id, title: labImage.title, imageId: labImage.imageId, poolSize: labImage.poolSize })
    .from(labImage)
    .where(
      await scope(labImage, ctx, {
        global: admin,
        dataScope: false,
        why: "warm pools are the whole school's (the platform administrator's: every school's)",
      }),
    )

    .all()
    .map((i) => ({ ...i, ready: ready.get(i.id) ?? 0 }))
    .filter((i) => i.poolSize > 0 || i.ready > 0)
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

export const userContainerRoutes = (s: Services) =>
  handWritten(
    'running labs and the warm pool are containers on the Docker engine: extended, listed and stopped there',
    userContainerRoutesPlugin(s),
  )

const userContainerRoutesPlugin = (s: Services) =>
  new Elysia({ prefix: '/api/hm-userContainer/userContainer' })
    .use(authContext(s))
    .get('/refreshContainerTime', ({ ctx, query }) => ok(ctx, refreshLab(ctx, query.id)), {
      perm: SIGNED_IN,
      query: queryOf({ id: text('the lab (user container)') }),
    })
    .get(
      '/running',
      async ({ ctx, query }) => {
        await s.labs.requireEngine()
        return ok(ctx, await runningLabs(s.labs, ctx, query))
      },
      {
        perm: 'lab:running',
        query: queryOf({ current: text('page, from 1'), size: text('rows a page (default 10, at most 200)') }),
      },
    )
    .get(
      '/pool',
      async ({ ctx }) => {
        await s.labs.requireEngine()
        return ok(ctx, await warmPools(s.labs, ctx))
      },
      { perm: 'lab:running', query: queryOf() },
    )
    .post(
      '/stop',
      async ({ ctx, query, body }) => {
        await s.labs.requireEngine()
        return ok(ctx, {
          stopped: await stopLabs(s.labs, ctx, query.ids ?? body?.ids),
        })
      },
      {
        perm: 'lab:running:stop',
        query: queryOf({ ids: text('comma-separated labs') }),
        body: bodyOf({ ids: idList() }),
      },
    )
