import { experimentUserFields } from '../../../db/fields/labs.ts'
import { Elysia, t } from 'elysia'
import { and, eq, inArray } from 'drizzle-orm'
import { experiment, experimentUser, user } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { isId, newId } from '../../lib/ids.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'

/** Enrolment: who may open an experiment's lab. */
export const experimentUserResource = defineResource({
  table: experimentUser,
  path: '/api/blade-experimentUser/experimentUser',
  code: 'lab:experiment',
  perms: { add: 'lab:experiment:enrol', edit: 'lab:experiment:enrol', remove: 'lab:experiment:enrol' },
  filters: ['experimentId', 'userId', 'status'],
  fields: experimentUserFields,
})

function requireExperiment(ctx: Ctx, id: unknown) {
  if (!isId(id)) throw badRequest('lab.experimentRequired', { field: 'experimentId' }, 'experimentId')
  const row = ctx.db
    .select({ id: experiment.id })
    .from(experiment)
    .where(and(eq(experiment.id, id), eq(experiment.tenantId, ctx.actor.tenantId), eq(experiment.isDeleted, 0)))
    .get()
  if (!row) throw notFound()
  return row.id
}

/** Enrols users (of the caller's tenant) who are not enrolled yet; answers how many were added. */
export function enrol(ctx: Ctx, experimentId: string, userIds: string[]): number {
  const valid = userIds.length
    ? ctx.db
        .select({ id: user.id })
        .from(user)
        .where(and(inArray(user.id, userIds), eq(user.tenantId, ctx.actor.tenantId), eq(user.isDeleted, 0)))
        .all()
        .map((u) => u.id)
    : []
  if (valid.length !== new Set(userIds).size) throw badRequest('lab.usersRequired', { field: 'userIds' }, 'userIds')
  const already = new Set(
    ctx.db
      .select({ id: experimentUser.userId })
      .from(experimentUser)
      .where(
        and(
          eq(experimentUser.experimentId, experimentId),
          inArray(experimentUser.userId, valid),
          eq(experimentUser.isDeleted, 0),
        ),
      )
      .all()
      .map((r) => r.id),
  )
  const stamp = now()
  const fresh = valid.filter((id) => !already.has(id))
  ctx.db.transaction((tx) => {
    for (const userId of fresh)
      tx.insert(experimentUser)
        .values({
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
        .run()
  })
  return fresh.length
}

export const experimentUserRoutes = (s: Services) =>
  new Elysia()
    .use(experimentUserResource.routes(s))
    .use(
      new Elysia({ prefix: experimentUserResource.options.path }).use(authContext(s)).post(
        '/addExperimentUser',
        ({ ctx, body }) => {
          const experimentId = requireExperiment(ctx, body.experimentId)
          const ids = (Array.isArray(body.userIds) ? body.userIds : String(body.userIds ?? '').split(','))
            .map(String)
            .filter(Boolean)
          if (!ids.length) throw badRequest('lab.usersRequired', { field: 'userIds' }, 'userIds')
          return ok(ctx, { added: enrol(ctx, experimentId, ids) })
        },
        { perm: 'lab:experiment:enrol', body: t.Object({ experimentId: t.Any(), userIds: t.Any() }) },
      ),
    )
    // The portal's sign-up: learners enrol themselves.
    .use(
      new Elysia({ prefix: '/api/nep-wbp/experimentUser' }).use(authContext(s)).post(
        '/signUp',
        ({ ctx, body, query }) => {
          const experimentId = requireExperiment(
            ctx,
            (body as { experimentId?: unknown } | undefined)?.experimentId ?? query.experimentId,
          )
          enrol(ctx, experimentId, [ctx.actor.userId])
          return ok(ctx, { enrolled: true })
        },
        { perm: SIGNED_IN },
      ),
    )
