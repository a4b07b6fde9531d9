import { CRUD, defineReference } from '../types.ts'

/** Campus IoT: products, devices, commands, device logs, firmware (OTA) and the live browser connections. */
export default defineReference({
  topMenus: [{ code: 'iot', name: '物联网', alias: 'IoT', source: 'iot', sort: 6 }],
  menus: [
    {
      code: 'iot',
      name: '物联网',
      alias: 'IoT',
      path: '/iot',
      source: 'iot',
      sort: 6,
      topMenu: 'iot',
      grant: ['manager', 'teacher'],
      children: [
        {
          code: 'iot:product',
          name: '产品管理',
          alias: 'Products',
          path: '/iot/product',
          source: 'box',
          grant: ['manager', 'teacher'],
          buttons: CRUD,
        },
        {
          code: 'iot:device',
          name: '设备管理',
          alias: 'Devices',
          path: '/iot/device',
          source: 'device',
          grant: ['manager', 'teacher'],
          buttons: CRUD,
        },
        {
          code: 'iot:command',
          name: '指令管理',
          alias: 'Commands',
          path: '/iot/command',
          source: 'send',
          grant: ['manager', 'teacher'],
          buttons: [...CRUD, ['send', '下发指令', 'Send command']],
        },
        {
          code: 'iot:deviceLog',
          name: '设备日志',
          alias: 'Device logs',
          path: '/iot/device-log',
          source: 'log',
          grant: ['manager', 'teacher'],
          buttons: ['view'],
        },
        {
          code: 'iot:ota',
          name: '固件升级',
          alias: 'Firmware (OTA)',
          path: '/iot/ota',
          source: 'upgrade',
          grant: ['manager'],
          buttons: [
            ...CRUD,
            ['rollout', '发布升级', 'Start rollout'],
            ['pause', '暂停', 'Pause'],
            ['cancel', '取消', 'Cancel'],
            ['retry', '重试', 'Retry'],
          ],
        },
        {
          code: 'iot:client',
          name: '在线连接',
          alias: 'Live connections',
          path: '/iot/client',
          source: 'plug',
          grant: ['manager'],
          buttons: [['send', '发送', 'Send']],
        },
      ],
    },
  ],
  bizDicts: [
    [
      'product_type',
      '产品分类',
      'Product category',
      [
        ['1', '传感器', 'Sensor'],
        ['2', '网关', 'Gateway'],
        ['3', '执行器', 'Actuator'],
        ['4', '开发板', 'Development board'],
      ],
    ],
    [
      'product_ota',
      '升级方式',
      'Upgrade type',
      [
        ['1', '全量升级', 'Full rollout'],
        ['2', '灰度升级', 'Grey release'],
      ],
    ],
  ],
})
