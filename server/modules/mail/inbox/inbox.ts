import { and, desc, eq, inArray } from 'drizzle-orm'
import { attach, emailConfig, emailInbox, emailMailbox } from '../../../../db/schema/index.ts'
import { inboxFields } from '../../../../db/fields/mail-inbox.ts'
import type { Ctx, Services } from '../../../lib/context.ts'
import { badRequest } from '../../../lib/errors.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { looseBody } from '../../../lib/resource-actions.ts'
import { defineResource } from '../../../lib/resource.ts'
import type { ReadRoute, Row } from '../../../lib/resource-types.ts'
import { first } from '../../../lib/rows.ts'
import { scope } from '../../../lib/scope.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { filesOf, filesOfDatabase } from '../../resource/files.ts'
import { syncInbox } from './sync.ts'

defineMessages({
  'mail.inbox.config': { zh: '请选择邮箱账号', en: 'please select the mail account' },
  'mail.inbox.noImap': {
    zh: '邮箱账号“{name}”未配置收件服务器（IMAP）',
    en: 'the mail account "{name}" has no incoming (IMAP) server',
  },
  'mail.inbox.syncBusy': {
    zh: '该邮箱正在收取邮件，请稍后再试',
    en: 'this mailbox is being synced already; try again shortly',
  },
  'mail.inbox.syncFailed': { zh: '收取邮件失败：{reason}', en: 'the mail sync failed: {reason}' },
})

/** What an edit may change: the message itself is as the server delivered it. */
const EDITABLE = new Set(['id', 'read', 'status', 'remark'])

const ATTACH_WHY = 'the files stored for messages the caller may read (listed by the message row)'

/**
 * The read side: each row names its account, and a detail lists its attachments (name, size, and a signed link, so
 * anyone who may read the message downloads them — not only the account that synced them). One look-up per kind
 * for the whole page.
 */
async function withNames(ctx: Ctx, rows: Row[], route: ReadRoute) {
  const configIds = [...new Set(rows.map((r) => String(r.configId)))]
  const names = new Map<string, string>()
  if (configIds.length)
    for (const c of await ctx.db
      .select({ id: emailConfig.id, name: emailConfig.name })
      .from(emailConfig)
      .where(
        and(
          tenantRows(emailConfig, ctx.actor.tenantId, {
            why: 'the names of the accounts the listed messages came from',
            withDeleted: true,
          }),
          inArray(emailConfig.id, configIds),
        ),
      ))
      names.set(c.id, c.name)
  const files = new Map<string, { id: string; name: string | null; size: number; link: string }>()
  if (route === 'detail') {
    const ids = rows.flatMap((r) =>
      String(r.attachments ?? '')
        .split(',')
        .filter(Boolean),
    )
    if (ids.length)
      for (const f of await ctx.db
        .select({ id: attach.id, name: attach.originalName, size: attach.attachSize, link: attach.link })
        .from(attach)
        .where(and(tenantRows(attach, ctx.actor.tenantId, { why: ATTACH_WHY }), inArray(attach.id, ids))))
        files.set(f.id, { ...f, link: filesOfDatabase(ctx.db)?.sign(f.link) ?? f.link })
  }
  return rows.map((r) => ({
    ...r,
    configName: names.get(String(r.configId)) ?? null,
    ...(route === 'detail'
      ? {
          attachmentList: String(r.attachments ?? '')
            .split(',')
            .filter((id) => files.has(id))
            .map((id) => files.get(id)!),
        }
      : {}),
  }))
}

/**
 * blade-email/inbox: the messages synced from the school's mailboxes — list, detail, remove, submit (read state and
 * remark) — and blade-email/config/handleSync, which fetches what is new from an account's IMAP INBOX.
 */
export const inboxResource = defineResource({
  table: emailInbox,
  path: '/api/blade-email/inbox',
  code: 'mail:inbox',
  // Messages come only from a sync: submit edits (the edit button) and never adds — the add rule below refuses.
  perms: { add: 'mail:inbox:edit' },
  search: ['subject', 'from', 'to'],
  filters: ['configId', 'read', 'status'],
  dates: ['receivedTime'],
  orderBy: (c) => [desc(c.receivedTime), desc(c.id)],
  fields: inboxFields,
  // The raw message waits here only for the parse job; nobody reads it through the API.
  hidden: ['source'],
  read: { rows: withNames },
  access: { add: () => false },
  beforeWrite: (_ctx, w) => {
    if (w.op === 'update') for (const k of Object.keys(w.values)) if (!EDITABLE.has(k)) delete w.values[k]
  },
  actions: {
    handleSync: {
      path: '/api/blade-email/config/handleSync',
      button: 'sync',
      body: looseBody('id'),
      run: async (ctx, { body, query, services }) => {
        const id = String(body.id ?? query.id ?? '')
        if (!/^\d{1,20}$/.test(id)) throw badRequest('mail.inbox.config', {}, 'id')
        // Any account of the school the caller's data scope shows on the accounts screen.
        const config = await first(
          ctx.db
            .select()
            .from(emailConfig)
            .where(and(await scope(emailConfig, ctx, { code: 'mail:config' }), eq(emailConfig.id, id))),
        )
        if (!config) throw badRequest('mail.inbox.config', {}, 'id')
        if (!services) throw new Error('handleSync needs the app services (the file store and the appliance secret)')
        return syncInbox(ctx, services, config)
      },
    },
    // The sync state of each account for the screen: last sync, its error, how far it got.
    syncState: {
      method: 'GET',
      path: '/sync-state',
      button: 'mail:inbox',
      run: async (ctx) =>
        ctx.db
          .select({
            configId: emailMailbox.configId,
            uidValidity: emailMailbox.uidValidity,
            lastUid: emailMailbox.lastUid,
            lastSyncTime: emailMailbox.lastSyncTime,
            syncError: emailMailbox.syncError,
          })
          .from(emailMailbox)
          .where(
            await scope(emailMailbox, ctx, { dataScope: false, why: 'sync state is per account, not per creator' }),
          ),
    },
  },
})

export const inboxRoutes = (s: Services) => {
  // The parse job finds the app's file store by its database (filesOfDatabase): make it known before jobs run.
  filesOf(s)
  return inboxResource.routes(s)
}
