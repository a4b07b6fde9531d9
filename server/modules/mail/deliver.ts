import { Readable } from 'node:stream'
import MailComposer from 'nodemailer/lib/mail-composer'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { attach, emailConfig, emailOutbox, emailStrategy } from '../../../db/schema/index.ts'
import { ApiError } from '../../lib/errors.ts'
import { defineJob, type JobContext } from '../../lib/jobs.ts'
import { dbEngine, type Db } from '../../lib/db.ts'
import { changed, first } from '../../lib/rows.ts'
import { unseal } from '../../lib/sealed.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { writeBatches } from '../../lib/write-batch.ts'
import { bound, prepared } from '../../lib/prepared.ts'
import { now } from '../../lib/time.ts'
import { filesOf } from '../resource/files.ts'
import { SEND_CONCURRENCY, SEND_MAIL, type OutboxRow } from './queue.ts'
import { reasonOf } from './reasons.ts'
import { mailServices } from './services.ts'
import { withSmtp } from './smtp-pool.ts'
import { strategyConfigIds } from './strategy.ts'

/**
 * What sending reads of a message and of an account: half of each row's columns, the rest (who wrote it, remarks,
 * IMAP settings…) stays in the database — converting them was a fifth of reading a message.
 */
const sending = {
  id: emailOutbox.id,
  tenantId: emailOutbox.tenantId,
  status: emailOutbox.status,
  configId: emailOutbox.configId,
  strategyId: emailOutbox.strategyId,
  to: emailOutbox.to,
  cc: emailOutbox.cc,
  bcc: emailOutbox.bcc,
  subject: emailOutbox.subject,
  content: emailOutbox.content,
  attachments: emailOutbox.attachments,
  messageId: emailOutbox.messageId,
  handoverTime: emailOutbox.handoverTime,
}
const account = {
  id: emailConfig.id,
  tenantId: emailConfig.tenantId,
  updateTime: emailConfig.updateTime,
  name: emailConfig.name,
  host: emailConfig.host,
  port: emailConfig.port,
  tlsMode: emailConfig.tlsMode,
  username: emailConfig.username,
  password: emailConfig.password,
  fromAddress: emailConfig.fromAddress,
  fromName: emailConfig.fromName,
  isEnabled: emailConfig.isEnabled,
}
type Message = Pick<OutboxRow, keyof typeof sending>
type Account = Pick<typeof emailConfig.$inferSelect, keyof typeof account>

const WHY = 'the send job works for the school that wrote the message'

/**
 * What every message passes through, compiled once per database (prepared.ts): the outbox sends a job a message,
 * and building these queries anew cost more than running them.
 */
const statements = (db: Db) =>
  prepared(db, 'mail.deliver', (d) => {
    const own = <T extends typeof emailOutbox | typeof emailConfig | typeof emailStrategy>(t: T) =>
      tenantRows(t, sql.placeholder('tenantId'), { why: WHY })
    const queued = and(eq(emailOutbox.id, sql.placeholder('id')), eq(emailOutbox.status, 0))
    return {
      // The row with the account it names (sendMsg, the appliance's own mails): one statement where two were.
      row: d
        .select({ row: sending, named: account })
        .from(emailOutbox)
        .leftJoin(emailConfig, and(own(emailConfig), eq(emailConfig.id, emailOutbox.configId)))
        .where(and(own(emailOutbox), eq(emailOutbox.id, sql.placeholder('id'))))
        .prepare(),
      accounts: d.select(account).from(emailConfig).where(own(emailConfig)).prepare(),
      strategyById: d
        .select()
        .from(emailStrategy)
        .where(and(own(emailStrategy), eq(emailStrategy.id, sql.placeholder('strategyId'))))
        .prepare(),
      defaultStrategy: d
        .select()
        .from(emailStrategy)
        .where(and(own(emailStrategy), eq(emailStrategy.isDefault, 1)))
        .prepare(),
      markHandover: d
        .update(emailOutbox)
        .set({ handoverTime: bound('at') })
        .where(queued)
        .prepare(),
      recordSent: d
        .update(emailOutbox)
        .set({
          status: 1,
          sentTime: bound('stamp'),
          configId: bound('configId'),
          response: bound('response'),
          reason: bound('reason'),
          attempts: bound('attempt'),
          updateTime: bound('stamp'),
        })
        .where(queued)
        .prepare(),
    }
  })

/** The handover mark (below), committed with the other writes of the same moment (write-batch.ts). */
const markHandover = writeBatches((tx: Db, v: { id: string; at: number }) => statements(tx).markHandover.execute(v))

/**
 * The accounts to try, in order: the one the message names (sendMsg); else its strategy or the school's default
 * strategy — in order for "fall back", from the next turn for "round robin" (the turn moves by one conditional
 * UPDATE, so processes share it) and then on through the others; else the school's enabled account.
 */
