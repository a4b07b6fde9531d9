import type { Lang } from '../server/lib/messages.ts'

/** The CLI speaks Chinese by default, English when ATRIUM_LANG or LANG says so. */
export const cliLang = (): Lang =>
  (process.env.ATRIUM_LANG ?? process.env.LANG ?? '').toLowerCase().startsWith('en') ? 'en' : 'zh'

const texts = {
  migrated: { zh: '数据库已迁移：{file}', en: 'database migrated: {file}' },
  online: { zh: '在线', en: 'online' },
  offline: { zh: '离线', en: 'offline' },
  unknownProduct: { zh: '找不到产品 {key}', en: 'no such product: {key}' },
  otaChanged: { zh: '升级 {id} 现为 {phase}', en: 'release {id} is now {phase}' },
  seeded: { zh: '已写入初始数据', en: 'initial data seeded' },
  alreadySeeded: { zh: '数据库已有数据，未重复写入', en: 'the database already has data; nothing seeded' },
  tenantLicence: {
    zh: '租户 {tenantId} 的授权：账号额度 {accounts}，过期时间 {expire}，学习助手每日提问 {quota}',
    en: 'tenant {tenantId} licence: account limit {accounts}, expires {expire}, study assistant questions a day {quota}',
  },
  platformDefault: { zh: '平台默认', en: 'the platform default' },
  tenantCreated: {
    zh: '已创建租户 {tenantId}（{tenantName}），管理员账号 {admin}',
    en: 'tenant {tenantId} ({tenantName}) created, administrator account {admin}',
  },
  userCreated: { zh: '已创建用户 {account}（租户 {tenantId}）', en: 'user {account} created (tenant {tenantId})' },
  passwordsReset: {
    zh: '已重置 {n} 个账号的密码为租户初始密码',
    en: 'reset {n} account(s) to the tenant initial password',
  },
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
  backingUp: { zh: '正在备份', en: 'backing up' },
  backupDone: { zh: '已备份 {files} 个文件到 {file}', en: 'backed up {files} file(s) to {file}' },
  tenantExported: {
    zh: '已导出租户 {tenantId}（{rows} 行，{files} 个文件）到 {file}',
    en: 'exported tenant {tenantId} ({rows} rows, {files} files) to {file}',
  },
  restoring: { zh: '正在校验并恢复', en: 'verifying and restoring' },
  restoreDone: {
    zh: '已从 {file} 恢复（备份时间 {createdAt}）。原数据保留在 {previous}，服务首次正常启动后删除。{restart}',
    en: 'restored from {file} (made {createdAt}). The previous data is kept at {previous} until the appliance has started healthy. {restart}',
  },
  restartHint: {
    zh: '已停止正在运行的服务（进程 {pid}），请重新启动：npm start',
    en: 'the running appliance (pid {pid}) was stopped; start it again: npm start',
  },
  tenantImported: {
    zh: '已导入租户 {tenantId}（{rows} 行，{files} 个文件）',
    en: 'imported tenant {tenantId} ({rows} rows, {files} files)',
  },
  dbStatus: {
    zh: '数据库版本 {current}，待执行迁移 {pending} 个：{list}',
    en: 'schema version {current}, {pending} pending migration(s): {list}',
  },
  importing: { zh: '正在导入题库', en: 'importing questions' },
  imported: { zh: '已导入 {n} 道题（租户 {tenantId}）', en: 'imported {n} question(s) into tenant {tenantId}' },
  importChecked: {
    zh: '已检查 {n} 道题，全部可以导入（未写入）',
    en: 'checked {n} question(s): all can be imported (nothing stored)',
  },
  importRejected: {
    zh: '{total} 行中有 {n} 行有误，未导入任何题目',
    en: '{n} of {total} row(s) rejected; nothing imported',
  },
  importSkipped: {
    zh: '已导入 {n} 道题（租户 {tenantId}），{refused} 道有误未导入',
    en: 'imported {n} question(s) into tenant {tenantId}; {refused} refused and left out',
  },
  importSkipHint: {
    zh: '加 --skip-invalid 可只导入无误的 {valid} 道题',
    en: 'add --skip-invalid to import the {valid} valid question(s) without them',
  },
  importConverted: { zh: '{n} 道题有转换说明', en: '{n} note(s) on what was converted' },
  unknownTenant: { zh: '租户不存在：{tenantId}', en: 'no such tenant: {tenantId}' },
  noFile: { zh: '找不到文件：{file}', en: 'no such file: {file}' },
  exported: { zh: '已导出题库到 {file}', en: 'question bank exported to {file}' },
  preUpgrade: { zh: '迁移前已自动备份到 {file}', en: 'backed up to {file} before migrating' },
  labsStopped: { zh: '已停止 {n} 个实验容器（工作目录保留）', en: '{n} lab(s) stopped (workspaces kept)' },
  labsPruned: {
    zh: '已结束 {expired} 个过期实验、{interrupted} 个未能启动的实验，删除 {containers} 个孤立容器、{volumes} 个工作目录',
    en: '{expired} expired lab(s) and {interrupted} that never started ended, {containers} orphan container(s) and {volumes} workspace(s) removed',
  },
  importingImage: { zh: '正在导入镜像', en: 'importing the image' },
  imageReady: { zh: '镜像 {imageId} 已就绪（环境 {id}）', en: 'image {imageId} ready (environment {id})' },
  imageFailed: { zh: '镜像导入或构建失败：{log}', en: 'the image import or build failed: {log}' },
  badGrace: { zh: '--grace 必须是秒数（非负整数）', en: '--grace must be a number of seconds (a whole number ≥ 0)' },
  noDockerfile: { zh: '{dir} 中没有 Dockerfile', en: 'no Dockerfile in {dir}' },
  hostAdded: { zh: '已添加实验主机 {name}', en: 'lab host {name} added' },
  hostRemoved: { zh: '已移除实验主机 {name}', en: 'lab host {name} removed' },
  hostDisabled: { zh: '实验主机 {name} 已停用（不再接收新实验）', en: 'lab host {name} disabled (takes no new labs)' },
  hostEnabled: { zh: '实验主机 {name} 已启用', en: 'lab host {name} enabled' },
  badMax: { zh: '--max 必须是非负整数', en: '--max must be a whole number ≥ 0' },
  movingToPostgres: { zh: '正在迁移到 PostgreSQL', en: 'moving to PostgreSQL' },
  movedToPostgres: {
    zh: '已将 {tables} 张表共 {rows} 行从 {from} 迁移到 {to}，各表行数一致。将 ATRIUM_DATABASE_URL 设为该地址后启动服务即可使用 PostgreSQL',
    en: 'moved {rows} row(s) in {tables} tables from {from} to {to}; every table’s row count matches. Start the appliance with ATRIUM_DATABASE_URL set to that URL to run on PostgreSQL',
  },
} satisfies Record<string, Record<Lang, string>>

export function say(key: keyof typeof texts, params: Record<string, string | number> = {}): string {
  return texts[key][cliLang()].replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ''))
}
