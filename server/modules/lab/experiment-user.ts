import { experimentUserFields } from '../../../db/fields/lab.ts'
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import { experiment, experimentUser, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { isId, newId } from '../../lib/ids.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { lockRows } from '../../lib/row-lock.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { notDeleted, publicRows } from '../../lib/tenant-rows.ts'
import { userResource } from '../system/user.ts'
import { experimentResource } from './experiment.ts'
import { bodyText } from '../../lib/request-schema.ts'

/** Enrolment: who may open an experiment's lab. */
export const experimentUserResource = defineResource({
  table: experimentUser,
  path: '/api/blade-experimentUser/experimentUser',
  code: 'lab:experiment',
  perms: { add: 'lab:experiment:enrol', edit: 'lab:experiment:enrol', remove: 'lab:experiment:enrol' },
  filters: ['experimentId', 'userId', 'status'],
  fields: experimentUserFields,
  actions: {
    // Staff enrol learners picked in the user picker: experimentId + userIds (a list or comma-joined).
    addExperimentUser: {
      button: 'lab:experiment:enrol',
      body: looseBody('experimentId', 'userIds'),
      run: async (ctx, { body }) => {
        const experimentId = await requireExperiment(ctx, body.experimentId, await experimentResource.scope(ctx))
        const ids = (Array.isArray(body.userIds) ? body.userIds : String(body.userIds ?? '').split(','))
          .map(String)
          .filter(Boolean)
        if (!ids.length) throw badRequest('lab.usersRequired', { field: 'userIds' }, 'userIds')
        return { added: await enrol(ctx, experimentId, ids, await userResource.scope(ctx)) }
      },
    },
    // The portal's sign-up: a learner enrols themselves in any experiment of the school (their own row only).
    signUp: {
      path: '/api/nep-wbp/experimentUser/signUp',
      button: SIGNED_IN,
      body: { experimentId: bodyText('experiment', 'lab.experimentRequired') },
      run: async (ctx, { body }) => {
        const experimentId = await requireExperiment(
          ctx,
          body.experimentId,
          publicRows(experiment, ctx.actor.tenantId, { why: 'a learner signs up for any experiment of the school' }),
        )
        await enrol(ctx, experimentId, [ctx.actor.userId], eq(user.id, ctx.actor.userId))
        return { enrolled: true }
      },
    },
  },
})

/** The experiment named, among those `visible` admits (staff: the experiment list's scope; learners: the portal's). */
async function requireExperiment(ctx: Ctx, id: unknown, visible: SQL) {
  if (!isId(id)) throw badRequest('lab.experimentRequired', { field: 'experimentId' }, 'experimentId')
  const row = await first(
    ctx.db
      .select({ id: experiment.id })
      .from(experiment)
      .where(and(eq(experiment.id, id), visible)),
  )
  if (!row) throw notFound()
  return row.id
}

/**
 * Enrols users (among those `people` admits) who are not enrolled yet; answers how many were added. Who is enrolled
 * already is read in the transaction that adds the rest, after taking the experiment's row (row-lock.ts), so two
 * enrolments at once — on PostgreSQL too, from two processes — do not add anyone twice.
 */
export async function enrol(ctx: Ctx, experimentId: string, userIds: string[], people: SQL): Promise<number> {
  const valid = userIds.length
    ? (
        await ctx.db
          .select({ id: user.id })
          .from(user)
          .where(and(inArray(user.id, userIds), people))
      ).map((u) => u.id)
    : []
  if (valid.length !== new Set(userIds).size) throw badRequest('lab.usersRequired', { field: 'userIds' }, 'userIds')
  const stamp = now()
  return withTransaction(ctx.db, async (tx) => {
    await lockRows(tx, experiment, eq(experiment.id, experimentId))
    const already = new Set(
      (
        await tx
          .select({ id: experimentUser.userId })
          .from(experimentUser)
          .where(
            and(
              eq(experimentUser.experimentId, experimentId),
              inArray(experimentUser.userId, valid),
              notDeleted(experimentUser),
            ),
          )
      ).map((r) => r.id),
    )
    const fresh = valid.filter((id) => !already.has(id))
    for (const userId of fresh)
      await tx.insert(experimentUser).values({
        id: newId(),
        tenantId: ctx.actor.tenantId,
        experimentId,
        userId,
        status: 1,
        createUser: ctx.actor.userId,
        createTime: stamp,
        updateUser: ctx.actor.userId,
        updateTime: stamp,
      })
    return fresh.length
  })
}