async function accountsFor(db: Db, row: Message, named: Account | null): Promise<Account[]> {
  if (row.configId) return named ? [named] : []
  const q = statements(db)
  const all = await q.accounts.execute({ tenantId: row.tenantId })
  const byId = new Map(all.map((a) => [a.id, a]))
  const strategy = await first(
    row.strategyId
      ? q.strategyById.execute({ tenantId: row.tenantId, strategyId: row.strategyId })
      : q.defaultStrategy.execute({ tenantId: row.tenantId }),
  )
  if (!strategy) return all.filter((a) => a.isEnabled === 1)
  const ids = strategyConfigIds(strategy).filter((id) => byId.has(id))
  if (strategy.mode === 2 && ids.length > 1) {
    const turn = await first(
      db
        .update(emailStrategy)
        .set({ cursor: sql`${emailStrategy.cursor} + 1` })
        .where(eq(emailStrategy.id, strategy.id))
        .returning({ cursor: emailStrategy.cursor }),
    )
    const start = ((turn?.cursor ?? 1) - 1) % ids.length
    ids.push(...ids.splice(0, start))
  }
  return ids.map((id) => byId.get(id)!)
}

/** The message's files from the school's file store, as attachments. */
async function attachmentsOf(db: Db, row: Message) {
  const ids = (row.attachments ?? '').split(',').filter(Boolean)
  if (!ids.length) return []
  const files = filesOf(mailServices(db))
  const rows = await db
    .select()
    .from(attach)
    .where(and(tenantRows(attach, row.tenantId, { why: WHY }), inArray(attach.id, ids)))
  return Promise.all(
    rows.map(async (f) => ({
      filename: f.originalName ?? f.name,
      contentType: f.contentType ?? undefined,
      content: Buffer.from(await new Response(await (await files.adapterOf(f)).body(f.name)).arrayBuffer()),
    })),
  )
}

/**
 * The message's bytes for the SMTP client, which pipes them into DATA after the server's 354 and sends the final
 * dot when this stream ends. The end is written inside the transaction that marks the row handed over: the first
 * read gives the whole message; the second opens the transaction, marks the row, ends the stream, waits the few
 * ticks in which the client writes the dot to the socket, and commits. So the mark exists exactly when the dot went
 * out: a crash before the commit rolls the mark back and the server, if the dot reached it at all, is the only
 * place that knows — the window is those ticks between the dot's write and the COMMIT's; a crash after it finds
 * the mark, and the message is recorded as sent, never sent twice. Marking in a transaction of its own before the
 * dot would lose messages instead: PostgreSQL still commits a statement a killed process had sent, and a
 * statement sent after the dot would come a whole round trip late (measured with tests/multi-process/mail-kill).
 *
 * This is the one transaction that awaits something besides its queries, deliberately: nothing but the socket
 * write of five bytes already due, bounded by DOT_MS, and on SQLite it holds the other statements for that long.
 */
const DOT_MS = 5_000

class Handover extends Readable {
  private reads = 0
  /** The mark committed: the dot went to the server. */
  marked = false
  constructor(
    private readonly bytes: Buffer,
    private readonly mark: (end: () => Promise<void>) => Promise<void>,
  ) {
    super()
  }
  override _read() {
    this.reads++
    if (this.reads === 1) this.push(this.bytes)
    else if (this.reads === 2)
      this.mark(() => this.end()).then(
        () => (this.marked = true),
        (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
      )
  }
  /** Ends the stream and resolves once the client had the ticks to write the dot (or the stream broke). */
  private end(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the final dot was not written in time')), DOT_MS)
      const done = (err?: Error) => {
        clearTimeout(timer)
        if (err) reject(err)
        else setImmediate(resolve)
      }
      this.once('end', () => done())
      this.once('error', done)
      this.once('close', () => (this.readableEnded ? undefined : done(new Error('the message stream was closed'))))
      this.push(null)
    })
  }
}

interface Attempt {
  ok: boolean
  response?: string
  /** The account refused for good (login, a 5xx, the outbound policy): no retry of it helps. */
  permanent?: boolean
  /** Handed over and no answer came: the server may hold the message. */
  unknown?: boolean
  reason?: string
}

const smtpReason = (e: unknown) => {
  const err = e as { message?: string; response?: string; code?: string }
  return (
    (err.response && !String(err.message).includes(err.response) ? `${err.message} (${err.response})` : err.message) ??
    String(e)
  )
}

