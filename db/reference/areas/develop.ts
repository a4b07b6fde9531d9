import { CRUD, defineReference } from '../types.ts'

/**
 * Development tools (blade-develop, issue #31): datasources, models and code generation, under System. Kept by the
 * platform: the tools read databases and write code for the appliance itself, so no school's package holds them.
 */
export default defineReference({
  menus: [
    {
      code: 'develop',
      parent: 'system',
      name: '研发工具',
      alias: 'Development',
      path: '/develop',
      source: 'stack',
      sort: 90,
      platform: true,
      children: [
        {
          code: 'develop:datasource',
          name: '数据源管理',
          alias: 'Datasources',
          path: '/develop/datasource',
          source: 'database',
          platform: true,
          buttons: CRUD,
        },
        {
          code: 'develop:model',
          name: '数据模型',
          alias: 'Models',
          path: '/develop/model',
          source: 'list',
          platform: true,
          buttons: CRUD,
        },
        {
          code: 'develop:code',
          name: '代码生成',
          alias: 'Code generation',
          path: '/develop/code',
          source: 'download',
          platform: true,
          buttons: [...CRUD, ['copy', '复制', 'Copy'], ['gen', '代码生成', 'Generate code']],
        },
      ],
    },
  ],
})
