import { and, eq, inArray, ne } from 'drizzle-orm'
// imapflow (and the MIME tables it loads) is imported when a mailbox is first synced, not when the appliance starts.
import type { ImapFlow, MessageAddressObject, MessageEnvelopeObject } from 'imapflow'
import { emailConfig, emailInbox, emailMailbox } from '../../../../db/schema/index.ts'
import type { Ctx, Services } from '../../../lib/context.ts'
import { ApiError, conflict } from '../../../lib/errors.ts'
import { newId } from '../../../lib/ids.ts'
import { checkOutbound } from '../../../lib/outbound.ts'
import { changed, first } from '../../../lib/rows.ts'
import { unseal } from '../../../lib/sealed.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { formatDateTime, now } from '../../../lib/time.ts'
import { enqueue } from '../../../lib/jobs.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import { PARSE_MAIL } from './parse-job.ts'

type ConfigRow = typeof emailConfig.$inferSelect
type MailboxRow = typeof emailMailbox.$inferSelect
type InboxInsert = typeof emailInbox.$inferInsert

const FOLDER = 'INBOX'
/** Messages imported per transaction: each batch commits its rows with the folder's new high-water UID. */
const BATCH = 500
/** How long a sync holds its folder without progress; every committed batch renews it. */
const LEASE_MS = 5 * 60_000

export interface SyncResult {
  /** Messages new to the school this time. */
  imported: number
  /** Messages already imported under an older UIDVALIDITY, renumbered in place (read state and removal kept). */
  renumbered: number
  uidValidity: number
  lastUid: number
}

const MAILBOX_WHY = 'the sync state of an account the caller was allowed to sync (read through the account’s scope)'

/** The folder's sync state row, made on first use; two first syncs at once make one (unique among live rows). */
async function mailboxOf(ctx: Ctx, config: ConfigRow): Promise<MailboxRow> {
  const where = and(
    tenantRows(emailMailbox, config.tenantId, { why: MAILBOX_WHY }),
    eq(emailMailbox.configId, config.id),
    eq(emailMailbox.folder, FOLDER),
  )
  const found = await first(ctx.db.select().from(emailMailbox).where(where))
  if (found) return found
  const stamp = now()
  await ctx.db
    .insert(emailMailbox)
    .values({
      id: newId(),
      tenantId: config.tenantId,
      configId: config.id,
      folder: FOLDER,
      createUser: ctx.actor.userId,
      createTime: stamp,
      updateTime: stamp,
    })
    .onConflictDoNothing()
  return (await first(ctx.db.select().from(emailMailbox).where(where)))!
}

/**
 * Takes the folder for this sync: a conditional update on the lease the caller saw free, so one sync at a time in any
 * process. Answers the lease and the folder's state as of the claim (a sync that ended meanwhile moved it on).
 */
async function claim(ctx: Ctx, box: MailboxRow): Promise<{ until: number; box: MailboxRow }> {
  const until = Date.now() + LEASE_MS
  const won =
    box.syncUntil <= Date.now() &&
    changed(
      await ctx.db
        .update(emailMailbox)
        .set({ syncUntil: until })
        .where(and(eq(emailMailbox.id, box.id), eq(emailMailbox.syncUntil, box.syncUntil))),
    )
  if (!won) throw conflict('mail.inbox.syncBusy')
  return { until, box: (await first(ctx.db.select().from(emailMailbox).where(eq(emailMailbox.id, box.id))))! }
}

/** An IMAP session to the account's server, its address checked against the outbound policy right before. */
async function connect(ctx: Ctx, services: Services, config: ConfigRow): Promise<ImapFlow> {
  const host = config.imapHost?.trim()
  if (!host) throw new ApiError(400, 'mail.inbox.noImap', { name: config.name }, true, 'id')
  const port = config.imapPort ?? (config.imapTls === 0 ? 143 : 993)
  const target = await checkOutbound(ctx.db, config.tenantId, `https://${host}:${port}/`, {
    field: 'imapHost',
    status: 503,
  })
  let pass = ''
  if (config.password) pass = unseal(services.jwtSecret, config.password)
  // Connect to the address just checked; TLS still verifies the certificate against the configured name.
  const imap = await import('imapflow')
  const client = new imap.ImapFlow({
    host: target.address,
    servername: host,
    port,
    secure: config.imapTls !== 0,
    auth: { user: config.username ?? '', pass },
    logger: false,
    disableAutoIdle: true,
  })
  try {
    await client.connect()
  } catch (e) {
    throw failed(e)
  }
  return client
}

