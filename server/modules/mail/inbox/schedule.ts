import { and, eq, isNotNull } from 'drizzle-orm'
import { emailConfig, job, param } from '../../../../db/schema/index.ts'
import { makeCtx, systemActor } from '../../../lib/context.ts'
import type { Db } from '../../../lib/db.ts'
import { defineJob, enqueue } from '../../../lib/jobs.ts'
import { first } from '../../../lib/rows.ts'
import { lockRows } from '../../../lib/row-lock.ts'
import { notDeleted, tenantRows } from '../../../lib/tenant-rows.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import { mailServices } from '../services.ts'
import { syncInbox } from './sync.ts'

/** The job that syncs a school's enabled account on its own and queues its next turn. */
export const SCHEDULED_SYNC = 'mail.inbox.scheduledSync'

/** The school's parameter: minutes between automatic syncs (db/reference/areas/mail.ts); 0 turns them off. */
export const SYNC_MINUTES_KEY = 'mail.syncMinutes'
const DEFAULT_MINUTES = 15

const WHY = 'the automatic inbox sync works for the school whose account it is'

export async function syncMinutes(db: Db, tenantId: string): Promise<number> {
  const row = await first(
    db
      .select({ v: param.paramValue })
      .from(param)
      .where(and(tenantRows(param, tenantId, { why: WHY }), eq(param.paramKey, SYNC_MINUTES_KEY))),
  )
  const n = Number(row?.v ?? DEFAULT_MINUTES)
  return Number.isFinite(n) && n > 0 ? Math.min(Math.round(n), 24 * 60) : 0
}

/**
 * Queues the account's next automatic sync unless one is queued already: checked and written in one transaction
 * holding the account's row, so two processes (or a start-up and an enable at once) never leave two turns queued.
 */
export async function scheduleInboxSync(db: Db, tenantId: string, configId: string, runAfter: number) {
  await withTransaction(db, async (tx) => {
    await lockRows(tx, emailConfig, eq(emailConfig.id, configId))
    const queued = await first(
      tx
        .select({ id: job.id })
        .from(job)
        .where(and(eq(job.kind, SCHEDULED_SYNC), eq(job.ref, configId), eq(job.state, 'queued'))),
    )
    if (!queued) await enqueue(tx, SCHEDULED_SYNC, { configId }, { tenantId, ref: configId, runAfter, maxAttempts: 3 })
  })
}

/** Start-up: every enabled account with an IMAP server gets its turn (an upgraded install, a chain that ended). */
export async function scheduleInboxSyncs(db: Db) {
  const accounts = await db
    .select({ id: emailConfig.id, tenantId: emailConfig.tenantId })
    .from(emailConfig)
    .where(and(eq(emailConfig.isEnabled, 1), notDeleted(emailConfig), isNotNull(emailConfig.imapHost)))
  for (const a of accounts) {
    const minutes = await syncMinutes(db, a.tenantId)
    if (minutes) await scheduleInboxSync(db, a.tenantId, a.id, Date.now() + minutes * 60_000)
  }
}

/**
 * One automatic sync of the school's enabled account, then its next turn `mail.syncMinutes` later. The chain ends
 * when the account is no longer enabled, has no IMAP server or the school set 0 (enabling an account, or the next
 * start, begins it again). A failed sync is recorded on the mailbox (the inbox screen shows it), as a manual one is,
 * and the next turn comes all the same; a sync already running (someone pressed sync) is left to finish.
 */
defineJob<{ configId: string }>(
  SCHEDULED_SYNC,
  async (j) => {
    const config = await first(
      j.db
        .select()
        .from(emailConfig)
        .where(and(tenantRows(emailConfig, j.tenantId, { why: WHY }), eq(emailConfig.id, j.payload.configId))),
    )
    const minutes = await syncMinutes(j.db, j.tenantId)
    if (!config || config.isEnabled !== 1 || !config.imapHost?.trim() || !minutes) return
    try {
      await syncInbox(makeCtx(j.db, systemActor(j.tenantId)), mailServices(j.db), config)
    } catch (e) {
      j.log.info({ err: e, configId: config.id }, 'mail.inbox: the automatic sync did not complete')
    }
    await scheduleInboxSync(j.db, j.tenantId, config.id, Date.now() + minutes * 60_000)
  },
  { concurrency: 2 },
)
