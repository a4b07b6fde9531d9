import { createHmac } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { attach, emailInbox } from '../../../../db/schema/index.ts'
import { systemActor } from '../../../lib/context.ts'
import { defineJob } from '../../../lib/jobs.ts'
import { newId } from '../../../lib/ids.ts'
import { changed } from '../../../lib/rows.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { now } from '../../../lib/time.ts'
import { withTransaction } from '../../../lib/transaction.ts'
import { CONTENT_TYPES } from '../../resource/kinds.ts'
import { filesOfDatabase, type AttachRow, type FileService } from '../../resource/files.ts'
import { mailServices } from '../services.ts'
import { parseMail, type MailAttachment, type ParsedMail } from './parse.ts'

export const PARSE_MAIL = 'mail.inbox.parse'

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The stored file's extension: the name's own when it is a plain one, else `bin` (the file store serves it as bytes). */
const extensionOf = (name: string) => {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin'
}

/**
 * Where an inbox row's n-th attachment is stored: the same key on every attempt (unguessable still, an HMAC under
 * the appliance's secret), under the day the row was recorded. A retried parse writes over what a cut attempt
 * left instead of adding a second file.
 */
function keyOf(secret: string, row: { id: string; createTime: string | null }, index: number, ext: string) {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(row.createTime ?? '')
  const dir = day ? `${day[1]}/${day[2]}/${day[3]}` : 'mail'
  const name = createHmac('sha256', secret).update(`mail-attachment\n${row.id}\n${index}`).digest('base64url')
  return `private/${dir}/${name.slice(0, 22)}.${ext}`
}

/** Puts the attachments in the school's file store under their fixed keys; answers their blade_attach rows, unwritten. */
async function storeFiles(
  files: FileService,
  secret: string,
  tenantId: string,
  row: { id: string; createTime: string | null },
  list: MailAttachment[],
): Promise<AttachRow[]> {
  if (!list.length) return []
  const target = await files.writeTarget(tenantId)
  const actor = systemActor(tenantId)
  await mkdir(files.tmpDir, { recursive: true })
  const out: AttachRow[] = []
  for (const [i, a] of list.entries()) {
    const ext = extensionOf(a.name)
    const key = keyOf(secret, row, i, ext)
    const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream'
    const tmp = join(files.tmpDir, `${crypto.randomUUID()}.mail`)
    await writeFile(tmp, a.content)
    try {
      await target.putFile(tmp, key, contentType)
    } finally {
      await unlink(tmp).catch(() => {})
    }
    const stamp = now()
    out.push({
      id: newId(),
      tenantId,
      status: 1,
      isDeleted: 0,
      remark: null,
      createUser: actor.userId,
      createDept: null,
      createTime: stamp,
      updateUser: actor.userId,
      updateTime: stamp,
      link: `/upload/${key}`,
      domain: null,
      name: key,
      originalName: a.name,
      extension: ext,
      attachSize: a.content.length,
      contentType,
      kind: 'mail',
      isPublic: 0,
      ossId: target.id === 'local' ? null : target.id,
    })
  }
  return out
}

/**
 * The second half of a sync: the messages one batch recorded are parsed (mailparser), their HTML sanitised and their
 * attachments stored, and their raw source dropped. Enqueued in the batch's own transaction, so every recorded
 * message gets parsed, after a restart too; a row already parsed (a retried job) is skipped. Each row's files are
 * recorded with its parsed body in one transaction, under keys fixed per row (keyOf): an attempt cut between
 * storing and recording leaves no row, and its files are overwritten by the retry — never a second copy. One job
 * at a time: it is CPU work, and the sync that feeds it must not wait for it.
 */
defineJob<{ ids: string[] }>(
  PARSE_MAIL,
  async (job) => {
    const files = filesOfDatabase(job.db)
    if (!files) throw new Error('the inbox routes of this app are not mounted: no file store to parse mail into')
    const secret = mailServices(job.db).jwtSecret
    const pending = and(
      tenantRows(emailInbox, job.tenantId, {
        why: 'a job of this school parsing the messages its sync recorded, removed ones too',
        withDeleted: true,
      }),
      inArray(emailInbox.id, job.payload.ids),
      isNotNull(emailInbox.source),
    )
    const rows = await job.db
      .select({ id: emailInbox.id, source: emailInbox.source, createTime: emailInbox.createTime })
      .from(emailInbox)
      .where(pending)
    for (const [i, row] of rows.entries()) {
      // Stopping: what is left stays pending and the job runs again after the restart.
      if (job.signal.aborted) throw new Error('stopped')
      const source = Buffer.from(row.source!)
      let body: Partial<ParsedMail>
      let list: MailAttachment[] = []
      try {
        const { files: found, ...parsed } = await parseMail(source)
        body = parsed
        list = found
      } catch (e) {
        // Not MIME the parser can read: the message is kept as its text, shown escaped (its headers as the sync had them).
        job.log.warn({ err: e, id: row.id }, 'mail.inbox.parse: unreadable message kept as text')
        const text = source.subarray(0, 200_000).toString('utf8')
        body = { content: `<pre>${escapeHtml(text)}</pre>`, text }
      }
      // A store that fails throws: the job retries, and the fixed keys make the retry write the same files.
      const stored = await storeFiles(files, secret, job.tenantId, row, list)
      await withTransaction(job.db, async (tx) => {
        const won = changed(
          await tx
            .update(emailInbox)
            .set({
              ...body,
              attachments: stored.length ? stored.map((f) => f.id).join(',') : null,
              source: null,
              updateTime: now(),
            })
            .where(and(eq(emailInbox.id, row.id), isNotNull(emailInbox.source))),
        )
        // Parsed meanwhile by another run: its rows name the same keys, so these are not recorded twice.
        if (won && stored.length) await tx.insert(attach).values(stored)
      })
      job.progress(Math.round(((i + 1) / rows.length) * 100))
    }
  },
  { concurrency: 1 },
)
