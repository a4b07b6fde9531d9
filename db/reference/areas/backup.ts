import { defineReference } from '../types.ts'

/** Backups of the whole appliance: a platform screen under System (the schedule is kept as platform parameters by the screen). */
export default defineReference({
  menus: [
    {
      code: 'system:backup',
      name: '备份与恢复',
      alias: 'Backups',
      path: '/system/backup',
      source: 'database',
      parent: 'system',
      sort: 99,
      platform: true,
      buttons: ['add', 'edit', ['download', '下载', 'Download'], 'delete'],
    },
  ],
})
