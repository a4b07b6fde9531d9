import { defineReference, ownRowsFor } from '../types.ts'

/** Printable reports (blade-report/report/rest), on the workbench beside the dashboard: staff print their own. */
export default defineReference({
  menus: [
    {
      code: 'report:report',
      parent: 'desk',
      name: '报表管理',
      alias: 'Reports',
      path: '/report/report',
      source: 'document',
      sort: 4,
      grant: ['manager', 'teacher'],
      buttons: [['generate', '生成报表', 'Generate report'], 'delete'],
    },
  ],
  // A teacher sees the reports they asked for; an administrator widens it with the all-rows scope.
  dataScopes: ownRowsFor(['teacher'], ['report:report']),
})
