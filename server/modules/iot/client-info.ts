import { Elysia, t } from 'elysia'
import { and, eq, inArray } from 'drizzle-orm'
import { user } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { recordUsual } from '../../lib/logs.ts'
import { assertAssignable, roleIdList } from '../../lib/role-assignment.ts'
import { endSessions } from '../auth/sessions.ts'
import { identityOf } from './broker-guard.ts'
import { userInbox } from './topics.ts'
import './messages.ts'
import { userResource } from '../system/user.ts'
import { query as queryOf } from '../../lib/request-schema.ts'
import { handWritten } from '../../lib/hand-written.ts'

const KINDS = ['force-logout', 'param-setting', 'chat'] as const

/**
 * blade-websocket: who is signed in with a live browser connection (client-info list), and a push to one of
 * them (send, p2p): force-logout ends the user's sessions and signs the browser out at once; param-setting and
 * chat arrive on the user's broker queue. Staff see and reach only their own tenant, and may not push a user
 * whose roles are above their own.
 */
export const clientInfoRoutes = (s: Services) =>
  handWritten(
    "live broker connections of the caller's users, and pushing a user out: connections, not rows",
    clientInfoRoutesPlugin(s),
  )

const clientInfoRoutesPlugin = (s: Services) =>
  new Elysia({ prefix: '/api/blade-websocket/client-info' })
    .use(authContext(s))
    .get(
      '/list',
      async ({ ctx }) => {
        const live = new Map<string, number>()
        for (const clients of s.mqtt?.guard.live.values() ?? []) {
          for (const c of clients) {
            const id = identityOf(c)
            if (id?.kind === 'user' && id.tenantId === ctx.actor.tenantId)
              live.set(id.userId, (live.get(id.userId) ?? 0) + 1)
          }
        }
        if (!live.size) return ok(ctx, [])
        const rows = await ctx.db
          .select({
            id: user.id,
            account: user.account,
            realName: user.realName,
            roleId: user.roleId,
            deptId: user.deptId,
          })
          .from(user)
          // Only the users the caller may see (tenant and data scope over users).
          .where(and(await userResource.scope(ctx), inArray(user.id, [...live.keys()])))
        return ok(
          ctx,
          rows.map((r) => ({
            userId: r.id,
            account: r.account,
            realName: r.realName,
            connections: live.get(r.id) ?? 0,
          })),
        )
      },
      { perm: 'iot:client', query: queryOf() },
    )
    .post(
      '/send',
      async ({ ctx, body }) => {
        const type = body.type
        if (!(KINDS as readonly string[]).includes(type ?? '')) throw badRequest('iot.client.type', {}, 'type')
        if (!body.userId || !/^\d{1,20}$/.test(body.userId))
          throw badRequest('validation.id', { field: 'userId' }, 'userId')
        const target = await ctx.db
          .select({ id: user.id, roleId: user.roleId, account: user.account })
          .from(user)
          .where(and(eq(user.id, body.userId), await userResource.scope(ctx)))
          .get()
        if (!target) throw notFound()
        // Pushing someone out is an act over them: only over users whose roles the caller could hand out.
        await assertAssignable(ctx, roleIdList(target.roleId), 'userId')
        const content = typeof body.content === 'string' ? body.content.slice(0, 2000) : ''
        if (type === 'chat' && !content.trim()) throw badRequest('iot.client.content', {}, 'content')
        const from = ctx.actor.account
        await s.mqtt?.publish(userInbox(target.id), { type, content, from })
        // Ended after the push went out (written ahead of the close): ending the sessions also closes the
        // browser's broker connections (live-sessions.ts), the ones counted here.
        const dropped = type === 'force-logout' ? (s.mqtt?.guard.connectionsOf('user', target.id).length ?? 0) : 0
        if (type === 'force-logout') {
          endSessions(s.db, { userIds: [target.id] })
          recordUsual(s, ctx.actor.tenantId, 'force logout', { by: from, account: target.account })
        }
        return ok(ctx, { userId: target.id, type, delivered: !!s.mqtt, disconnected: dropped })
      },
      {
        perm: 'iot:client:send',
        body: t.Object({
          userId: t.Optional(t.String()),
          type: t.Optional(t.String()),
          content: t.Optional(t.String()),
        }),
      },
    )