/** The server's own words when it refused (a wrong password, a missing folder), else the socket's error. */
const failed = (e: unknown) => {
  const err = e as { responseText?: string; message?: string; code?: string }
  const reason = String(err.responseText || err.code || err.message || e).slice(0, 500)
  return new ApiError(503, 'mail.inbox.syncFailed', { reason })
}

const validDate = (d: Date | string | undefined) => {
  const date = d === undefined ? undefined : new Date(d)
  return date && !Number.isNaN(date.getTime()) ? date : undefined
}

interface Fetched {
  uid: number
  envelope?: MessageEnvelopeObject
  source: Buffer
  internalDate?: Date
}

const addressList = (list: MessageAddressObject[] | undefined) =>
  list?.length
    ? list
        .map((a) => (a.name ? `"${a.name.replace(/["\\]/g, '')}" <${a.address ?? ''}>` : (a.address ?? '')))
        .join(', ')
        .slice(0, 2000)
    : null

/**
 * Writes one batch: messages this school already had under an older numbering are moved to their new UID (keeping
 * read state, removal and stored attachments); the others are recorded from the server's envelope with their raw
 * source, and a parse job for them is enqueued (parse-job.ts); the folder's high-water mark is raised — all in one
 * transaction that also renews the lease, so a sync that lost its lease writes nothing.
 */
async function commitBatch(
  ctx: Ctx,
  config: ConfigRow,
  box: MailboxRow,
  lease: { until: number },
  uidValidity: number,
  batch: Fetched[],
  renumbering: boolean,
): Promise<{ imported: number; renumbered: number }> {
  if (!batch.length) return { imported: 0, renumbered: 0 }
  const rowsOfSchool = tenantRows(emailInbox, config.tenantId, { why: MAILBOX_WHY, withDeleted: true })
  const ids = [...new Set(batch.map((m) => m.envelope?.messageId).filter((m): m is string => Boolean(m)))]
  const older =
    renumbering && ids.length
      ? await ctx.db
          .select({ id: emailInbox.id, messageId: emailInbox.messageId })
          .from(emailInbox)
          .where(
            and(
              rowsOfSchool,
              eq(emailInbox.configId, config.id),
              eq(emailInbox.folder, FOLDER),
              ne(emailInbox.uidValidity, uidValidity),
              inArray(emailInbox.messageId, ids),
            ),
          )
      : []
  const oldByMessageId = new Map<string, string[]>()
  for (const o of older) oldByMessageId.set(o.messageId!, [...(oldByMessageId.get(o.messageId!) ?? []), o.id])
  const moves: { id: string; uid: number }[] = []
  const fresh: Fetched[] = []
  for (const m of batch) {
    const old = m.envelope?.messageId ? oldByMessageId.get(m.envelope.messageId)?.shift() : undefined
    if (old) moves.push({ id: old, uid: m.uid })
    else fresh.push(m)
  }
  const stamp = now()
  const rows: InboxInsert[] = fresh.map((m) => ({
    id: newId(),
    tenantId: config.tenantId,
    createUser: ctx.actor.userId,
    createDept: ctx.actor.deptIds[0] ?? null,
    createTime: stamp,
    updateUser: ctx.actor.userId,
    updateTime: stamp,
    configId: config.id,
    folder: FOLDER,
    uidValidity,
    uid: m.uid,
    messageId: m.envelope?.messageId?.slice(0, 500) ?? null,
    from: addressList(m.envelope?.from),
    to: addressList(m.envelope?.to),
    cc: addressList(m.envelope?.cc),
    subject: m.envelope?.subject?.slice(0, 1000) ?? null,
    receivedTime: formatDateTime(validDate(m.envelope?.date) ?? m.internalDate ?? new Date()),
    source: m.source,
  }))
  const next = Date.now() + LEASE_MS
  const top = Math.max(...batch.map((m) => m.uid))
  await withTransaction(ctx.db, async (tx) => {
    const held = changed(
      await tx
        .update(emailMailbox)
        .set({ uidValidity, lastUid: top, syncUntil: next, updateTime: stamp })
        .where(and(eq(emailMailbox.id, box.id), eq(emailMailbox.syncUntil, lease.until))),
    )
    if (!held) throw conflict('mail.inbox.syncBusy')
    for (const mv of moves)
      await tx.update(emailInbox).set({ uidValidity, uid: mv.uid, updateTime: stamp }).where(eq(emailInbox.id, mv.id))
    if (rows.length) {
      await tx.insert(emailInbox).values(rows).onConflictDoNothing()
      await enqueue(tx, PARSE_MAIL, { ids: rows.map((r) => r.id) }, { tenantId: config.tenantId, ref: config.id })
    }
  })
  lease.until = next
  return { imported: rows.length, renumbered: moves.length }
}

