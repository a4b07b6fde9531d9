import { Elysia, t } from 'elysia'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { message, messageRecipient } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { notFound } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { now } from '../../lib/time.ts'
import { sendMessage } from './send.ts'
import { userInbox } from '../iot/topics.ts'

/** The caller's own copies: every inbox query starts here, so nobody reads another's messages. */
const mine = (ctx: Ctx) =>
  and(
    eq(messageRecipient.userId, ctx.actor.userId),
    eq(messageRecipient.tenantId, ctx.actor.tenantId),
    eq(messageRecipient.isDeleted, 0),
  )

const inboxColumns = {
  id: message.id,
  type: message.type,
  title: message.title,
  content: message.content,
  createTime: message.createTime,
  createUserName: message.createUserName,
  isRead: messageRecipient.isRead,
  readTime: messageRecipient.readTime,
}

async function inbox(ctx: Ctx, q: Record<string, string | undefined>, onlyUnread = false) {
  const { current, size, offset } = parsePaging(q)
  const isRead = onlyUnread ? 1 : q.isRead === '0' || q.isRead === '1' ? Number(q.isRead) : undefined
  const cond = and(
    mine(ctx),
    eq(message.isDeleted, 0),
    isRead === undefined ? undefined : eq(messageRecipient.isRead, isRead),
  )
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(messageRecipient)
    .innerJoin(message, eq(message.id, messageRecipient.messageId))
    .where(cond)
  const rows = await ctx.db
    .select(inboxColumns)
    .from(messageRecipient)
    .innerJoin(message, eq(message.id, messageRecipient.messageId))
    .where(cond)
    .orderBy(desc(message.createTime), desc(message.id))
    .limit(size)
    .offset(offset)
  return pageOf(rows, total, current, size)
}

/** blade-message/message: my inbox, what I sent, sending. */
export const messageModule = (s: Services) =>
  new Elysia({ prefix: '/api/blade-message/message' })
    .use(authContext(s))
    .get(
      '/my/topList',
      async ({ ctx, query }) => ok(ctx, await inbox(ctx, { current: '1', size: query.size ?? '5' }, true)),
      { perm: SIGNED_IN },
    )
    .get('/my/list', async ({ ctx, query }) => ok(ctx, await inbox(ctx, query)), { perm: SIGNED_IN })
    .get(
      '/my/sendList',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const cond = and(
          eq(message.createUser, ctx.actor.userId),
          eq(message.tenantId, ctx.actor.tenantId),
          eq(message.isDeleted, 0),
        )
        const [{ total }] = await ctx.db.select({ total: count() }).from(message).where(cond)
        const rows = await ctx.db
          .select()
          .from(message)
          .where(cond)
          .orderBy(desc(message.createTime), desc(message.id))
          .limit(size)
          .offset(offset)
        return ok(ctx, pageOf(rows, total, current, size))
      },
      { perm: SIGNED_IN },
    )
    .get(
      '/sendDetail',
      async ({ ctx, query }) => {
        const id = parseIds(query.id)[0]
        const row = await ctx.db
          .select()
          .from(message)
          .where(
            and(
              eq(message.id, id),
              eq(message.createUser, ctx.actor.userId),
              eq(message.tenantId, ctx.actor.tenantId),
              eq(message.isDeleted, 0),
            ),
          )
          .get()
        if (!row) throw notFound()
        const [{ total }] = await ctx.db
          .select({ total: count() })
          .from(messageRecipient)
          .where(eq(messageRecipient.messageId, id))
        const [{ unread }] = await ctx.db
          .select({ unread: count() })
          .from(messageRecipient)
          .where(and(eq(messageRecipient.messageId, id), eq(messageRecipient.isRead, 1)))
        return ok(ctx, { ...row, recipients: total, unread })
      },
      { perm: SIGNED_IN },
    )
    .get(
      '/detail',
      async ({ ctx, query }) => {
        // Opening a message marks the caller's copy read (spec §4).
        const id = parseIds(query.id)[0]
        const row = await ctx.db
          .select(inboxColumns)
          .from(messageRecipient)
          .innerJoin(message, eq(message.id, messageRecipient.messageId))
          .where(and(mine(ctx), eq(messageRecipient.messageId, id), eq(message.isDeleted, 0)))
          .get()
        if (!row) throw notFound()
        if (row.isRead === 1)
          await ctx.db
            .update(messageRecipient)
            .set({ isRead: 0, readTime: now() })
            .where(and(mine(ctx), eq(messageRecipient.messageId, id)))
        return ok(ctx, { ...row, isRead: 0 })
      },
      { perm: SIGNED_IN },
    )
    .post(
      '/remove',
      async ({ ctx, query, body }) => {
        const ids = parseIds(query.ids ?? (body as Record<string, unknown> | undefined)?.ids)
        const found = await ctx.db
          .select({ id: messageRecipient.messageId })
          .from(messageRecipient)
          .where(and(mine(ctx), inArray(messageRecipient.messageId, ids)))
        if (found.length !== new Set(ids).size) throw notFound()
        await ctx.db
          .update(messageRecipient)
          .set({ isDeleted: 1 })
          .where(and(mine(ctx), inArray(messageRecipient.messageId, ids)))
        return ok(ctx, true)
      },
      { perm: SIGNED_IN },
    )
    .post(
      '/readAll',
      async ({ ctx }) => {
        await ctx.db
          .update(messageRecipient)
          .set({ isRead: 0, readTime: now() })
          .where(and(mine(ctx), eq(messageRecipient.isRead, 1)))
        return ok(ctx, true)
      },
      { perm: SIGNED_IN },
    )
    .post(
      '/save',
      async ({ ctx, body }) => {
        const { userIds, ...sent } = await sendMessage(ctx, body)
        // Each recipient's signed-in browsers hear of it at once (their bell refreshes without polling).
        for (const u of userIds) s.mqtt?.publish(userInbox(u), { type: 'message', id: sent.id }).catch(() => {})
        return ok(ctx, sent)
      },
      {
        perm: 'desk:message:send',
        body: t.Object({
          type: t.Optional(t.Union([t.Integer(), t.String()])),
          title: t.Optional(t.String()),
          content: t.Optional(t.String()),
          receivers: t.Optional(t.Union([t.String(), t.Array(t.String())])),
        }),
      },
    )
