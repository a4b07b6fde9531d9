import { defineMessages } from '../../lib/messages.ts'

defineMessages({
  'backup.damaged': {
    zh: '备份文件已损坏或不完整，未做任何更改：{detail}',
    en: 'the backup is damaged or incomplete; nothing was changed: {detail}',
  },
  'backup.newer': {
    zh: '该备份来自较新的版本（{version}），请先升级本设备再恢复',
    en: 'this backup comes from a newer release ({version}); upgrade this appliance before restoring it',
  },
  'backup.newerData': {
    zh: '数据目录由较新的版本写入（{migration}），本版本不能打开它',
    en: 'the data directory was written by a newer release ({migration}); this release cannot open it',
  },
  'backup.kindFull': {
    zh: '这是单个租户的导出，请使用 --tenant 导入',
    en: 'this is a single tenant export; import it with --tenant',
  },
  'backup.kindTenant': {
    zh: '这是整机备份，不是租户导出',
    en: 'this is a whole-appliance backup, not a tenant export',
  },
  'backup.postgres': {
    zh: '本设备的数据保存在 PostgreSQL 中，整机备份只能复制 SQLite 数据库：请用 PostgreSQL 自己的工具（pg_dump、pg_restore）备份和恢复数据库，并另行备份数据目录中的文件（上传文件、secrets.json）。单个学校的导出和导入（atrium backup --tenant、atrium restore --tenant）在 PostgreSQL 上同样可用',
    en: "this appliance keeps its data in PostgreSQL and a whole-appliance backup can only copy a SQLite database: back the database up and restore it with PostgreSQL's own tools (pg_dump, pg_restore), and the data directory's files (uploads, secrets.json) with your file backup. One school's export and import (atrium backup --tenant, atrium restore --tenant) work on PostgreSQL too",
  },
  'backup.notFound': { zh: '找不到备份 {name}', en: 'no backup named {name}' },
  'backup.name': { zh: '备份名称无效', en: 'invalid backup name' },
  'backup.tenantMissing': { zh: '租户 {tenantId} 不存在', en: 'tenant {tenantId} does not exist' },
  'backup.tenantExists': {
    zh: '租户 {tenantId} 已存在，请换一个租户编号',
    en: 'tenant {tenantId} already exists; choose another tenant id',
  },
  'backup.tenantId': { zh: '租户编号必须是 6 位数字', en: 'the tenant id must be 6 digits' },
  'backup.serverBusy': {
    zh: '正在运行的服务（进程 {pid}）没有在 {seconds} 秒内停止，未做任何更改',
    en: 'the running appliance (pid {pid}) did not stop within {seconds} s; nothing was changed',
  },
  'backup.unhealthy': {
    zh: '恢复后的数据未通过检查（{detail}），原数据未改动',
    en: 'the restored data failed its check ({detail}); the current data was not touched',
  },
  'backup.time': { zh: '请输入每日备份时间（HH:mm）', en: 'please enter the nightly backup time (HH:mm)' },
  'backup.keep': {
    zh: '保留份数必须是 1 到 365 的整数',
    en: 'the number of backups to keep must be a whole number from 1 to 365',
  },
  'backup.scheduledOk': { zh: '定时备份完成', en: 'scheduled backup completed' },
  'backup.scheduledFailed': { zh: '定时备份失败', en: 'scheduled backup failed' },
})
