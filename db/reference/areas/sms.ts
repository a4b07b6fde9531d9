import { CRUD, defineReference } from '../types.ts'

/** SMS provider accounts (blade-resource/sms), under the resources menu beside object storage. */
export default defineReference({
  menus: [
    {
      code: 'resource:sms',
      parent: 'resource',
      name: '短信配置',
      alias: 'SMS',
      path: '/resource/sms',
      source: 'send',
      sort: 3,
      buttons: [...CRUD, ['enable', '启用', 'Enable'], ['send', '发送短信', 'Send SMS']],
    },
  ],
  systemDicts: [
    [
      'sms_category',
      '短信服务商',
      'SMS provider',
      [
        ['3', '阿里云', 'Aliyun'],
        ['4', '腾讯云', 'Tencent Cloud'],
      ],
    ],
  ],
})
