import { emailConfig, emailInbox } from '../../../../db/schema/index.ts'
import type { Db } from '../../../lib/db.ts'
import { newId } from '../../../lib/ids.ts'
import { SYSTEM_USER } from '../../../lib/reference/system-user.ts'
import { sanitizeRichText } from '../../../lib/rich-text.ts'
import { first } from '../../../lib/rows.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { now } from '../../../lib/time.ts'

/** [subject, from, received, HTML body] of the demo school's inbox. */
const DEMO_MAIL: [string, string, string, string][] = [
  [
    '关于期末考试安排的通知',
    '"教务处" <jwc@demo-school.example>',
    '2026-06-10 09:30:00',
    '<p>各位老师：</p><p>本学期期末考试安排在<b>第 18 周</b>，请各教研室于 6 月 15 日前提交试卷。</p>',
  ],
  [
    '实验室设备检修安排',
    '"设备科" <sbk@demo-school.example>',
    '2026-06-08 14:00:00',
    '<p>物联网实验室将于本周六进行设备检修，检修期间暂停开放。</p>',
  ],
]

/**
 * First start: two messages in the demo school's inbox, under its first mail account (the mail area's demo account,
 * seeded before this in boot.ts), so the inbox screen shows something. Without an account there is nothing to file
 * them under, and nothing is written.
 */
export async function seedDemoInbox(db: Db, tenantId = '000000') {
  const createUser = SYSTEM_USER
  const account = await first(
    db
      .select({ id: emailConfig.id })
      .from(emailConfig)
      .where(tenantRows(emailConfig, tenantId, { why: 'the demo school is written once, on first start' })),
  )
  if (!account) return
  const stamp = now()
  await db.insert(emailInbox).values(
    DEMO_MAIL.map(([subject, from, receivedTime, html], i) => ({
      id: newId(),
      tenantId,
      createUser,
      createTime: stamp,
      updateUser: createUser,
      updateTime: stamp,
      configId: account.id,
      uidValidity: 1,
      uid: i + 1,
      messageId: `<demo-${i + 1}@demo-school.example>`,
      from,
      to: 'school@demo-school.example',
      subject,
      content: sanitizeRichText('mailBody', html),
      text: html.replace(/<[^>]+>/g, ''),
      receivedTime,
    })),
  )
}
