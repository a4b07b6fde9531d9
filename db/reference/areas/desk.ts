import { defineReference } from '../types.ts'

/** The workbench: dashboard and messages. */
export default defineReference({
  topMenus: [{ code: 'desk', name: '工作台', alias: 'Workbench', source: 'desktop', sort: 1 }],
  menus: [
    {
      code: 'desk', name: '工作台', alias: 'Workbench', path: '/wel', source: 'desktop', sort: 1, topMenu: 'desk', grant: ['manager', 'teacher', 'platform'],
      children: [
        { code: 'desk:dashboard', name: '数据看板', alias: 'Dashboard', path: '/wel/dashboard', source: 'chart', grant: ['manager', 'teacher', 'platform'] },
        { code: 'desk:message', name: '我的消息', alias: 'My messages', path: '/desk/message', source: 'mail', grant: ['manager', 'teacher', 'platform'], buttons: [['send', '发送消息', 'Send message'], 'view', 'delete'] },
      ],
    },
  ],
  systemDicts: [
    ['message_type', '消息类型', 'Message type', [['1', '普通消息', 'Ordinary'], ['2', '部门广播', 'Department broadcast'], ['3', '审批消息', 'Approval'], ['4', '角色广播', 'Role broadcast']]],
  ],
})
