import { eq, isNotNull } from 'drizzle-orm'
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { emailConfig, emailInbox, emailMailbox } from '../../../../db/schema/index.ts'
import { newId } from '../../../lib/ids.ts'
import { startJobRunner, type JobRunner } from '../../../lib/jobs.ts'
import { seal } from '../../../lib/sealed.ts'
import { describeImap, startImap, type ImapServer } from '../../../../tests/support/imap-server.ts'
import { testApp } from '../../../../tests/support/harness.ts'
import { seedDemoInbox } from './demo.ts'
import { PARSE_MAIL } from './parse-job.ts'

const INBOX = '/api/blade-email/inbox'
const SYNC = '/api/blade-email/config/handleSync'

/** A 1×1 PNG, the inline image of the HTML message. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

const compose = (o: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(o).compile().build()

let n = 0
/** A message as a school receives it: a Chinese subject, HTML with a script and a tracker, a text attachment. */
const mail = async (subject: string, extra: ConstructorParameters<typeof MailComposer>[0] = {}) =>
  compose({
    from: '"教务处" <office@school.example>',
    to: 'school@school.example',
    cc: 'head@school.example',
    subject,
    messageId: `<m${++n}.${Date.now()}@school.example>`,
    date: new Date('2026-11-20T08:00:00Z'),
    html:
      '<p onclick="steal()">期末<b>安排</b></p><script>alert(1)</script>' +
      '<img src="https://tracker.example/p.gif"><img src="cid:logo@school">',
    text: '期末安排',
    attachments: [
      { filename: '安排表.txt', content: Buffer.from('第 18 周考试\n') },
      { filename: 'logo.png', content: PIXEL, cid: 'logo@school', contentType: 'image/png' },
    ],
    ...extra,
  })

