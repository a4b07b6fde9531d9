import { experimentFields } from '../../../db/fields/lab.ts'
import { and, eq, inArray } from 'drizzle-orm'
import { experiment, experimentUser, labImage } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { first } from '../../lib/rows.ts'
import { badRequest } from '../../lib/errors.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { currentLab, openLab } from './engine/containers.ts'
import { listFiles } from './engine/files.ts'
import { imageResource } from './images.ts'
import { pageOf } from '../../lib/paging.ts'
import { paging, text } from '../../lib/request-schema.ts'
import type { Query } from '../../lib/resource-types.ts'
import { ownRows } from '../../lib/tenant-rows.ts'
import { experimentViews, learnerLabActions } from './portal.ts'
import { routeServices } from './route-services.ts'
import { runningLabActions } from './user-container.ts'
import { webLabActions } from './web.ts'

const minutes = (field: string, v: unknown, min: number) => {
  if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > 7 * 24 * 60))
    throw badRequest('validation.invalid', { field }, field)
}

export const experimentResource = defineResource({
  table: experiment,
  path: '/api/hm-experiment/experiment',
  code: 'lab:experiment',
  search: ['title'],
  filters: ['imagesName', 'status'],
  dates: ['createTime'],
  fields: experimentFields,
  views: experimentViews,
  // The learner's lab: opened, looked at and listed through the experiment, each run reaching the Docker engine.
  actions: {
    getExperimentPage: {
      method: 'GET',
      button: SIGNED_IN,
      body: { ...paging(), title: text('contains') },
      run: (ctx, { query }) => learnerPage(ctx, query),
    },
    openExperimentToContainer: {
      method: 'GET',
      button: SIGNED_IN,
      body: { experimentId: text('experiment') },
      run: (ctx, { query, services }) => open(ctx, query.experimentId, services),
    },
    // The contract's older name of the same open.
    getConteiner: {
      method: 'GET',
      button: SIGNED_IN,
      body: { experimentId: text('experiment') },
      run: (ctx, { query, services }) => open(ctx, query.experimentId, services),
    },
    // The lab as it stands, starting nothing (the page's first look, the engine's state included).
    labState: {
      method: 'GET',
      button: SIGNED_IN,
      body: { experimentId: text('experiment') },
      run: async (ctx, { query, services }) => ({
        engine: await routeServices(services).labs.engine(),
        lab: await currentLab(ctx, query.experimentId),
      }),
    },
    openExperimentToFile: {
      method: 'GET',
      button: SIGNED_IN,
      body: { experimentId: text('experiment') },
      run: (ctx, { query, services }) => listFiles(routeServices(services).labs, ctx, query.experimentId),
    },
    ...webLabActions,
    ...learnerLabActions,
    ...runningLabActions,
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const v = w.values
    for (const [f, min] of [
      ['durationMinutes', 1],
      ['renewMinutes', 1],
      ['maxRenewals', 0],
      ['idleMinutes', 0],
    ] as const)
      minutes(f, v[f], min)
    if (v.imagesName !== undefined) {
      const image = await first(
        ctx.db
          .select({ id: labImage.id })
          .from(labImage)
          .where(and(eq(labImage.id, String(v.imagesName)), await imageResource.scope(ctx))),
      )
      if (!image) throw badRequest('lab.imageRequired', { field: 'imagesName' }, 'imagesName')
    }
  },
})

/** Opens (or finds) the caller's lab of an experiment: a container on the Docker engine. */
function open(ctx: Ctx, experimentId: unknown, services: Services | undefined) {
  const s = routeServices(services)
  return openLab(s.labs, ctx, experimentId, s.config.dataDir)
}

type LearnerPage = ReturnType<typeof pageOf<Record<string, unknown> & { enrolled: boolean }>>

/** The learner's experiment list: every published experiment of the school, each with the caller's enrolment. */
async function learnerPage(ctx: Ctx, query: Query): Promise<LearnerPage> {
  // Every published experiment of the school: the system actor (same tenant) passes the staff list's code and data scope.
  const page = await experimentResource.ops.page(
    { ...ctx, actor: { ...ctx.actor, kind: 'system' } },
    query,
    eq(experiment.status, 1),
  )
  const ids = page.records.map((r) => r.id as string)
  const mine = new Set(
    ids.length
      ? (
          await ctx.db
            .select({ id: experimentUser.experimentId })
            .from(experimentUser)
            .where(and(inArray(experimentUser.experimentId, ids), ownRows(experimentUser, ctx)))
        ).map((r) => r.id)
      : [],
  )
  return { ...page, records: page.records.map((r) => ({ ...r, enrolled: mine.has(r.id as string) })) }
}
