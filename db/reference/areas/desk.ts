import { CRUD, defineReference } from '../types.ts'

/** The workbench: dashboard and messages. */
export default defineReference({
  topMenus: [{ code: 'desk', name: '工作台', alias: 'Workbench', source: 'desktop', sort: 1 }],
  menus: [
    {
      code: 'desk',
      name: '工作台',
      alias: 'Workbench',
      path: '/wel',
      source: 'desktop',
      sort: 1,
      topMenu: 'desk',
      grant: ['manager', 'teacher', 'platform'],
      children: [
        {
          code: 'desk:dashboard',
          name: '数据看板',
          alias: 'Dashboard',
          path: '/wel/dashboard',
          source: 'chart',
          grant: ['manager', 'teacher', 'platform'],
        },
        {
          code: 'desk:message',
          name: '我的消息',
          alias: 'My messages',
          path: '/desk/message',
          source: 'mail',
          grant: ['manager', 'teacher', 'platform'],
          buttons: [['send', '发送消息', 'Send message'], 'view', 'delete'],
        },
        {
          code: 'desk:notice',
          name: '通知公告',
          alias: 'Notices',
          path: '/desk/notice',
          source: 'news',
          sort: 3,
          grant: ['manager', 'teacher'],
          buttons: CRUD,
        },
      ],
    },
  ],
  bizDicts: [
    [
      'notice_category',
      '通知类型',
      'Notice category',
      [
        ['1', '发布通知', 'Announcement'],
        ['2', '批转通知', 'Forwarded'],
        ['3', '转发通知', 'Relayed'],
        ['4', '指示通知', 'Instruction'],
        ['5', '其他通知', 'Other'],
      ],
    ],
  ],
  systemDicts: [
    [
      'message_type',
      '消息类型',
      'Message type',
      [
        ['1', '普通消息', 'Ordinary'],
        ['2', '部门广播', 'Department broadcast'],
        ['3', '审批消息', 'Approval'],
        ['4', '角色广播', 'Role broadcast'],
      ],
    ],
  ],
})
