import { emailOutbox } from '../../../db/schema/index.ts'
import { mailOutboxFields } from '../../../db/fields/mail.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { defineResource } from '../../lib/resource.ts'
import { transact } from '../../lib/transaction.ts'
import { outgoingFrom, queueMail } from './queue.ts'
import { readReason } from './reasons.ts'

/**
 * The outbox (blade-email/outbox): every message the school sent or is sending, with its state (0 queued, 1 sent,
 * 2 failed), the server's answer or the reason it failed, and its Message-ID. Rows are written only by
 * submitAndSend (and sendMsg, and the appliance's own mails), each with its send job in one transaction; the
 * worker (deliver.ts) moves the state. There is no plain submit: a sent message is not edited.
 */
export const outboxResource = defineResource({
  table: emailOutbox,
  path: '/api/blade-email/outbox',
  code: 'mail:outbox',
  search: ['to', 'subject'],
  filters: ['status', 'configId', 'source'],
  dates: ['sentTime', 'createTime'],
  fields: mailOutboxFields,
  hidden: ['handoverTime'],
  skip: ['submit'],
  read: {
    rows: (ctx, rows) =>
      rows.map((r) => ({
        ...r,
        reason: readReason(ctx.lang, r.reason as string | null),
        response: readReason(ctx.lang, r.response as string | null),
      })),
  },
  actions: {
    submitAndSend: {
      button: 'send',
      body: looseBody(
        'to',
        'cc',
        'bcc',
        'subject',
        'content',
        'attachments',
        'configId',
        'strategyId',
        'templateId',
        'variables',
      ),
      run: async (ctx, { body }) => {
        const m = await outgoingFrom(ctx.db, ctx.actor.tenantId, body)
        return transact(ctx, (tx) => queueMail(tx, ctx.actor, m))
      },
    },
  },
})
