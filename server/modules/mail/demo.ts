import { emailAddress, emailConfig, emailOutbox, emailPlatFrom, emailStrategy } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import type { Tx } from '../../lib/transaction.ts'

/** Providers offered to every school on a fresh install: [name, SMTP host, port, TLS mode, IMAP host]. */
const PROVIDERS: [string, string, number, number, string][] = [
  ['QQ 邮箱', 'smtp.qq.com', 465, 2, 'imap.qq.com'],
  ['网易 163 邮箱', 'smtp.163.com', 465, 2, 'imap.163.com'],
  ['Microsoft 365', 'smtp.office365.com', 587, 1, 'outlook.office365.com'],
]

/**
 * First start: the mail providers and a demo account, strategy, address-book entry
 * and sent message for the demo school (every screen shows something). The demo account has no password and sends
 * nothing until the school fills in its own server.
 */
export async function seedDemoMail(tx: Tx, tenantId: string, adminId: string) {
  const audit = { tenantId, createUser: adminId, createTime: now(), updateUser: adminId, updateTime: now() }
  for (const [name, host, port, tlsMode, imapHost] of PROVIDERS)
    await tx
      .insert(emailPlatFrom)
      .values({ id: newId(), ...audit, name, host, port, tlsMode, imapHost, imapPort: 993, imapTls: 1 })
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
