import { and, eq, inArray } from 'drizzle-orm'
import { message, messageRecipient, user } from '../../../db/schema/index.ts'
import { BROADCAST_READERS, messageFields } from '../../../db/fields/message.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { defineMessages } from '../../lib/messages.ts'
import { now } from '../../lib/time.ts'
import { first } from '../../lib/rows.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { memberOf } from '../../lib/membership.ts'
import { isAdministrator, permissionCodes } from '../../lib/permissions.ts'
import { scope } from '../../lib/scope.ts'

defineMessages({
  // The required wording is the field description's (db/fields/message.ts), which the send dialog shows too.
  'message.title': messageFields.title.required,
  'message.receivers': messageFields.receivers.required,
  'message.type': { zh: '消息类型无效', en: 'the message type is not valid' },
  'message.noRecipients': { zh: '没有找到接收人', en: 'no recipients were found' },
  'message.broadcastForbidden': {
    zh: '您没有向部门或角色广播的权限',
    en: 'you may not broadcast to departments or roles',
  },
})

/** Broadcasts (BROADCAST_READERS): the platform and administrators always, others by the codes they hold. */
async function mayBroadcast(ctx: Ctx, type: number): Promise<boolean> {
  const readers = BROADCAST_READERS[type]
  if (!readers || ctx.actor.kind === 'system' || (await isAdministrator(ctx))) return true
  const codes = await permissionCodes(ctx)
  return readers.some((c) => codes.has(c))
}

const RECIPIENTS_PER_INSERT = 500

export interface SendInput {
  type?: unknown
  title?: unknown
  content?: unknown
  receivers?: unknown
}

/**
 * Sends a message: type 1 (ordinary) and 3 (approval) go to users, 2 to every
 * user of the named departments, 4 to every holder of the named roles — always
 * within the sender's tenant. One recipient row per person, written with the
 * message in one transaction.
 */
export async function sendMessage(
  ctx: Ctx,
  input: SendInput,
): Promise<{ id: string; recipients: number; userIds: string[] }> {
  const type = Number(input.type ?? 1)
  if (![1, 2, 3, 4].includes(type)) throw badRequest('message.type', { field: 'type' }, 'type')
  if (!(await mayBroadcast(ctx, type))) throw new ApiError(403, 'message.broadcastForbidden', {}, true, 'type')
  const title = typeof input.title === 'string' ? input.title.trim() : ''
  if (!title) throw badRequest('message.title', { field: 'title' }, 'title')
  const { max } = messageFields.title
  if (title.length > max) throw badRequest('validation.tooLong', { field: 'title', max }, 'title')
  const content = typeof input.content === 'string' ? input.content.slice(0, messageFields.content.max) : null
  if (
    input.receivers === undefined ||
    input.receivers === '' ||
    (Array.isArray(input.receivers) && !input.receivers.length)
  )
    throw badRequest('message.receivers', { field: 'receivers' }, 'receivers')
  const ids = parseIds(input.receivers)
  const tenant = and(
    await scope(user, ctx, {
      dataScope: false,
      why: "a message may reach anyone of the school; the type's reader codes were checked",
    }),
    eq(user.status, 1),
  )

  const column = type === 2 ? user.deptId : type === 4 ? user.roleId : undefined
  const people = await ctx.db
    .select({ id: user.id })
    .from(user)
    .where(and(tenant, column ? memberOf(column, ids) : inArray(user.id, ids)))
  if (!people.length) throw badRequest('message.noRecipients', { field: 'receivers' }, 'receivers')
  const me = await first(
    ctx.db.select({ realName: user.realName, account: user.account }).from(user).where(eq(user.id, ctx.actor.userId)),
  )
  const id = newId()
  const stamp = now()
  await withTransaction(ctx.db, async (tx) => {
    await tx.insert(message).values({
      id,
      tenantId: ctx.actor.tenantId,
      type,
      title,
      content,
      receivers: ids.join(','),
      createUserName: me?.realName ?? me?.account ?? ctx.actor.account,
      createUser: ctx.actor.userId,
      createDept: ctx.actor.deptIds[0] ?? null,
      createTime: stamp,
      updateUser: ctx.actor.userId,
      updateTime: stamp,
    })
    // Many rows a statement (a broadcast may reach the whole school), within the engines' parameter limits.
    for (let i = 0; i < people.length; i += RECIPIENTS_PER_INSERT)
      await tx
        .insert(messageRecipient)
        .values(
          people
            .slice(i, i + RECIPIENTS_PER_INSERT)
            .map((p) => ({ id: newId(), tenantId: ctx.actor.tenantId, messageId: id, userId: p.id, isRead: 1 })),
        )
  })
  return { id, recipients: people.length, userIds: people.map((p) => p.id) }
}