describeImap('blade-email inbox: IMAP sync into the school’s inbox (real Dovecot)', async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '000000=127.0.0.1' })
  let imap: ImapServer
  let admin: string
  let configId: string
  let runner: JobRunner

  /** Waits for the parse jobs the syncs enqueued: every recorded message parsed, its raw source dropped. */
  const parsed = async () => {
    for (let i = 0; i < 200; i++) {
      const left = await t.services.db
        .select({ id: emailInbox.id })
        .from(emailInbox)
        .where(isNotNull(emailInbox.source))
      if (!left.length) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('the parse jobs did not finish')
  }

  /** An account of school 000000 reading the test server, its password sealed as the accounts screen stores it. */
  const account = async (o: { password?: string; imapHost?: string; tenantId?: string } = {}) => {
    const id = newId()
    await t.services.db.insert(emailConfig).values({
      id,
      tenantId: o.tenantId ?? '000000',
      name: `inbox ${id}`,
      host: '127.0.0.1',
      port: 25,
      tlsMode: 0,
      username: imap.user,
      password: seal(t.services.jwtSecret, o.password ?? imap.password),
      fromAddress: 'school@school.example',
      imapHost: o.imapHost ?? imap.host,
      imapPort: imap.port,
      imapTls: 0,
    })
    return id
  }

  beforeAll(async () => {
    imap = await startImap()
    runner = startJobRunner(t.services, { kinds: [PARSE_MAIL], pollMs: 50 })
    admin = await t.token('admin')
    await imap.append([
      await mail('期末考试安排'),
      await mail('第二封：课程通知'),
      await mail('plain', { html: undefined, attachments: [], text: 'only text <b>not bold</b>' }),
    ])
    configId = await account()
  })
  afterAll(async () => {
    await runner?.stop()
    await imap?.stop()
  })

  it('imports every message on the first sync: Chinese subjects, sanitised HTML, attachments in the file store', async () => {
    const r = await t.post(SYNC, admin, { id: configId })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ imported: 3, renumbered: 0, lastUid: 3 })
    // Recorded at once from the server's envelope; the bodies follow from the parse job.
    const recorded = (await t.get(`${INBOX}/list`, admin, { configId, size: 50 })).body.data.records as any[]
    expect(recorded.map((m) => m.subject).sort()).toEqual(['plain', '期末考试安排', '第二封：课程通知'])
    await parsed()
    const list = await t.get(`${INBOX}/list`, admin, { configId, size: 50 })
    expect(list.body.data.total).toBe(3)
    const row = list.body.data.records.find((m: any) => m.subject === '期末考试安排')
    expect(row).toMatchObject({ from: '"教务处" <office@school.example>', cc: 'head@school.example', read: 0 })
    expect(row.configName).toBe(`inbox ${configId}`)
    expect(row.receivedTime).toMatch(/^2026-11-20 /)
    expect(row).not.toHaveProperty('source')

    const detail = (await t.get(`${INBOX}/detail`, admin, { id: row.id })).body.data
    expect(detail.content).toContain('期末<b>安排</b>')
    expect(detail.content).not.toMatch(/script|onclick|tracker\.example|cid:/)
    // The inline image is shown from the message itself, as a data: URL.
    expect(detail.content).toContain(`data:image/png;base64,${PIXEL.toString('base64')}`)
    expect(detail.text).toContain('期末安排')
    expect(detail.attachmentList.map((a: any) => a.name).sort()).toEqual(['logo.png', '安排表.txt'])
    const txt = detail.attachmentList.find((a: any) => a.name === '安排表.txt')
    const file = await t.app.handle(new Request(`http://localhost${txt.link}`))
    expect(file.status).toBe(200)
    expect(await file.text()).toBe('第 18 周考试\n')

    const plain = list.body.data.records.find((m: any) => m.subject === 'plain')
    const plainDetail = (await t.get(`${INBOX}/detail`, admin, { id: plain.id })).body.data
    expect(plainDetail.content).toContain('only text &lt;b&gt;not bold&lt;/b&gt;')
    expect(plainDetail.attachmentList).toEqual([])
  })

  it('a second sync fetches only what is new', async () => {
    expect((await t.post(SYNC, admin, { id: configId })).body.data).toMatchObject({ imported: 0, lastUid: 3 })
    await imap.append([await mail('新的一封'), await mail('又一封')])
    expect((await t.post(SYNC, admin, { id: configId })).body.data).toMatchObject({ imported: 2, lastUid: 5 })
    await parsed()
    expect((await t.get(`${INBOX}/list`, admin, { configId })).body.data.total).toBe(5)
    const state = (await t.get(`${INBOX}/sync-state`, admin)).body.data.find((s: any) => s.configId === configId)
    expect(state).toMatchObject({ lastUid: 5, syncError: null, uidValidity: await imap.uidValidity() })
  })

  it('a UIDVALIDITY change reads the folder again: known messages renumbered, read and removed state kept', async () => {
    const records = (await t.get(`${INBOX}/list`, admin, { configId, size: 50 })).body.data.records as any[]
    const readOne = records.find((m) => m.subject === '新的一封')
    const removed = records.find((m) => m.subject === '又一封')
    expect((await t.post(`${INBOX}/submit`, admin, { id: readOne.id, read: 1 })).status).toBe(200)
    expect((await t.post(`${INBOX}/remove`, admin, undefined, { ids: removed.id })).status).toBe(200)

    const before = await imap.uidValidity()
    const after = await imap.renumber()
    expect(after).not.toBe(before)
    await imap.append([await mail('重建后的新邮件')])
    const r = (await t.post(SYNC, admin, { id: configId })).body.data
    expect(r).toMatchObject({ uidValidity: after, imported: 1, renumbered: 5, lastUid: 6 })
    await parsed()

    const now = (await t.get(`${INBOX}/list`, admin, { configId, size: 50 })).body.data
    expect(now.total).toBe(5)
    expect(now.records.find((m: any) => m.id === readOne.id)).toMatchObject({ read: 1, uidValidity: after })
    expect(now.records.map((m: any) => m.id)).not.toContain(removed.id)
    expect((await t.post(SYNC, admin, { id: configId })).body.data).toMatchObject({ imported: 0, renumbered: 0 })
  })

  it('an edit changes only the read state, status and remark; messages come only from a sync', async () => {
    const row = (await t.get(`${INBOX}/list`, admin, { configId })).body.data.records[0]
    const r = await t.post(`${INBOX}/submit`, admin, { id: row.id, read: 1, subject: '改写', remark: '已处理' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ subject: row.subject, read: 1, remark: '已处理' })
    const added = await t.post(`${INBOX}/submit`, admin, { configId, uidValidity: 1, uid: 99, subject: 'x' })
    expect(added.status).toBe(403)
    expect((await t.post(`${INBOX}/submit`, admin, { id: row.id, read: 7 })).status).toBe(400)
  })

  it("a wrong password fails with the server's reason, kept for the screen", async () => {
    const bad = await account({ password: 'wrong' })
    const r = await t.call('POST', SYNC, { token: admin, body: { id: bad }, lang: 'en' })
    expect(r.status).toBe(503)
    expect(r.body.msg).toMatch(/^the mail sync failed: .*Authentication failed/i)
    const state = (await t.get(`${INBOX}/sync-state`, admin)).body.data.find((s: any) => s.configId === bad)
    expect(state.syncError).toMatch(/Authentication failed/i)
  })

  it('refuses a private IMAP host the platform has not allowed, and a second sync while one runs', async () => {
    const lan = await account({ imapHost: '10.1.2.3' })
    const r = await t.call('POST', SYNC, { token: admin, body: { id: lan }, lang: 'en' })
    expect(r).toMatchObject({ status: 503, body: { field: 'imapHost' } })
    expect(r.body.msg).toContain('10.1.2.3')

    await t.services.db
      .update(emailMailbox)
      .set({ syncUntil: Date.now() + 60_000 })
      .where(eq(emailMailbox.configId, configId))
    const busy = await t.call('POST', SYNC, { token: admin, body: { id: configId }, lang: 'en' })
    expect(busy).toMatchObject({
      status: 409,
      body: { msg: 'this mailbox is being synced already; try again shortly' },
    })
    await t.services.db.update(emailMailbox).set({ syncUntil: 0 }).where(eq(emailMailbox.configId, configId))
    expect((await t.call('POST', SYNC, { token: admin, body: {} })).status).toBe(400)
  })

  it('keeps schools apart and students out', async () => {
    const row = (await t.get(`${INBOX}/list`, admin, { configId })).body.data.records[0]
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${INBOX}/detail`, other, { id: row.id })).status).toBe(404)
    expect((await t.get(`${INBOX}/list`, other)).body.data.total).toBe(0)
    expect((await t.post(`${INBOX}/remove`, other, undefined, { ids: row.id })).status).toBe(404)
    // Another school cannot sync this school's account (it is not among its accounts).
    expect((await t.post(SYNC, other, { id: configId })).status).toBe(400)
    expect((await t.get(`${INBOX}/sync-state`, other)).body.data).toEqual([])
    const student = await t.token('student')
    expect((await t.get(`${INBOX}/list`, student)).status).toBe(403)
    expect((await t.post(SYNC, student, { id: configId })).status).toBe(403)
  })

  it("seeds a school's demo inbox under its first account, and nothing where it has none", async () => {
    await seedDemoInbox(t.services.db, '100009')
    await account({ tenantId: '100001' })
    await seedDemoInbox(t.services.db, '100001')
    const other = await t.token('admin', 'admin', '100001')
    const demo = (await t.get(`${INBOX}/list`, other)).body.data
    expect(demo.records.map((m: any) => m.subject).sort()).toEqual(['关于期末考试安排的通知', '实验室设备检修安排'])
    const detail = (await t.get(`${INBOX}/detail`, other, { id: demo.records[0].id })).body.data
    expect(detail.content).toMatch(/<p>/)
    const none = await t.services.db.select().from(emailInbox).where(eq(emailInbox.tenantId, '100009'))
    expect(none).toEqual([])
  })
})
