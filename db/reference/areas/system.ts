import { CRUD, defineReference } from '../types.ts'

/** System administration and authority: users, units, dictionaries, tenants, roles, menus, logs. */
export default defineReference({
  topMenus: [{ code: 'system', name: '系统管理', alias: 'System', source: 'settings', sort: 2 }],
  menus: [
    {
      code: 'system', name: '系统管理', alias: 'System', path: '/system', source: 'settings', sort: 2, topMenu: 'system', grant: ['platform'],
      children: [
        { code: 'system:user', name: '用户管理', alias: 'Users', path: '/system/user', source: 'people', grant: ['manager'], buttons: [...CRUD, ['reset', '重置密码', 'Reset password'], ['grant', '角色配置', 'Assign roles'], ['unlock', '账号解锁', 'Unlock'], ['platform', '平台配置', 'Platform settings']] },
        { code: 'system:dept', name: '机构管理', alias: 'Departments', path: '/system/dept', source: 'org', grant: ['manager'], buttons: CRUD },
        { code: 'system:post', name: '岗位管理', alias: 'Posts', path: '/system/post', source: 'badge', grant: ['manager'], buttons: CRUD },
        { code: 'system:dict', name: '系统字典', alias: 'System dictionary', path: '/system/dict', source: 'book', buttons: CRUD },
        { code: 'system:dictbiz', name: '业务字典', alias: 'Business dictionary', path: '/system/dictbiz', source: 'book', buttons: CRUD },
        { code: 'system:param', name: '参数管理', alias: 'Parameters', path: '/system/param', source: 'options', grant: ['platform'], buttons: CRUD },
        { code: 'system:region', name: '行政区划', alias: 'Regions', path: '/system/region', source: 'globe', buttons: CRUD },
        { code: 'system:tenant', name: '租户管理', alias: 'Tenants', path: '/system/tenant', source: 'building', platform: true, buttons: [...CRUD, ['setting', '授权配置', 'Licence settings'], ['datasource', '数据源', 'Data source']] },
        { code: 'system:tenantpackage', name: '租户套餐', alias: 'Tenant packages', path: '/system/tenantpackage', source: 'box', platform: true, buttons: ['add', 'edit', 'delete'] },
        { code: 'system:client', name: '应用管理', alias: 'Clients', path: '/system/client', source: 'apps', platform: true, buttons: CRUD },
      ],
    },
    {
      code: 'authority', name: '权限管理', alias: 'Authority', path: '/authority', source: 'shield', sort: 3, topMenu: 'system',
      children: [
        { code: 'system:role', name: '角色管理', alias: 'Roles', path: '/authority/role', source: 'person-key', buttons: [...CRUD, ['grant', '权限设置', 'Grant permissions']] },
        { code: 'system:menu', name: '菜单管理', alias: 'Menus', path: '/authority/menu', source: 'list', platform: true, buttons: CRUD },
        { code: 'system:topmenu', name: '顶部菜单', alias: 'Top menus', path: '/authority/topmenu', source: 'tab', platform: true, buttons: [...CRUD, ['setting', '菜单配置', 'Assign menus']] },
        { code: 'system:datascope', name: '数据权限', alias: 'Data scopes', path: '/authority/datascope', source: 'database', buttons: CRUD },
        { code: 'system:apiscope', name: '接口权限', alias: 'API scopes', path: '/authority/apiscope', source: 'plug', buttons: CRUD },
      ],
    },
    {
      code: 'monitor', name: '系统监控', alias: 'Monitoring', path: '/monitor', source: 'pulse', sort: 4, topMenu: 'system', grant: ['manager'],
      children: [
        { code: 'monitor:log:usual', name: '通用日志', alias: 'Usual log', path: '/monitor/log/usual', source: 'document', grant: ['manager'], buttons: ['view'] },
        { code: 'monitor:log:api', name: '接口日志', alias: 'API log', path: '/monitor/log/api', source: 'document', grant: ['manager'], buttons: ['view'] },
        { code: 'monitor:log:error', name: '错误日志', alias: 'Error log', path: '/monitor/log/error', source: 'bug', grant: ['manager'], buttons: ['view'] },
        { code: 'monitor:health', name: '健康检查', alias: 'Health check', path: 'http://localhost:8080/api/health', source: 'heart', platform: true },
      ],
    },
  ],
  systemDicts: [
    ['sex', '性别', 'Sex', [['1', '男', 'Male'], ['2', '女', 'Female'], ['3', '未知', 'Unknown']]],
    ['yes_no', '是否', 'Yes/No', [['0', '否', 'No'], ['1', '是', 'Yes']]],
    ['status', '状态', 'Status', [['0', '停用', 'Disabled'], ['1', '正常', 'Enabled']]],
    ['user_type', '用户平台', 'User platform', [['1', 'WEB', 'Web'], ['2', 'APP', 'App'], ['3', '其他', 'Other']]],
    ['menu_category', '菜单类型', 'Menu type', [['1', '菜单', 'Menu'], ['2', '按钮', 'Button']]],
    ['button_func', '按钮功能', 'Button position', [['0', '无', 'None'], ['1', '工具栏', 'Toolbar'], ['2', '操作栏', 'Row'], ['3', '工具操作栏', 'Toolbar and row']]],
    ['dept_category', '机构类型', 'Unit type', [['1', '部门', 'Department'], ['2', '班级', 'Class']]],
    ['post_category', '岗位类型', 'Post type', [['1', '高层', 'Senior'], ['2', '中层', 'Middle'], ['3', '基层', 'Staff'], ['4', '其他', 'Other']]],
    ['data_scope_type', '数据权限', 'Data scope', [['1', '全部可见', 'All'], ['2', '本人可见', 'Own records'], ['3', '所在机构可见', 'Own department'], ['4', '所在机构及子级可见', 'Own department and below'], ['5', '自定义', 'Custom']]],
    ['api_scope_type', '接口权限', 'API scope', [['1', '全部方法', 'All methods'], ['2', 'GET', 'GET'], ['3', 'POST', 'POST']]],
    ['region_level', '区划层级', 'Region level', [['1', '省份', 'Province'], ['2', '地市', 'City'], ['3', '区县', 'District'], ['4', '乡镇', 'Town'], ['5', '村委', 'Village']]],
    ['review_status', '审核状态', 'Review status', [['0', '待审核', 'Pending'], ['1', '已通过', 'Approved'], ['2', '已驳回', 'Rejected']]],
    ['account_status', '账号状态', 'Account status', [['0', '待审核', 'Pending approval'], ['1', '正常', 'Active'], ['2', '停用', 'Disabled']]],
  ],
  params: [
    { key: 'account.registerUser', name: '是否开启注册功能', value: 'true', remark: 'Account registration switch' },
    { key: 'account.initPassword', name: '账号初始密码', value: '123456', remark: 'Initial password for new and reset accounts' },
    { key: 'account.lockMinutes', name: '账号锁定时长（分钟）', value: '30', remark: 'Minutes an account stays locked after 5 failed sign-ins; 0 = until an administrator unlocks it' },
  ],
})
