import { experimentFields } from '../../../db/fields/lab.ts'
import { Elysia } from 'elysia'
import { and, eq, inArray } from 'drizzle-orm'
import { experiment, experimentUser, labImage } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest } from '../../lib/errors.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { currentLab, openLab } from './engine/containers.ts'
import { listFiles } from './engine/files.ts'
import { imageResource } from './images.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

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
      const image = await ctx.db
        .select({ id: labImage.id })
        .from(labImage)
        .where(and(eq(labImage.id, String(v.imagesName)), await imageResource.scope(ctx)))
        .get()
      if (!image) throw badRequest('lab.imageRequired', { field: 'imagesName' }, 'imagesName')
    }
  },
})

/** The experiment routes beyond CRUD: the learner's container and its files. */
export const experimentRoutes = (s: Services) =>
  handWritten(
    "opening a learner's lab starts a container on the Docker engine; the learner's list joins their enrolment",
    experimentRoutesPlugin(s),
  )

const experimentRoutesPlugin = (s: Services) =>
  new Elysia().use(experimentResource.routes(s)).use(
    new Elysia({ prefix: experimentResource.options.path })
      .use(authContext(s))
      // The learner's experiment list: every experiment of the tenant, with the caller's enrolment.
      .get(
        '/getExperimentPage',
        async ({ ctx, query }) => {
          // Every published experiment of the school: the system actor (same tenant) passes the staff list's code and data scope.
          const page = await experimentResource.ops.page(
            { ...ctx, actor: { ...ctx.actor, kind: 'system' } },
            query,
            eq(experiment.status, 1),
          )
          const ids = page.records.map((r) => r.id as string)
          const mine = ids.length
            ? new Set(
                ctx.db
                  .select({ id: experimentUser.experimentId })
                  .from(experimentUser)
                  .where(
                    and(
                      inArray(experimentUser.experimentId, ids),
                      eq(experimentUser.userId, ctx.actor.userId),
                      eq(experimentUser.isDeleted, 0),
                    ),
                  )
                  .all()
                  .map((r) => r.id),
              )
            : new Set()
          return ok(ctx, { ...page, records: page.records.map((r) => ({ ...r, enrolled: mine.has(r.id as string) })) })
        },
        {
          perm: SIGNED_IN,
          query: queryOf({
            current: text('page, from 1'),
            size: text('rows a page (default 10, at most 200)'),
            title: text('contains'),
          }),
        },
      )
      .get(
        '/openExperimentToContainer',
        async ({ ctx, query }) => ok(ctx, await openLab(s.labs, ctx, query.experimentId, s.config.dataDir)),
        { perm: SIGNED_IN, query: queryOf({ experimentId: text('experiment') }) },
      )
      .get(
        '/getConteiner',
        async ({ ctx, query }) => ok(ctx, await openLab(s.labs, ctx, query.experimentId, s.config.dataDir)),
        { perm: SIGNED_IN, query: queryOf({ experimentId: text('experiment') }) },
      )
      // The lab as it stands, starting nothing (the page's first look, the engine's state included).
      .get(
        '/labState',
        async ({ ctx, query }) =>
          ok(ctx, { engine: await s.labs.engine(), lab: await currentLab(ctx, query.experimentId) }),
        { perm: SIGNED_IN, query: queryOf({ experimentId: text('experiment') }) },
      )
      .get(
        '/openExperimentToFile',
        async ({ ctx, query }) => ok(ctx, await listFiles(s.labs, ctx, query.experimentId)),
        { perm: SIGNED_IN, query: queryOf({ experimentId: text('experiment') }) },
      ),
  )
