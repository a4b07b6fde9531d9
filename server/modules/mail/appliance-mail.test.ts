/**
 * The appliance's own mails (issue #29): a workflow reminder and copy, released exam results and the lost-password
 * link (which then sets the password once, before it expires), each through the
 * school's editable template (zh or en) and the durable outbox to a real SMTP server; every school has the
 * templates, a school created later and one that predates them too; a school without an enabled account records
 * nothing and the action still succeeds.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { emailOutbox, emailTemplate, passwordReset, paperTimeUser, user, wfInstance } from '../../../db/schema/index.ts'
import { testApp } from '../../../tests/support/harness.ts'
import { seededPeople } from '../../../tests/support/people.ts'
import { startTestSmtp } from '../../../tests/support/smtp-server.ts'
import { makeCtx } from '../../lib/context.ts'
import { newId } from '../../lib/ids.ts'
import { startJobRunner } from '../../lib/jobs.ts'
import { formatDateTime } from '../../lib/time.ts'
import { md5Hex } from '../auth/password.ts'
import * as ops from '../workflow/engine/operations.ts'
import { APPLIANCE_TEMPLATES, seedApplianceTemplatesEverywhere } from './appliance-templates.ts'
import { SEND_MAIL } from './queue.ts'
import { closeSmtpSessions } from './smtp-pool.ts'

const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))
const codes = APPLIANCE_TEMPLATES.map(([code]) => code)
const FORGOT = '/api/blade-auth/password/forgot'
const RESET = '/api/blade-auth/password/reset'

describe("the appliance's own mails through the school's templates and outbox", async () => {
  const t = await testApp({ ATRIUM_OUTBOUND_ALLOW: '127.0.0.1' })
  const smtp = await startTestSmtp()
  const runner = startJobRunner(t.services, { kinds: [SEND_MAIL], pollMs: 50 })
  afterAll(async () => {
    await runner.stop()
    closeSmtpSessions()
    await smtp.close()
  })
  const db = t.services.db
  const admin = await t.token('admin')
  const as = await seededPeople(t.services)
  const teacher = as('teacher')
  const manager = as('manager')
  const student = as('student')
  for (const [ctx, email] of [
    [teacher, 'teacher@school.test'],
    [manager, 'manager@school.test'],
    [student, 'student@school.test'],
  ] as const)
    await db.update(user).set({ email, realName: ctx.actor.account.toUpperCase() }).where(eq(user.id, ctx.actor.userId))

  const outboxOf = (source: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.tenantId, '000000'), eq(emailOutbox.source, source)))
  /** The messages the SMTP server received for `to`, once `n` of them arrived. */
  const receivedBy = async (to: string, n = 1) => {
    for (let i = 0; i < 200; i++) {
      const got = smtp.received.filter((r) => r.envelope.to.includes(to))
      if (got.length >= n) return got
      await Bun.sleep(50)
    }
    throw new Error(`${to} received fewer than ${n} messages`)
  }
  const startLeave = async () => {
    const s = await ops.startProcess(teacher, {
      processDefinitionKey: 'leave',
      variables: { days: 3, taskUser: manager.actor.userId },
    })
    return { ...s, taskId: s.taskIds[0] }
  }

  it('gives every school the templates in zh and en, a school created later, and one that predates them', async () => {
    const templates = async (tenantId: string) =>
      (
        await db
          .select()
          .from(emailTemplate)
          .where(and(eq(emailTemplate.tenantId, tenantId), inArray(emailTemplate.code, codes)))
      )
        .map((r) => `${r.code}|${r.language}`)
        .sort()
    const all = codes.flatMap((c) => [`${c}|en`, `${c}|zh`]).sort()
    expect(await templates('000000')).toEqual(all)
    expect(await templates('100001')).toEqual(all)
    const created = await t.post('/api/blade-system/tenant/submit', admin, { tenantName: '邮件中学' })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    expect(await templates(created.body.data.tenantId)).toEqual(all)
    // A school from before a template existed gets it at the next start; one its administrator removed stays removed.
    await db
      .delete(emailTemplate)
      .where(and(eq(emailTemplate.tenantId, '100001'), eq(emailTemplate.code, 'exam.released')))
    await db
      .update(emailTemplate)
      .set({ isDeleted: 1 })
      .where(and(eq(emailTemplate.tenantId, '100001'), eq(emailTemplate.code, 'workflow.copy')))
    expect(await seedApplianceTemplatesEverywhere(db)).toBe(2)
    expect(await seedApplianceTemplatesEverywhere(db)).toBe(0)
    const live = await db
      .select()
      .from(emailTemplate)
      .where(and(eq(emailTemplate.tenantId, '100001'), eq(emailTemplate.isDeleted, 0)))
    expect(live.filter((r) => r.code === 'exam.released')).toHaveLength(2)
    expect(live.filter((r) => r.code === 'workflow.copy')).toHaveLength(0)
  })

  it('without an enabled account, an urge and a copy succeed and record no mail', async () => {
    const s = await startLeave()
    expect(await ops.urgeTask(teacher, { taskId: s.taskId })).toBe(true)
    expect(await ops.copyTask(teacher, { taskId: s.taskId, userIds: student.actor.userId })).toBe(true)
    expect(await outboxOf('workflow.urge')).toHaveLength(0)
    expect(await outboxOf('workflow.copy')).toHaveLength(0)
    // A lost password: the same answer, and no link is kept that nobody received.
    const asked = await t.post(FORGOT, undefined, { account: 'manager' })
    expect(asked.status).toBe(200)
    expect(await outboxOf('auth.resetPassword')).toHaveLength(0)
    expect(await db.select().from(passwordReset)).toHaveLength(0)
  })

  it('sends the urge and the copy through the templates, as the administrator edited them, in the asker’s language', async () => {
    const account = await t.post('/api/blade-email/config/submit', admin, {
      name: '教务处',
      host: '127.0.0.1',
      port: smtp.port,
      tlsMode: 0,
      fromAddress: 'office@school.test',
      fromName: '教务处',
    })
    expect(account.status, JSON.stringify(account.body)).toBe(200)
    expect((await t.post('/api/blade-email/config/enable', admin, { id: account.body.data.id })).status).toBe(200)
    // The administrator edits the Chinese reminder in the template screen.
    const [zhUrge] = await db
      .select()
      .from(emailTemplate)
      .where(
        and(
          eq(emailTemplate.tenantId, '000000'),
          eq(emailTemplate.code, 'workflow.urge'),
          eq(emailTemplate.language, 'zh'),
        ),
      )
    const edited = await t.post('/api/blade-email/template/submit', admin, {
      id: zhUrge.id,
      subject: '请尽快办理：{{ process }}',
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)

    const s = await startLeave()
    await ops.urgeTask(teacher, { taskId: s.taskId })
    const [urge] = await receivedBy('manager@school.test')
    const [inst] = await db.select().from(wfInstance).where(eq(wfInstance.id, s.processInstanceId))
    expect(urge.parsed.subject).toBe(`请尽快办理：${inst.name}`)
    expect(urge.parsed.html).toContain('TEACHER 提醒您')
    expect(urge.parsed.html).toContain('MANAGER，您好')
    expect(urge.envelope.from).toBe('office@school.test')
    const [row] = await outboxOf('workflow.urge')
    expect(row).toMatchObject({ to: 'manager@school.test', templateId: zhUrge.id })

    // In English for a teacher working in English: the English template, the same values.
    const english = makeCtx(db, teacher.actor, 'en')
    await ops.copyTask(english, { taskId: s.taskId, userIds: [manager.actor.userId, student.actor.userId].join(',') })
    const [copy] = await receivedBy('student@school.test')
    expect(copy.parsed.subject).toMatch(/^For your information: /)
    expect(copy.parsed.html).toContain('Dear STUDENT')
    expect(copy.parsed.html).toContain('TEACHER copied you')
    expect(await receivedBy('manager@school.test', 2)).toHaveLength(2)
    expect(await outboxOf('workflow.copy')).toHaveLength(2)
  })

  it('tells each scored candidate their result when results are released, once', async () => {
    const tt = await t.token('teacher')
    const q = await t.post('/api/hm-question/question/submit', tt, {
      type: 1,
      content: '1+1=?',
      options: [
        { content: '1', isCorrect: 0 },
        { content: '2', isCorrect: 1 },
      ],
    })
    const paper = await t.post('/api/hm-paper/paper/submit', tt, {
      name: '邮件试卷',
      type: 2,
      questions: [{ questionId: q.body.data.id, score: 100 }],
    })
    const exam = await t.post('/api/hm-paperTime/paperTime/submit', tt, {
      title: '期中考试',
      startTime: at(-60),
      endTime: at(-1),
      duration: 30,
      paperIds: paper.body.data.id,
    })
    expect(exam.status, JSON.stringify(exam.body)).toBe(200)
    const examId = exam.body.data.id as string
    // A corrected sitting, as marking leaves it.
    await db.insert(paperTimeUser).values({
      id: newId(),
      tenantId: '000000',
      paperTimeId: examId,
      userId: student.actor.userId,
      paperId: paper.body.data.id,
      state: 3,
      startTime: at(-50),
      deadline: Date.now() - 20 * 60_000,
      score: 88,
    })
    const release = () => t.post('/api/hm-paperTime/paperTime/distributeResults', tt, undefined, { id: examId })
    expect((await release()).status).toBe(200)
    const [mail] = (await receivedBy('student@school.test', 2)).filter((r) => r.parsed.subject?.includes('期中考试'))
    expect(mail.parsed.subject).toBe('期中考试 成绩已发布')
    expect(mail.parsed.html).toContain('：88 分')
    // Released again: nobody is told twice.
    expect((await release()).status).toBe(200)
    expect(await outboxOf('exam.released')).toHaveLength(1)
  })
  it('mails a one-time link for a lost password, which sets a new one and signs the old sessions out', async () => {
    const before = await t.token('manager')
    const asked = await t.call('POST', FORGOT, { body: { account: 'manager' }, lang: 'en' })
    expect(asked.body).toMatchObject({
      code: 200,
      msg: 'if the account has an e-mail address, a link to reset the password was sent to it',
    })
    // An unknown account is answered alike, and mails nobody.
    const unknown = await t.call('POST', FORGOT, { body: { account: 'nobody' }, lang: 'en' })
    expect(unknown.body.msg).toBe(asked.body.msg)
    expect((await t.post(FORGOT, undefined, {})).body.field).toBe('account')
    const mail = (await receivedBy('manager@school.test', 3)).find((r) => r.parsed.subject === 'Reset your password')!
    expect(mail.parsed.html).toContain('Dear MANAGER')
    expect(mail.parsed.html).toContain('the account manager')
    expect(mail.parsed.html).toContain('within 30 minutes')
    const token = /resetToken=([\w-]+)/.exec(String(mail.parsed.html))![1]
    expect(await outboxOf('auth.resetPassword')).toHaveLength(1)
    // Only the token's HMAC is kept.
    expect(JSON.stringify(await db.select().from(passwordReset))).not.toContain(token)

    const reset = (body: Record<string, unknown>) => t.call('POST', RESET, { body, lang: 'en' })
    const pw = md5Hex('new-secret')
    expect((await reset({ token: 'forged', newPassword: pw, newPassword1: pw })).body).toMatchObject({
      code: 400,
      field: 'token',
      msg: 'the link is not valid, has expired or was used: ask for a new one',
    })
    expect((await reset({ token, newPassword: pw, newPassword1: md5Hex('other') })).body.field).toBe('newPassword1')
    expect((await reset({ token, newPassword: pw, newPassword1: pw })).body).toMatchObject({
      code: 200,
      msg: 'the password was reset: sign in with the new one',
    })
    expect((await t.signIn('manager', 'new-secret')).access_token).toBeTruthy()
    // The session signed in with the old password ended; the link works once.
    expect((await t.get('/api/blade-system/user/info', before)).status).toBe(401)
    expect((await reset({ token, newPassword: pw, newPassword1: pw })).body.field).toBe('token')
  })

  it('refuses an expired link', async () => {
    await t.post(FORGOT, undefined, { account: 'teacher' })
    const mail = (await receivedBy('teacher@school.test')).find((r) => r.parsed.subject === '重置您的密码')!
    const token = /resetToken=([\w-]+)/.exec(String(mail.parsed.html))![1]
    await db.update(passwordReset).set({ expiresAt: Date.now() - 1 })
    const pw = md5Hex('late')
    expect((await t.post(RESET, undefined, { token, newPassword: pw, newPassword1: pw })).body.field).toBe('token')
  })
})
