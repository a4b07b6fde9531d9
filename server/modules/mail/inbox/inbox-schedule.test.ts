/**
 * The inbox on its own (issue #29): the enabled account syncs every `mail.syncMinutes` through a durable job chain
 * (one turn queued per account, however often it is asked for; it ends when the account is no longer enabled), and a
 * parse retried after an attempt cut between storing the attachments and recording them leaves no second file.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { attach, emailConfig, emailInbox, job } from '../../../../db/schema/index.ts'
import { newId } from '../../../lib/ids.ts'
import { enqueue, startJobRunner, type JobRunner } from '../../../lib/jobs.ts'
import { seal } from '../../../lib/sealed.ts'
import { describeImap, startImap, type ImapServer } from '../../../../tests/support/imap-server.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { PARSE_MAIL } from './parse-job.ts'
import { SCHEDULED_SYNC, scheduleInboxSyncs } from './schedule.ts'

const compose = (subject: string, attachments: { filename: string; content: Buffer }[] = []) =>
  new MailComposer({
    from: 'office@school.example',
    to: 'school@school.example',
    subject,
    messageId: `<${newId()}@school.example>`,
    html: `<p>${subject}</p>`,
    attachments,
  })
    .compile()
    .build()

/** Every file under a directory, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))

describeImap('blade-email inbox: the automatic sync and a retried parse (real Dovecot)', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
  const db = t.services.db
  let imap: ImapServer
  let admin: string
  let runner: JobRunner

  const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> => {
    for (let i = 0; i < 300; i++) {
      const v = await probe()
      if (v) return v
      await Bun.sleep(50)
    }
    throw new Error(`${what} did not happen`)
  }
  const turns = (configId: string) =>
    db
      .select()
      .from(job)
      .where(and(eq(job.kind, SCHEDULED_SYNC), eq(job.ref, configId), eq(job.state, 'queued')))
  const account = async (imapHost: string | null) => {
    const id = newId()
    await db.insert(emailConfig).values({
      id,
      tenantId: '000000',
      name: `inbox ${id}`,
      host: '127.0.0.1',
      port: 25,
      tlsMode: 0,
      username: imap.user,
      password: seal(t.services.jwtSecret, imap.password),
      fromAddress: 'school@school.example',
      imapHost,
      imapPort: imap.port,
      imapTls: 0,
    })
    return id
  }

  beforeAll(async () => {
    imap = await startImap()
    runner = startJobRunner(t.services, { kinds: [PARSE_MAIL, SCHEDULED_SYNC], pollMs: 50 })
    admin = await t.token('admin')
  })
  afterAll(async () => {
    await runner?.stop()
    await imap?.stop()
  })

  it('syncs the enabled account on its own, one turn queued at a time, until it is no longer enabled', async () => {
    await imap.append([await compose('自动同步一'), await compose('自动同步二')])
    const configId = await account(imap.host)
    expect((await t.post('/api/blade-email/config/enable', admin, { id: configId })).status).toBe(200)
    // Its first turn, the school's 15 minutes from now; asked again (a start-up, a second enable) it stays one.
    const [first] = await turns(configId)
    expect(first.runAfter).toBeGreaterThan(Date.now() + 14 * 60_000)
    await scheduleInboxSyncs(db)
    expect((await t.post('/api/blade-email/config/enable', admin, { id: configId })).status).toBe(200)
    expect(await turns(configId)).toHaveLength(1)

    // The turn comes: the inbox is synced without anyone pressing sync, and the next turn is queued.
    await db.update(job).set({ runAfter: 0 }).where(eq(job.id, first.id))
    runner.wake()
    const rows = await waitFor('the automatic sync', async () => {
      const got = await db.select().from(emailInbox).where(eq(emailInbox.configId, configId))
      return got.length === 2 && got
    })
    expect(rows.map((r) => r.subject).sort()).toEqual(['自动同步一', '自动同步二'])
    const [next] = await waitFor('the next turn', async () => {
      const q = await turns(configId)
      return q.length === 1 && q[0].id !== first.id && q
    })
    expect(next.runAfter).toBeGreaterThan(Date.now() + 14 * 60_000)

    // Another account is enabled: this one's next turn syncs nothing and queues no other.
    await imap.append([await compose('停用后的邮件')])
    expect((await t.post('/api/blade-email/config/enable', admin, { id: await account(null) })).status).toBe(200)
    await db.update(job).set({ runAfter: 0 }).where(eq(job.id, next.id))
    runner.wake()
    await waitFor('the last turn', async () => {
      const [row] = await db.select().from(job).where(eq(job.id, next.id))
      return row.state === 'done'
    })
    expect(await turns(configId)).toHaveLength(0)
    expect(await db.select().from(emailInbox).where(eq(emailInbox.configId, configId))).toHaveLength(2)
  })

  it('a parse retried after a cut attempt writes over its files: no second copy in the store', async () => {
    const raw = await compose('带附件', [
      { filename: '名单.txt', content: Buffer.from('张三\n李四\n') },
      { filename: 'data.csv', content: Buffer.from('a,b\n1,2\n') },
    ])
    await imap.append([raw])
    const configId = await account(imap.host)
    expect((await t.post('/api/blade-email/config/handleSync', admin, { id: configId })).status).toBe(200)
    const parsed = () =>
      waitFor('the parse', async () => {
        const [row] = await db
          .select()
          .from(emailInbox)
          .where(and(eq(emailInbox.configId, configId), eq(emailInbox.subject, '带附件')))
        return row && row.source === null && row
      })
    const row = await parsed()
    const ids = row.attachments!.split(',')
    expect(ids).toHaveLength(2)
    const uploads = join(t.dataDir, 'uploads')
    const before = filesUnder(uploads).length

    // As an attempt cut after storing the files and before recording them leaves it: the source still there, no rows.
    await db.update(emailInbox).set({ source: raw, attachments: null }).where(eq(emailInbox.id, row.id))
    await db.delete(attach).where(inArray(attach.id, ids))
    await enqueue(db, PARSE_MAIL, { ids: [row.id] }, { tenantId: '000000', ref: configId })
    runner.wake()
    const again = await parsed()
    expect(filesUnder(uploads)).toHaveLength(before)
    const stored = await db
      .select()
      .from(attach)
      .where(inArray(attach.id, again.attachments!.split(',')))
    expect(stored.map((f) => f.originalName).sort()).toEqual(['data.csv', '名单.txt'])
    const file = stored.find((f) => f.originalName === '名单.txt')!
    const detail = (await t.get('/api/blade-email/inbox/detail', admin, { id: row.id })).body.data
    const link = detail.attachmentList.find((a: { name: string }) => a.name === '名单.txt').link
    expect(await (await t.app.handle(new Request(`http://localhost${link}`))).text()).toBe('张三\n李四\n')
    expect(file.kind).toBe('mail')
    expect(await db.select().from(emailInbox).where(isNotNull(emailInbox.source))).toHaveLength(0)
  })
})
