import { Type } from '@sinclair/typebox'
import { and, eq, inArray } from 'drizzle-orm'
import { user } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { recordUsual } from '../../lib/logs.ts'
import { assertAssignable, roleIdList } from '../../lib/role-assignment.ts'
import { endSessions } from '../auth/sessions.ts'
import { userInbox } from './topics.ts'
import './messages.ts'
import { userResource } from '../system/user.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'

const KINDS = ['force-logout', 'param-setting', 'chat'] as const

/**
 * blade-websocket: who is signed in with a live browser connection (client-info list), and a push to one of
 * them (send, p2p): force-logout ends the user's sessions and signs the browser out at once; param-setting and
 * chat arrive on the user's broker queue. Staff see and reach only their own tenant, and may not push a user
 * whose roles are above their own.
 *
 * The connections are the broker's, not rows: the resource's rows are the users they belong to, read through the
 * user screen's scope (userResource.scope: tenant and that screen's data scope), and its only verbs are these two
 * actions — no generic list, detail or write of users here (those are blade-system/user's).
 */
export const clientInfoResource = defineResource({
  table: user,
  path: '/api/blade-websocket/client-info',
  code: 'iot:client',
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  access: { list: () => false, detail: () => false, add: () => false, edit: () => false, remove: () => false },
  hidden: ['password'],
  actions: {
    list: {
      method: 'GET',
      button: 'iot:client',
      body: {},
      run: (ctx, { services }) => liveUsers(ctx, services),
    },
    send: {
      button: 'send',
      body: {
        userId: Type.Optional(Type.String({ description: 'the user' })),
        type: Type.Optional(Type.String({ description: KINDS.join(' | ') })),
        content: Type.Optional(Type.String({ description: 'the chat line or setting (≤ 2000)' })),
      },
      run: (ctx, { body, services }) => push(ctx, services, body),
    },
  },
})

/** The caller's users with a live browser connection, and how many each has (in every process with Redis). */
async function liveUsers(ctx: Ctx, s: Services | undefined) {
  const live = (await s?.mqtt?.guard.userCounts(ctx.actor.tenantId)) ?? new Map<string, number>()
  if (!live.size) return []
  const rows = await ctx.db
    .select({ id: user.id, account: user.account, realName: user.realName })
    .from(user)
    // Only the users the caller may see (tenant and data scope over users).
    .where(and(await userResource.scope(ctx), inArray(user.id, [...live.keys()])))
  return rows.map((r) => ({
    userId: r.id,
    account: r.account,
    realName: r.realName,
    connections: live.get(r.id) ?? 0,
  }))
}

/** A push to one user's browsers; force-logout also ends that user's sessions. */
async function push(ctx: Ctx, s: Services | undefined, body: { userId?: unknown; type?: unknown; content?: unknown }) {
  const type = typeof body.type === 'string' ? body.type : ''
  if (!(KINDS as readonly string[]).includes(type)) throw badRequest('iot.client.type', {}, 'type')
  if (typeof body.userId !== 'string' || !/^\d{1,20}$/.test(body.userId))
    throw badRequest('validation.id', { field: 'userId' }, 'userId')
  const target = await first(
    ctx.db
      .select({ id: user.id, roleId: user.roleId, account: user.account })
      .from(user)
      .where(and(eq(user.id, body.userId), await userResource.scope(ctx))),
  )
  if (!target) throw notFound()
  // Pushing someone out is an act over them: only over users whose roles the caller could hand out.
  await assertAssignable(ctx, roleIdList(target.roleId), 'userId')
  const content = typeof body.content === 'string' ? body.content.slice(0, 2000) : ''
  if (type === 'chat' && !content.trim()) throw badRequest('iot.client.content', {}, 'content')
  const from = ctx.actor.account
  await s?.mqtt?.publish(userInbox(target.id), { type, content, from })
  // Ended after the push went out (written ahead of the close): ending the sessions also closes the
  // browser's broker connections (live-sessions.ts), the ones counted here.
  const dropped = type === 'force-logout' ? (s?.mqtt?.guard.connectionsOf('user', target.id).length ?? 0) : 0
  if (type === 'force-logout') {
    await endSessions(ctx.db, { userIds: [target.id] })
    await recordUsual(s ?? ctx, ctx.actor.tenantId, 'force logout', { by: from, account: target.account })
  }
  return { userId: target.id, type, delivered: !!s?.mqtt, disconnected: dropped }
}

export const clientInfoRoutes = (s: Services) => clientInfoResource.routes(s)
