/**
 * The back-office menu as seeded. `code` is the permission code the server
 * checks; buttons become code:<verb>. `alias` is the English name. A path that
 * starts with http opens in the embedded frame (/myiframe).
 */
export interface MenuSeed {
  code: string
  name: string
  alias: string
  path: string
  source?: string
  isOpen?: number
  buttons?: (string | [string, string, string])[]
  children?: MenuSeed[]
}

const CRUD = ['add', 'edit', 'delete', 'view']

/** Standard buttons' names; [verb, zh, en] adds a special one. */
export const BUTTON_NAMES: Record<string, [string, string]> = {
  add: ['新增', 'Add'], edit: ['修改', 'Edit'], delete: ['删除', 'Delete'], view: ['查看', 'View'],
}

export const MENUS: MenuSeed[] = [
  {
    code: 'desk', name: '工作台', alias: 'Workbench', path: '/wel', source: 'desktop',
    children: [
      { code: 'desk:dashboard', name: '数据看板', alias: 'Dashboard', path: '/wel/dashboard', source: 'chart' },
      { code: 'desk:message', name: '我的消息', alias: 'My messages', path: '/desk/message', source: 'mail', buttons: [['send', '发送消息', 'Send message'], 'view', 'delete'] },
    ],
  },
  {
    code: 'system', name: '系统管理', alias: 'System', path: '/system', source: 'settings',
    children: [
      { code: 'system:user', name: '用户管理', alias: 'Users', path: '/system/user', source: 'people', buttons: [...CRUD, ['reset', '重置密码', 'Reset password'], ['grant', '角色配置', 'Assign roles'], ['unlock', '账号解锁', 'Unlock'], ['platform', '平台配置', 'Platform settings']] },
      { code: 'system:dept', name: '机构管理', alias: 'Departments', path: '/system/dept', source: 'org', buttons: CRUD },
      { code: 'system:post', name: '岗位管理', alias: 'Posts', path: '/system/post', source: 'badge', buttons: CRUD },
      { code: 'system:dict', name: '系统字典', alias: 'System dictionary', path: '/system/dict', source: 'book', buttons: CRUD },
      { code: 'system:dictbiz', name: '业务字典', alias: 'Business dictionary', path: '/system/dictbiz', source: 'book', buttons: CRUD },
      { code: 'system:param', name: '参数管理', alias: 'Parameters', path: '/system/param', source: 'options', buttons: CRUD },
      { code: 'system:region', name: '行政区划', alias: 'Regions', path: '/system/region', source: 'globe', buttons: CRUD },
      { code: 'system:tenant', name: '租户管理', alias: 'Tenants', path: '/system/tenant', source: 'building', buttons: [...CRUD, ['setting', '授权配置', 'Licence settings'], ['datasource', '数据源', 'Data source']] },
      { code: 'system:tenantpackage', name: '租户套餐', alias: 'Tenant packages', path: '/system/tenantpackage', source: 'box', buttons: ['add', 'edit', 'delete'] },
      { code: 'system:client', name: '应用管理', alias: 'Clients', path: '/system/client', source: 'apps', buttons: CRUD },
    ],
  },
  {
    code: 'authority', name: '权限管理', alias: 'Authority', path: '/authority', source: 'shield',
    children: [
      { code: 'system:role', name: '角色管理', alias: 'Roles', path: '/authority/role', source: 'person-key', buttons: [...CRUD, ['grant', '权限设置', 'Grant permissions']] },
      { code: 'system:menu', name: '菜单管理', alias: 'Menus', path: '/authority/menu', source: 'list', buttons: CRUD },
      { code: 'system:topmenu', name: '顶部菜单', alias: 'Top menus', path: '/authority/topmenu', source: 'tab', buttons: [...CRUD, ['setting', '菜单配置', 'Assign menus']] },
      { code: 'system:datascope', name: '数据权限', alias: 'Data scopes', path: '/authority/datascope', source: 'database', buttons: CRUD },
      { code: 'system:apiscope', name: '接口权限', alias: 'API scopes', path: '/authority/apiscope', source: 'plug', buttons: CRUD },
    ],
  },
  {
    code: 'monitor', name: '系统监控', alias: 'Monitoring', path: '/monitor', source: 'pulse',
    children: [
      { code: 'monitor:log:usual', name: '通用日志', alias: 'Usual log', path: '/monitor/log/usual', source: 'document', buttons: ['view'] },
      { code: 'monitor:log:api', name: '接口日志', alias: 'API log', path: '/monitor/log/api', source: 'document', buttons: ['view'] },
      { code: 'monitor:log:error', name: '错误日志', alias: 'Error log', path: '/monitor/log/error', source: 'bug', buttons: ['view'] },
      { code: 'monitor:health', name: '健康检查', alias: 'Health check', path: 'http://localhost:8080/api/health', source: 'heart' },
    ],
  },
]
