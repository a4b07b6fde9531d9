import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { emailConfig, emailOutbox } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { startTestSmtp } from '../../../tests/support/smtp-server.ts'
import { uploadFile } from '../../../tests/support/upload.ts'
import { systemActor } from '../../lib/context.ts'
import { startJobRunner } from '../../lib/jobs.ts'
import { unseal } from '../../lib/sealed.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { queueMail, SEND_MAIL } from './queue.ts'
import { closeSmtpSessions } from './smtp-pool.ts'

const C = '/api/blade-email/config'
const T = '/api/blade-email/template'
const S = '/api/blade-email/strategy'
const O = '/api/blade-email/outbox'

describe('blade-email: accounts, templates, strategies and the outbox through a real SMTP server', async () => {
  // Loopback is allowed to every school here, as a platform administrator would allow the school's LAN relay.
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '127.0.0.1' })
  const smtp = await startTestSmtp({
    users: { 'office@school.test': 'right-password', 'backup@school.test': 'backup-password' },
  })
  const runner = startJobRunner(t.services, { kinds: [SEND_MAIL], pollMs: 50 })
  afterAll(async () => {
    await runner.stop()
    closeSmtpSessions()
    await smtp.close()
  })
  const admin = await t.token('admin')

  const account = async (token: string, over: Record<string, unknown> = {}) => {
    const r = await t.post(`${C}/submit`, token, {
      name: '教务处',
      host: '127.0.0.1',
      port: smtp.port,
      tlsMode: 0,
      username: 'office@school.test',
      password: 'right-password',
      fromAddress: 'office@school.test',
      fromName: '教务处',
      ...over,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.id as string
  }

  /** Waits until the outbox row left the queued state. */
  const settled = async (id: string, token = admin) => {
    for (let i = 0; i < 200; i++) {
      const r = (await t.get(`${O}/detail`, token, { id })).body.data
      if (r.status !== 0) return r
      await Bun.sleep(50)
    }
    throw new Error(`outbox row ${id} still queued`)
  }

  it('seals the password at rest, never answers it, and keeps it when the form leaves it blank', async () => {
    const id = await account(admin)
    const [stored] = await t.services.db.select().from(emailConfig).where(eq(emailConfig.id, id))
    expect(stored.password).toMatch(/^v1:/)
    expect(unseal(t.services.jwtSecret, stored.password!)).toBe('right-password')
    const detail = (await t.get(`${C}/detail`, admin, { id })).body.data
    expect(detail.password).toBeUndefined()
    expect(detail.passwordSet).toBe(1)
    expect(JSON.stringify((await t.get(`${C}/list`, admin)).body)).not.toContain('right-password')
    expect((await t.post(`${C}/submit`, admin, { id, name: '教务处（改）', password: '' })).status).toBe(200)
    const [after] = await t.services.db.select().from(emailConfig).where(eq(emailConfig.id, id))
    expect(unseal(t.services.jwtSecret, after.password!)).toBe('right-password')
  })

  it('refuses a bad host, a private address the platform has not allowed, and names the field', async () => {
    const bad = await t.call('POST', `${C}/submit`, {
      token: admin,
      lang: 'en',
      body: { name: 'x', host: 'smtp://mail.example.com', port: 25, fromAddress: 'a@b.cn' },
    })
    expect(bad).toMatchObject({ status: 400, body: { field: 'host' } })
    for (const host of ['10.1.2.3', '192.168.1.10', '169.254.169.254']) {
      const r = await t.call('POST', `${C}/submit`, {
        token: admin,
        lang: 'en',
        body: { name: 'x', host, port: 25, fromAddress: 'a@b.cn' },
      })
      expect(r.status, host).toBe(400)
      expect(r.body.field).toBe('host')
      expect(r.body.msg).toContain('private network')
    }
    const imap = await t.post(`${C}/submit`, admin, {
      name: 'x',
      host: '127.0.0.1',
      port: 25,
      fromAddress: 'a@b.cn',
      imapHost: '10.0.0.5',
      imapPort: 993,
    })
    expect(imap).toMatchObject({ status: 400, body: { field: 'imapHost' } })
    const noMail = await t.post(`${C}/submit`, admin, { name: 'x', host: '127.0.0.1', port: 25, fromAddress: 'nope' })
    expect(noMail).toMatchObject({ status: 400, body: { field: 'fromAddress' } })
  })

  it('sends a rendered template with CC and an attachment under the account login, and records the answer', async () => {
    const configId = await account(admin)
    const tpl = await t.post(`${T}/submit`, admin, {
      code: 'exam.notice',
      name: '考试通知',
      language: 'zh',
      subject: '{{ name }}同学：{{ course }}考试安排',
      content: '<p>{{ name }}，请于 {{ day }} 参加《{{ course }}》考试。</p>',
      variables: 'name, course, day',
    })
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(200)
    const file = await uploadFile(
      t,
      new File(['姓名,成绩\n张三,90\n'], '成绩.csv', { type: 'text/csv' }),
      admin,
      'download',
    )
    const sent = await t.post(`${O}/submitAndSend`, admin, {
      to: '张三 <zhangsan@example.com>',
      cc: 'teacher@example.com; parent@example.com',
      configId,
      templateId: tpl.body.data.id,
      variables: { name: '<b>张三</b>', course: '高等数学', day: '6 月 20 日', ignored: 'x' },
      attachments: file.attachId,
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const row = await settled(sent.body.data.id)
    expect(row).toMatchObject({ status: 1, configId, attempts: 1 })
    expect(row.response).toContain('250')
    const got = smtp.received.find((r) => r.messageId === row.messageId)!
    expect(got.user).toBe('office@school.test')
    expect(got.parsed.subject).toBe('<b>张三</b>同学：高等数学考试安排')
    // In the HTML body a value is text, never markup.
    expect(got.parsed.html).toContain('&lt;b&gt;张三&lt;/b&gt;，请于 6 月 20 日 参加《高等数学》考试。')
    expect(got.envelope.to.sort()).toEqual(['parent@example.com', 'teacher@example.com', 'zhangsan@example.com'])
    expect((got.parsed.cc as { text: string }).text).toContain('teacher@example.com')
    expect(got.parsed.attachments.map((a) => [a.filename, a.content.toString('utf8')])).toEqual([
      ['成绩.csv', '姓名,成绩\n张三,90\n'],
    ])
    expect(smtp.counts.get(row.messageId)).toBe(1)
  })

  it('renders only the given variables: no code, no prototype, no files', async () => {
    const make = async (code: string, content: string) => {
      const r = await t.post(`${T}/submit`, admin, { code, name: code, subject: 's', content, variables: 'name' })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data.id as string
    }
    for (const [code, content] of [
      ['esc.ctor', '{{ name.constructor }}'],
      ['esc.ctor2', "{{ name['constructor']['constructor'] }}"],
      ['esc.proto', '{{ name.__proto__ }}'],
      ['esc.global', '{{ process.env.ATRIUM_DATA_DIR }}'],
      ['esc.undeclared', '{{ secret }}'],
    ]) {
      const id = await make(code, content)
      const r = await t.post(`${T}/preview`, admin, { id, variables: { name: 'x', secret: 'hidden', process: 'p' } })
      expect(r.status, code).toBe(400)
      expect(JSON.stringify(r.body), code).not.toMatch(/function|native code|hidden|atrium-test/)
    }
    const inc = await make('esc.include', "{% include '/etc/passwd' %}")
    const r = await t.post(`${T}/preview`, admin, { id: inc, variables: { name: 'x' } })
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.body)).not.toContain('root:')
    const loop = await make('esc.loop', '{% for i in (1..100000000) %}{{ i }}{% endfor %}')
    expect((await t.post(`${T}/preview`, admin, { id: loop, variables: { name: 'x' } })).status).toBe(400)
    const bad = await t.post(`${T}/submit`, admin, { code: 'esc.syntax', name: 'x', subject: 's', content: '{% if %}' })
    expect(bad).toMatchObject({ status: 400, body: { field: 'content' } })
    const copy = await t.post(`${T}/copy`, admin, { id: inc, code: 'esc.include', language: 'en' })
    expect(copy.status).toBe(200)
    expect((await t.post(`${T}/copy`, admin, { id: inc, code: 'esc.include', language: 'en' })).status).toBe(409)
  })

  it('marks a message failed with the server’s reason when the password is wrong', async () => {
    const configId = await account(admin, { name: '错误密码', password: 'wrong-password' })
    const sent = await t.post(`${C}/sendMsg`, admin, {
      id: configId,
      to: 'someone@example.com',
      subject: '测试',
      content: '<p>hi</p>',
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const row = await settled(sent.body.data.id)
    expect(row.status).toBe(2)
    expect(row.reason).toContain('535')
    expect(smtp.counts.has(row.messageId)).toBe(false)
  })

  it('fails a message whose account was removed before it went out, with the reason, and sends nothing', async () => {
    const configId = await account(admin, { name: '已删除账户' })
    // The message and the removal commit together: when the send job runs, the account it names is gone.
    const row = await withTransaction(t.services.db, async (tx) => {
      const queued = await queueMail(tx, systemActor('000000'), {
        to: ['someone@example.com'],
        subject: '账户已删除',
        content: '<p>hi</p>',
        configId,
      })
      await tx.update(emailConfig).set({ isDeleted: 1 }).where(eq(emailConfig.id, configId))
      return queued
    })
    const done = await settled(row.id)
    expect(done.status).toBe(2)
    expect(done.reason).toContain('本校没有可用的邮箱账户')
    expect(smtp.counts.has(row.messageId)).toBe(false)
  })

  it('falls back to the second account when the first refuses, and takes accounts in turn for round robin', async () => {
    const refused = await account(admin, { name: '主账户', password: 'wrong-password' })
    const backup = await account(admin, {
      name: '备用账户',
      username: 'backup@school.test',
      password: 'backup-password',
      fromAddress: 'backup@school.test',
    })
    const fallback = await t.post(`${S}/submit`, admin, {
      name: '失败转移',
      code: 'fallback',
      mode: 1,
      configIds: `${refused},${backup}`,
    })
    expect(fallback.status, JSON.stringify(fallback.body)).toBe(200)
    const sent = await t.post(`${O}/submitAndSend`, admin, {
      to: 'someone@example.com',
      subject: '转移',
      content: '<p>fallback</p>',
      strategyId: fallback.body.data.id,
    })
    const row = await settled(sent.body.data.id)
    expect(row).toMatchObject({ status: 1, configId: backup })
    expect(row.reason).toContain('535')
    expect(smtp.received.find((r) => r.messageId === row.messageId)?.user).toBe('backup@school.test')

    const office = await account(admin, { name: '轮询甲' })
    const rr = await t.post(`${S}/submit`, admin, {
      name: '轮询',
      code: 'rr',
      mode: 2,
      configIds: `${office},${backup}`,
      isDefault: 1,
    })
    expect(rr.status).toBe(200)
    const ids: string[] = []
    for (let i = 0; i < 4; i++)
      ids.push(
        (await t.post(`${O}/submitAndSend`, admin, { to: 'rr@example.com', subject: `rr ${i}`, content: 'x' })).body
          .data.id,
      )
    const used = await Promise.all(ids.map(async (id) => (await settled(id)).configId))
    expect(used.filter((x) => x === office)).toHaveLength(2)
    expect(used.filter((x) => x === backup)).toHaveLength(2)
    // A strategy names only the school's own accounts.
    const other = await t.token('admin', 'admin', '100001')
    const foreign = await t.post(`${S}/submit`, other, { name: 'x', code: 'x', mode: 1, configIds: office })
    expect(foreign).toMatchObject({ status: 400, body: { field: 'configIds' } })
  })

  it('keeps schools apart and students out', async () => {
    const configId = await account(admin)
    const sent = await t.post(`${O}/submitAndSend`, admin, {
      to: 'a@example.com',
      subject: '本校',
      content: 'x',
      configId,
    })
    const other = await t.token('admin', 'admin', '100001')
    expect((await t.get(`${C}/detail`, other, { id: configId })).status).toBe(404)
    expect((await t.get(`${O}/detail`, other, { id: sent.body.data.id })).status).toBe(404)
    expect((await t.get(`${O}/list`, other)).body.data.records).toEqual([])
    // Another school's account is not a way out for this one.
    const foreign = await t.post(`${O}/submitAndSend`, other, {
      to: 'a@example.com',
      subject: 'x',
      content: 'x',
      configId,
    })
    expect(foreign).toMatchObject({ status: 400, body: { field: 'configId' } })
    expect(
      (await t.post(`${C}/sendMsg`, other, { id: configId, to: 'a@example.com', subject: 'x', content: 'x' })).status,
    ).toBe(404)
    const student = await t.token('student')
    expect((await t.get(`${C}/list`, student)).status).toBe(403)
    expect(
      (await t.post(`${O}/submitAndSend`, student, { to: 'a@example.com', subject: 'x', content: 'x' })).status,
    ).toBe(403)
    const [row] = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.body.data.id))
    expect(row.tenantId).toBe('000000')
  })

  it('checks recipients and names the field', async () => {
    const r = await t.call('POST', `${O}/submitAndSend`, {
      token: admin,
      lang: 'en',
      body: { to: 'a@example.com, not-an-address', subject: 'x', content: 'x' },
    })
    expect(r).toMatchObject({ status: 400, body: { field: 'to', msg: 'the e-mail address is not valid' } })
    expect((await t.post(`${O}/submitAndSend`, admin, { to: 'a@example.com', content: 'x' })).body.field).toBe(
      'subject',
    )
    expect((await t.post(`${O}/submitAndSend`, admin, { subject: 'x', content: 'x' })).body.field).toBe('to')
  })
})
