import { emailTemplate, tenant } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { withTransaction, type Tx } from '../../lib/transaction.ts'

/** The codes of the appliance's own mails (appliance-mail.ts sends them; the outbox shows the code as the source). */
export const URGE = 'workflow.urge',
  COPY = 'workflow.copy',
  RESET_PASSWORD = 'auth.resetPassword',
  RESULTS_RELEASED = 'exam.released'

/**
 * The templates of the appliance's own mails, in zh and en, which a school's administrator edits in the template
 * screen: [code, zh name, en name, variables, zh subject, zh body, en subject, en body].
 */
export const APPLIANCE_TEMPLATES: [string, string, string, string, string, string, string, string][] = [
  [
    URGE,
    '流程催办',
    'Workflow reminder',
    'name, process, task, from',
    '催办：{{ process }}',
    '<p>{{ name }}，您好：</p><p>{{ from }} 提醒您：流程「{{ process }}」的任务「{{ task }}」等待您处理，请尽快办理。</p>',
    'Reminder: {{ process }}',
    '<p>Dear {{ name }},</p><p>{{ from }} reminds you that the task "{{ task }}" of "{{ process }}" is waiting for you.</p>',
  ],
  [
    COPY,
    '流程抄送',
    'Workflow copy',
    'name, process, task, from',
    '抄送：{{ process }}',
    '<p>{{ name }}，您好：</p><p>{{ from }} 将流程「{{ process }}」（任务「{{ task }}」）抄送给您。</p>',
    'For your information: {{ process }}',
    '<p>Dear {{ name }},</p><p>{{ from }} copied you on "{{ process }}" (task "{{ task }}").</p>',
  ],
  [
    RESET_PASSWORD,
    '找回密码',
    'Password reset',
    'name, account, link, minutes',
    '重置您的密码',
    '<p>{{ name }}，您好：</p><p>账号 {{ account }} 申请了重置密码。请在 {{ minutes }} 分钟内打开 <a href="{{ link }}">此链接</a> 设置新密码；如果不是您本人操作，请忽略本邮件。</p>',
    'Reset your password',
    '<p>Dear {{ name }},</p><p>a new password was asked for the account {{ account }}. Open <a href="{{ link }}">this link</a> within {{ minutes }} minutes to choose it; if you did not ask, ignore this mail.</p>',
  ],
  [
    RESULTS_RELEASED,
    '成绩发布',
    'Results released',
    'name, exam, score',
    '{{ exam }} 成绩已发布',
    '<p>{{ name }}，您好：</p><p>「{{ exam }}」的成绩已发布：{{ score }} 分。</p>',
    'Results of {{ exam }} are out',
    '<p>Dear {{ name }},</p><p>your result in "{{ exam }}": {{ score }}.</p>',
  ],
]

const WHY = "a school's default mail templates are written by the system, for the school"

/**
 * Gives a school every appliance template it has never had, in both languages. One a school removed stays removed
 * (a removed row still counts as had): its mail is then not sent. Called when a school is provisioned and, for
 * schools that predate a template, on every start.
 */
export async function seedApplianceTemplates(tx: Tx, tenantId: string): Promise<number> {
  const had = new Set(
    (
      await tx
        .select({ code: emailTemplate.code, language: emailTemplate.language })
        .from(emailTemplate)
        .where(tenantRows(emailTemplate, tenantId, { why: WHY, withDeleted: true }))
    ).map((t) => `${t.code}|${t.language}`),
  )
  const stamp = now()
  let added = 0
  for (const [code, zhName, enName, variables, zhSubject, zhBody, enSubject, enBody] of APPLIANCE_TEMPLATES)
    for (const [language, name, subject, content] of [
      ['zh', zhName, zhSubject, zhBody],
      ['en', enName, enSubject, enBody],
    ] as const) {
      if (had.has(`${code}|${language}`)) continue
      await tx.insert(emailTemplate).values({
        id: newId(),
        tenantId,
        createUser: '0',
        createTime: stamp,
        updateUser: '0',
        updateTime: stamp,
        code,
        name,
        language,
        subject,
        content,
        variables,
      })
      added++
    }
  return added
}

/** Every school's missing templates, in one transaction (start-up: an upgraded install gets new ones). */
export function seedApplianceTemplatesEverywhere(db: Db): Promise<number> {
  return withTransaction(db, async (tx) => {
    let added = 0
    for (const t of await tx.select({ tenantId: tenant.tenantId }).from(tenant).where(notDeleted(tenant)))
      added += await seedApplianceTemplates(tx, t.tenantId)
    return added
  })
}
