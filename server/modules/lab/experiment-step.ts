import { experimentStepFields } from '../../../db/fields/lab.ts'
import { Elysia } from 'elysia'
import { and, asc, eq } from 'drizzle-orm'
import { experiment, experimentStep } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest } from '../../lib/errors.ts'
import { isId } from '../../lib/ids.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { experimentResource } from './experiment.ts'
import { publicRows } from '../../lib/tenant-rows.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

/** An experiment's steps, shown beside the terminal; edited by whoever may edit experiments. */
export const experimentStepResource = defineResource({
  table: experimentStep,
  path: '/api/hm-experimentStep/experimentStep',
  code: 'lab:experiment',
  perms: { add: 'lab:experiment:step', edit: 'lab:experiment:step', remove: 'lab:experiment:step' },
  filters: ['experimentId'],
  fields: experimentStepFields,
  skip: ['list', 'page', 'detail'],
  beforeWrite: async (ctx, w) => {
    if (w.values.experimentId === undefined) return
    const exp = await ctx.db
      .select({ id: experiment.id })
      .from(experiment)
      .where(and(eq(experiment.id, String(w.values.experimentId)), await experimentResource.scope(ctx)))
      .get()
    if (!exp) throw badRequest('lab.experimentRequired', { field: 'experimentId' }, 'experimentId')
  },
})

export const experimentStepRoutes = (s: Services) =>
  handWritten(
    "learners read the steps of their school's experiments in order, through the experiment",
    experimentStepRoutesPlugin(s),
  )

const experimentStepRoutesPlugin = (s: Services) =>
  new Elysia().use(experimentStepResource.routes(s)).use(
    new Elysia({ prefix: experimentStepResource.options.path })
      .use(authContext(s))
      // Learners read the steps of their tenant's experiments; the tenant filter is the scope here.
      .get(
        '/getSteps',
        async ({ ctx, query }) => {
          const id = query.experimentId ?? query.id
          if (!isId(id)) throw badRequest('validation.id', { field: 'experimentId' }, 'experimentId')
          const rows = await ctx.db
            .select()
            .from(experimentStep)
            .where(
              and(
                eq(experimentStep.experimentId, id),
                publicRows(experimentStep, ctx.actor.tenantId, {
                  why: 'a learner follows the steps of any experiment of the school',
                }),
              ),
            )
            .orderBy(asc(experimentStep.sort), asc(experimentStep.id))
          return ok(ctx, rows)
        },
        { perm: SIGNED_IN, query: queryOf({ experimentId: text('experiment'), id: text('experiment (old name)') }) },
      ),
  )
