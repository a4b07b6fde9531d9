import type { Lang } from '../server/lib/messages.ts'

/** The CLI speaks Chinese by default, English when ATRIUM_LANG or LANG says so. */
export const cliLang = (): Lang => ((process.env.ATRIUM_LANG ?? process.env.LANG ?? '').toLowerCase().startsWith('en') ? 'en' : 'zh')

const texts = {
  migrated: { zh: '数据库已迁移：{file}', en: 'database migrated: {file}' },
  seeded: { zh: '已写入初始数据', en: 'initial data seeded' },
  alreadySeeded: { zh: '数据库已有数据，未重复写入', en: 'the database already has data; nothing seeded' },
  tenantCreated: { zh: '已创建租户 {tenantId}（{tenantName}），管理员账号 {admin}', en: 'tenant {tenantId} ({tenantName}) created, administrator account {admin}' },
  userCreated: { zh: '已创建用户 {account}（租户 {tenantId}）', en: 'user {account} created (tenant {tenantId})' },
  passwordsReset: { zh: '已重置 {n} 个账号的密码为租户初始密码', en: 'reset {n} account(s) to the tenant initial password' },
  unlocked: { zh: '已解锁 {n} 个账号', en: 'unlocked {n} account(s)' },
  unknownAccounts: { zh: '找不到账号：{accounts}', en: 'no such account(s): {accounts}' },
  total: { zh: '共 {total} 条，第 {current}/{pages} 页', en: '{total} in total, page {current}/{pages}' },
  building: { zh: '正在构建网页…', en: 'building the web app…' },
  built: { zh: '网页已构建', en: 'web app built' },
  buildSkipped: { zh: '网页已是最新', en: 'web app is up to date' },
  stepTenant: { zh: '创建租户与角色', en: 'creating tenant and roles' },
  stepCheck: { zh: '检查输入', en: 'checking input' },
  stepDone: { zh: '完成', en: 'done' },
  error: { zh: '错误', en: 'error' },
} satisfies Record<string, Record<Lang, string>>

export function say(key: keyof typeof texts, params: Record<string, string | number> = {}): string {
  return texts[key][cliLang()].replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ''))
}
