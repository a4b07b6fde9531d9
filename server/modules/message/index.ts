import { Type } from '@sinclair/typebox'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { messageFields } from '../../../db/fields/message.ts'
import { message, messageRecipient } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import type { Page } from '../../lib/envelope.ts'
import { notFound } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { now } from '../../lib/time.ts'
import { sendMessage } from './send.ts'
import { userInbox } from '../iot/topics.ts'
import { ownRows, notDeleted } from '../../lib/tenant-rows.ts'

/** The caller's own copies: every inbox query starts here, so nobody reads another's messages. */
const mine = (ctx: Ctx) => ownRows(messageRecipient, ctx)

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
    notDeleted(message),
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

/** The messages the caller sent: the factory's list and detail verbs, bounded to their sender. */
const sentByMe = (ctx: Ctx) => eq(message.createUser, ctx.actor.userId)

/**
 * blade-message/message on the factory. The contract has no generic CRUD
 * here: a message is sent once (save) and then lives as each recipient's copy,
 * so every route is a declared action — each with its code (any signed-in
 * user for their own inbox, desk:message:send to send), in the permission
 * matrix and callable as `messageResource.ops.actions.<name>(ctx, …)`.
 * The sender's views (my/sendList, sendDetail) are the factory's own page and
 * row look-up, bounded by the access rule to what the caller sent.
 */
export const messageResource = defineResource({
  table: message,
  path: '/api/blade-message/message',
  code: 'desk:message',
  perms: { list: SIGNED_IN, detail: SIGNED_IN },
  // A message is written only by save (with its copies); the generic write operations refuse.
  access: { list: sentByMe, detail: sentByMe, add: () => false, edit: () => false, remove: () => false },
  orderBy: (c) => [desc(c.createTime), desc(c.id)],
  // No generic submit: `save` checks a message against these (send.ts), and the screens show them.
  fields: messageFields,
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  actions: {
    'my/topList': {
      method: 'GET',
      button: SIGNED_IN,
      run: (ctx, { query }) => inbox(ctx, { current: '1', size: query.size ?? '5' }, true),
    },
    'my/list': { method: 'GET', button: SIGNED_IN, run: (ctx, { query }) => inbox(ctx, query) },
    'my/sendList': { method: 'GET', button: SIGNED_IN, run: (ctx, { query }) => sentPage(ctx, query) },
    sendDetail: {
      method: 'GET',
      button: SIGNED_IN,
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [row] }) => {
        const [{ total }] = await ctx.db
          .select({ total: count() })
          .from(messageRecipient)
          .where(eq(messageRecipient.messageId, row.id))
        const [{ unread }] = await ctx.db
          .select({ unread: count() })
          .from(messageRecipient)
          .where(and(eq(messageRecipient.messageId, row.id), eq(messageRecipient.isRead, 1)))
        return { ...row, recipients: total, unread }
      },
    },
    // Opening a message marks the caller's copy read (spec §4). The row is the caller's copy, not the sender's.
    detail: {
      method: 'GET',
      button: SIGNED_IN,
      run: async (ctx, { query }) => {
        const id = parseIds(query.id)[0]
        const row = await first(
          ctx.db
            .select(inboxColumns)
            .from(messageRecipient)
            .innerJoin(message, eq(message.id, messageRecipient.messageId))
            .where(and(mine(ctx), eq(messageRecipient.messageId, id), notDeleted(message))),
        )
        if (!row) throw notFound()
        if (row.isRead === 1)
          await ctx.db
            .update(messageRecipient)
            .set({ isRead: 0, readTime: now() })
            .where(and(mine(ctx), eq(messageRecipient.messageId, id)))
        return { ...row, isRead: 0 }
      },
    },
    // Removes the caller's copies only; the message stays for its other recipients and its sender.
    remove: {
      button: SIGNED_IN,
      run: async (ctx, { query, body }) => {
        const ids = parseIds(query.ids ?? body.ids)
        const found = await ctx.db
          .select({ id: messageRecipient.messageId })
          .from(messageRecipient)
          .where(and(mine(ctx), inArray(messageRecipient.messageId, ids)))
        if (found.length !== new Set(ids).size) throw notFound()
        await ctx.db
          .update(messageRecipient)
          .set({ isDeleted: 1 })
          .where(and(mine(ctx), inArray(messageRecipient.messageId, ids)))
        return true
      },
      body: { ids: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])) },
    },
    readAll: {
      button: SIGNED_IN,
      run: async (ctx) => {
        await ctx.db
          .update(messageRecipient)
          .set({ isRead: 0, readTime: now() })
          .where(and(mine(ctx), eq(messageRecipient.isRead, 1)))
        return true
      },
    },
    save: {
      button: 'send',
      body: {
        type: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
        title: Type.Optional(Type.String()),
        content: Type.Optional(Type.String()),
        receivers: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
      },
      run: async (ctx, { body }) => {
        const { id, recipients } = await sendMessage(ctx, body)
        return { id, recipients }
      },
      // Each stored recipient's signed-in browsers hear of it at once (the bell refreshes without polling):
      // only after the message and its copies committed, so nobody is told of a message that is not there.
      afterCommit: async (ctx, { services }, sent) => {
        const { id } = sent as { id: string }
        const copies = await ctx.db
          .select({ userId: messageRecipient.userId })
          .from(messageRecipient)
          .where(eq(messageRecipient.messageId, id))
        await Promise.all(copies.map((c) => services?.mqtt?.publish(userInbox(c.userId), { type: 'message', id })))
      },
    },
  },
})

/** my/sendList: the factory's page over the messages the caller sent (access rule above), newest first. */
const sentPage = (ctx: Ctx, q: Record<string, string | undefined>): Promise<Page<typeof message.$inferSelect>> =>
  messageResource.ops.page(ctx, q)

export const messageModule = (s: Services) => messageResource.routes(s)
