import { experimentStepFields } from '../../../db/fields/lab.ts'
import { and, asc, eq } from 'drizzle-orm'
import { experiment, experimentStep } from '../../../db/schema/index.ts'
import { badRequest } from '../../lib/errors.ts'
import { first } from '../../lib/rows.ts'
import { isId } from '../../lib/ids.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { experimentResource } from './experiment.ts'
import { publicRows } from '../../lib/tenant-rows.ts'
import { text } from '../../lib/request-schema.ts'

/** An experiment's steps, shown beside the terminal; edited by whoever may edit experiments. */
export const experimentStepResource = defineResource({
  table: experimentStep,
  path: '/api/hm-experimentStep/experimentStep',
  code: 'lab:experiment',
  perms: { add: 'lab:experiment:step', edit: 'lab:experiment:step', remove: 'lab:experiment:step' },
  filters: ['experimentId'],
  fields: experimentStepFields,
  skip: ['list', 'page', 'detail'],
  actions: {
    // Learners follow the steps of any experiment of their school, in order; staff edit them through submit.
    getSteps: {
      method: 'GET',
      button: SIGNED_IN,
      body: { experimentId: text('experiment'), id: text('experiment (old name)') },
      run: (ctx, { query }) => {
        const id = query.experimentId ?? query.id
        if (!isId(id)) throw badRequest('validation.id', { field: 'experimentId' }, 'experimentId')
        return ctx.db
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
      },
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.values.experimentId === undefined) return
    const exp = await first(
      ctx.db
        .select({ id: experiment.id })
        .from(experiment)
        .where(and(eq(experiment.id, String(w.values.experimentId)), await experimentResource.scope(ctx))),
    )
    if (!exp) throw badRequest('lab.experimentRequired', { field: 'experimentId' }, 'experimentId')
  },
})