async function sendThrough(
  db: Db,
  row: Message,
  a: Account,
  attachments: Awaited<ReturnType<typeof attachmentsOf>>,
): Promise<Attempt> {
  const s = mailServices(db)
  const to = row.to.split(',').map((x) => x.trim())
  const cc = (row.cc ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
  const bcc = (row.bcc ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
  const node = new MailComposer({
    from: { name: a.fromName ?? '', address: a.fromAddress },
    to,
    cc,
    subject: row.subject,
    html: row.content,
    messageId: row.messageId,
    date: new Date(),
    attachments,
  }).compile()
  const bytes = await node.build()
  const markRow = async (q: Db) => {
    const n = changed(await markHandover(q, { id: row.id, at: Date.now() }))
    if (!n) throw new Error('the message was removed or recorded meanwhile')
  }
  const stream = new Handover(bytes, async (end) => {
    // SQLite commits inside this process, synchronously: a crash cannot fall between the commit and this process
    // knowing of it, so the mark commits first (with the other sends' writes of that moment) and the dot follows in
    // the next ticks, without holding the connection's gate from every other statement meanwhile.
    if (dbEngine(db) === 'sqlite') {
      await markRow(db)
      await end()
    } else
      await withTransaction(db, async (tx) => {
        await markRow(tx)
        await end()
      })
  })
  try {
    const info = await withSmtp(
      db,
      { ...a, password: () => (a.password ? unseal(s.jwtSecret, a.password) : null) },
      (conn) =>
        new Promise<{ response: string }>((resolve, reject) =>
          conn.send({ from: a.fromAddress, to: [...to, ...cc, ...bcc] }, stream, (err, info) =>
            err ? reject(err) : resolve(info as { response: string }),
          ),
        ),
    )
    return { ok: true, response: info.response }
  } catch (e) {
    const err = e as { code?: string; responseCode?: number }
    if (e instanceof ApiError) return { ok: false, permanent: true, reason: reasonOf(e) }
    // Handed over and no answer: the server may have taken it. Otherwise it has not (no dot, or it said no).
    if (stream.marked && !err.responseCode) return { ok: false, unknown: true, reason: smtpReason(e) }
    if (stream.marked) await clearHandover(db, row.id)
    const permanent = err.code === 'EAUTH' || (err.responseCode ?? 0) >= 500
    return { ok: false, permanent, reason: smtpReason(e) }
  }
}

const clearHandover = (db: Db, id: string) =>
  db
    .update(emailOutbox)
    .set({ handoverTime: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 0)))

/** The end of a message: sent or failed, recorded only while it is still queued (a second record changes nothing). */
const record = (db: Db, row: Message, job: JobContext, v: Partial<OutboxRow>) =>
  db
    .update(emailOutbox)
    .set({ ...v, attempts: job.attempt, updateTime: now() })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 0)))

/**
 * Sends one outbox row (the job `mail.send`, written with the row by queue.ts): through its accounts in order until
 * one takes it; records the server's answer (sent), or the reasons (failed) when every account refused for good or
 * the last try ran out; otherwise keeps it queued with the reason and lets the job retry with back-off. A row
 * already sent or failed is left alone (the job re-ran after its record), and a row handed over by an attempt that
 * never came back is recorded as sent, not sent again: its Message-ID is the row's, fixed when it was written.
 */
defineJob<{ id: string }>(
  SEND_MAIL,
  async (job) => {
    const db = job.db
    const { row, named } =
      (await first(statements(db).row.execute({ tenantId: job.tenantId, id: job.payload.id }))) ?? {}
    if (!row || row.status !== 0) return
    if (row.handoverTime) {
      await record(db, row, job, { status: 1, sentTime: now(), response: '@mail.assumedSent' })
      return
    }
    const accounts = await accountsFor(db, row, named ?? null)
    if (!accounts.length) {
      await record(db, row, job, { status: 2, reason: '@mail.noAccount' })
      return
    }
    const files = await attachmentsOf(db, row)
    const reasons: string[] = []
    let retry = false
    for (const a of accounts) {
      if (job.signal.aborted) throw new Error('stopped')
      const r = await sendThrough(db, row, a, files)
      if (r.ok) {
        // Recorded with the job's end (jobs.ts, FinalWrite): a crash before that commit finds the handover mark.
        const sent = {
          id: row.id,
          stamp: now(),
          configId: a.id,
          response: r.response ?? null,
          reason: reasons.join('\n') || null,
          attempt: job.attempt,
        }
        return (tx) => statements(tx).recordSent.execute(sent)
      }
      reasons.push(`${a.name}: ${r.reason}`)
      // The server may hold it: trying another account could deliver it twice; the next attempt records it.
      if (r.unknown) throw new Error(r.reason)
      if (!r.permanent) retry = true
    }
    const reason = reasons.join('\n').slice(0, 2000)
    if (retry && !job.lastAttempt) {
      await db
        .update(emailOutbox)
        .set({ reason, attempts: job.attempt, updateTime: now() })
        .where(eq(emailOutbox.id, row.id))
      throw new Error(reason)
    }
    await record(db, row, job, { status: 2, reason })
  },
  // A school's notice is thousands of messages, a job each: 24 claimed ahead of the 8 sending (the bench: 8 ahead gave
  // 0.69–0.74 of nodemailer alone, 24 ahead 0.76–0.80, 56 no better). What waits ahead keeps its lease, goes back on stop.
  { concurrency: SEND_CONCURRENCY, backoffMs: 5_000, prefetch: 3 * SEND_CONCURRENCY },
)
