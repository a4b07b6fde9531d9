import { CRUD, defineReference } from '../types.ts'

/** File storage: OSS configurations and attachments (blade-resource). */
export default defineReference({
  menus: [
    {
      code: 'resource',
      name: '资源管理',
      alias: 'Resources',
      path: '/resource',
      source: 'folder',
      sort: 5,
      topMenu: 'system',
      children: [
        {
          code: 'resource:oss',
          name: '对象存储',
          alias: 'Object storage',
          path: '/resource/oss',
          source: 'cloud',
          buttons: [...CRUD, ['enable', '启用', 'Enable']],
        },
        {
          code: 'resource:attach',
          name: '附件管理',
          alias: 'Attachments',
          path: '/resource/attach',
          source: 'attach',
          buttons: ['view', 'delete'],
        },
      ],
    },
  ],
  systemDicts: [
    [
      'oss_category',
      '存储类型',
      'Storage kind',
      [
        ['1', '本地磁盘', 'Local disk'],
        ['2', 'S3 兼容存储', 'S3-compatible'],
      ],
    ],
  ],
})
