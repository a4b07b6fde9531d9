import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { emailInbox } from '../../../../db/schema/index.ts'
import { makeCtx, systemActor } from '../../../lib/context.ts'
import { defineJob } from '../../../lib/jobs.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { now } from '../../../lib/time.ts'
import { filesOfDatabase } from '../../resource/files.ts'
import { parseMail } from './parse.ts'

export const PARSE_MAIL = 'mail.inbox.parse'

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The second half of a sync: the messages one batch recorded are parsed (mailparser), their HTML sanitised and their
 * attachments stored, and their raw source dropped. Enqueued in the batch's own transaction, so every recorded
 * message gets parsed, after a restart too; a row already parsed (a retried job) is skipped. One job at a time: it is
 * CPU work, and the sync that feeds it must not wait for it.
 */
defineJob<{ ids: string[] }>(
  PARSE_MAIL,
  async (job) => {
    const files = filesOfDatabase(job.db)
    if (!files) throw new Error('the inbox routes of this app are not mounted: no file store to parse mail into')
    const ctx = makeCtx(job.db, systemActor(job.tenantId))
    const pending = and(
      tenantRows(emailInbox, job.tenantId, {
        why: 'a job of this school parsing the messages its sync recorded, removed ones too',
        withDeleted: true,
      }),
      inArray(emailInbox.id, job.payload.ids),
      isNotNull(emailInbox.source),
    )
    const rows = await job.db.select({ id: emailInbox.id, source: emailInbox.source }).from(emailInbox).where(pending)
    for (const [i, row] of rows.entries()) {
      // Stopping: what is left stays pending and the job runs again after the restart.
      if (job.signal.aborted) throw new Error('stopped')
      const source = Buffer.from(row.source!)
      let body
      try {
        body = await parseMail(ctx, files, source)
      } catch (e) {
        // Not MIME the parser can read: the message is kept as its text, shown escaped.
        job.log.warn({ err: e, id: row.id }, 'mail.inbox.parse: unreadable message kept as text')
        const text = source.subarray(0, 200_000).toString('utf8')
        body = { content: `<pre>${escapeHtml(text)}</pre>`, text, attachments: null }
      }
      await job.db
        .update(emailInbox)
        .set({ ...body, source: null, updateTime: now() })
        .where(and(eq(emailInbox.id, row.id), isNotNull(emailInbox.source)))
      job.progress(Math.round(((i + 1) / rows.length) * 100))
    }
  },
  { concurrency: 1 },
)