/**
 * handleSync: imports what is new in the account's INBOX. Incremental by UIDVALIDITY + UID — only UIDs above the
 * folder's high-water mark are fetched; when the server's UIDVALIDITY differs from the one recorded, the whole folder
 * is read again under the new numbering (messages the school had are recognised by Message-ID and renumbered, and
 * those the server no longer holds are removed once the folder has been read to its end).
 */
export async function syncInbox(ctx: Ctx, services: Services, config: ConfigRow): Promise<SyncResult> {
  const claimed = await claim(ctx, await mailboxOf(ctx, config))
  const box = claimed.box
  const lease = { until: claimed.until }
  let client: ImapFlow | undefined
  try {
    client = await connect(ctx, services, config)
    let opened
    try {
      opened = await client.mailboxOpen(FOLDER, { readOnly: true })
    } catch (e) {
      throw failed(e)
    }
    const uidValidity = Number(opened.uidValidity)
    const renumbered = box.uidValidity !== null && box.uidValidity !== uidValidity
    let lastUid = renumbered ? 0 : box.lastUid
    const result: SyncResult = { imported: 0, renumbered: 0, uidValidity, lastUid }
    if (renumbered || box.uidValidity === null)
      // The new numbering is recorded before anything is fetched: a sync cut short resumes under it.
      await ctx.db
        .update(emailMailbox)
        .set({ uidValidity, lastUid: 0 })
        .where(and(eq(emailMailbox.id, box.id), eq(emailMailbox.syncUntil, lease.until)))
    // Messages of an older numbering to recognise: on this change, or left live by a renumbering sync cut short.
    const renumbering =
      renumbered ||
      Boolean(
        await first(
          ctx.db
            .select({ id: emailInbox.id })
            .from(emailInbox)
            .where(
              and(
                tenantRows(emailInbox, config.tenantId, { why: MAILBOX_WHY }),
                eq(emailInbox.configId, config.id),
                eq(emailInbox.folder, FOLDER),
                ne(emailInbox.uidValidity, uidValidity),
              ),
            ),
        ),
      )
    if (opened.exists > 0 && Number(opened.uidNext) > lastUid + 1) {
      let batch: Fetched[] = []
      try {
        for await (const msg of client.fetch(
          `${lastUid + 1}:*`,
          { uid: true, source: true, envelope: true, internalDate: true },
          { uid: true },
        )) {
          // "n:*" also answers the highest message when n is above it: that one is already here.
          if (msg.uid <= lastUid || !msg.source) continue
          batch.push({
            uid: msg.uid,
            envelope: msg.envelope,
            source: msg.source,
            internalDate: validDate(msg.internalDate),
          })
          if (batch.length >= BATCH) {
            const done = await commitBatch(ctx, config, box, lease, uidValidity, batch, renumbering)
            result.imported += done.imported
            result.renumbered += done.renumbered
            lastUid = Math.max(...batch.map((m) => m.uid))
            batch = []
          }
        }
      } catch (e) {
        throw e instanceof ApiError ? e : failed(e)
      }
      const done = await commitBatch(ctx, config, box, lease, uidValidity, batch, renumbering)
      result.imported += done.imported
      result.renumbered += done.renumbered
      if (batch.length) lastUid = Math.max(...batch.map((m) => m.uid))
    }
    // Read to the end: rows of an older numbering the server did not show again are gone from the mailbox.
    await ctx.db
      .update(emailInbox)
      .set({ isDeleted: 1, updateTime: now() })
      .where(
        and(
          tenantRows(emailInbox, config.tenantId, { why: MAILBOX_WHY }),
          eq(emailInbox.configId, config.id),
          eq(emailInbox.folder, FOLDER),
          ne(emailInbox.uidValidity, uidValidity),
        ),
      )
    result.lastUid = lastUid
    await ctx.db
      .update(emailMailbox)
      .set({ syncUntil: 0, syncError: null, lastSyncTime: now() })
      .where(and(eq(emailMailbox.id, box.id), eq(emailMailbox.syncUntil, lease.until)))
    return result
  } catch (e) {
    const reason = e instanceof ApiError ? String(e.params.reason ?? e.key) : String(e)
    await ctx.db
      .update(emailMailbox)
      .set({ syncUntil: 0, syncError: reason.slice(0, 500), lastSyncTime: now() })
      .where(and(eq(emailMailbox.id, box.id), eq(emailMailbox.syncUntil, lease.until)))
    throw e
  } finally {
    await client?.logout().catch(() => client?.close())
  }
}
