import {
  emailAddress,
  emailConfig,
  emailOutbox,
  emailPlatFrom,
  emailStrategy,
  emailTemplate,
} from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import type { Tx } from '../../lib/transaction.ts'

/**
 * The templates of the appliance's own mails, in zh and en, which a school's administrator edits in the template
 * screen: [code, name, variables, zh subject, zh body, en subject, en body].
 */
export const APPLIANCE_TEMPLATES: [string, string, string, string, string, string, string][] = [
  [
    'workflow.urge',
    '流程催办',
    'name, process, task',
    '催办：{{ process }}',
    '<p>{{ name }}，您好：</p><p>流程「{{ process }}」的任务「{{ task }}」等待您处理，请尽快办理。</p>',
    'Reminder: {{ process }}',
    '<p>Dear {{ name }},</p><p>the task "{{ task }}" of "{{ process }}" is waiting for you.</p>',
  ],
  [
    'workflow.copy',
    '流程抄送',
    'name, process, starter',
    '抄送：{{ process }}',
    '<p>{{ name }}，您好：</p><p>{{ starter }} 发起的流程「{{ process }}」抄送给您。</p>',
    'For your information: {{ process }}',
    '<p>Dear {{ name }},</p><p>{{ starter }} copied you on "{{ process }}".</p>',
  ],
  [
    'auth.resetPassword',
    '找回密码',
    'name, link, minutes',
    '重置您的密码',
    '<p>{{ name }}，您好：</p><p>请在 {{ minutes }} 分钟内打开 <a href="{{ link }}">此链接</a> 重置密码。</p>',
    'Reset your password',
    '<p>Dear {{ name }},</p><p>open <a href="{{ link }}">this link</a> within {{ minutes }} minutes to reset your password.</p>',
  ],
  [
    'exam.released',
    '成绩发布',
    'name, exam, score',
    '{{ exam }} 成绩已发布',
    '<p>{{ name }}，您好：</p><p>「{{ exam }}」的成绩已发布：{{ score }} 分。</p>',
    'Results of {{ exam }} are out',
    '<p>Dear {{ name }},</p><p>your result in "{{ exam }}": {{ score }}.</p>',
  ],
]

/** Providers offered to every school on a fresh install: [name, SMTP host, port, TLS mode, IMAP host]. */
const PROVIDERS: [string, string, number, number, string][] = [
  ['QQ 邮箱', 'smtp.qq.com', 465, 2, 'imap.qq.com'],
  ['网易 163 邮箱', 'smtp.163.com', 465, 2, 'imap.163.com'],
  ['Microsoft 365', 'smtp.office365.com', 587, 1, 'outlook.office365.com'],
]

/**
 * First start: the mail providers, the appliance's mail templates and a demo account, strategy, address-book entry
 * and sent message for the demo school (every screen shows something). The demo account has no password and sends
 * nothing until the school fills in its own server.
 */
export async function seedDemoMail(tx: Tx, tenantId: string, adminId: string) {
  const audit = { tenantId, createUser: adminId, createTime: now(), updateUser: adminId, updateTime: now() }
  for (const [name, host, port, tlsMode, imapHost] of PROVIDERS)
    await tx
      .insert(emailPlatFrom)
      .values({ id: newId(), ...audit, name, host, port, tlsMode, imapHost, imapPort: 993, imapTls: 1 })
  for (const [code, name, variables, zhSubject, zhBody, enSubject, enBody] of APPLIANCE_TEMPLATES) {
    await tx
      .insert(emailTemplate)
      .values({ id: newId(), ...audit, code, name, language: 'zh', subject: zhSubject, content: zhBody, variables })
    await tx
      .insert(emailTemplate)
      .values({ id: newId(), ...audit, code, name, language: 'en', subject: enSubject, content: enBody, variables })
  }
  const configId = newId()
  await tx.insert(emailConfig).values({
    id: configId,
    ...audit,
    name: '教务处邮箱（示例）',
    host: 'smtp.example.com',
    port: 465,
    tlsMode: 2,
    username: 'office@example.com',
    fromAddress: 'office@example.com',
    fromName: '教务处',
  })
  await tx
    .insert(emailStrategy)
    .values({ id: newId(), ...audit, name: '教务通知', code: 'academic', mode: 1, configIds: configId })
  await tx
    .insert(emailAddress)
    .values({ id: newId(), ...audit, name: '张老师', email: 'zhang@example.com', groupName: '教师' })
  const id = newId()
  await tx.insert(emailOutbox).values({
    id,
    ...audit,
    status: 2,
    configId,
    to: 'zhang@example.com',
    subject: '欢迎使用邮件功能',
    content: '<p>示例邮件：填写本校的发信服务器和密码后即可发送。</p>',
    messageId: `<${id}.${tenantId}@atrium.invalid>`,
    reason: '@mail.noAccount',
  })
}
