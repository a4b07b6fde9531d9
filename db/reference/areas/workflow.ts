import { CRUD, defineReference, ownRowsFor } from '../types.ts'

/** Every signed-in staff role: each has tasks to start, claim and approve. */
const STAFF = ['manager', 'teacher', 'platform']

/**
 * Workflow (issue #28): "My work" for every staff role; design, operations, statistics and the classic engine
 * for administrators, who hold every menu (the platform's administrator and each school's `admin` role), so those
 * menus name no other holder — a school grants them to a role itself.
 */
export default defineReference({
  topMenus: [{ code: 'workflow', name: '流程中心', alias: 'Workflow', source: 'checklist', sort: 4 }],
  menus: [
    {
      code: 'work',
      name: '我的事务',
      alias: 'My work',
      path: '/work',
      source: 'checklist',
      sort: 7,
      topMenu: 'workflow',
      grant: STAFF,
      children: [
        { code: 'work:start', name: '发起事务', alias: 'Start', path: '/work/start', source: 'send', grant: STAFF },
        { code: 'work:claim', name: '待签事务', alias: 'To claim', path: '/work/claim', source: 'flag', grant: STAFF },
        { code: 'work:todo', name: '待办事务', alias: 'To do', path: '/work/todo', source: 'list', grant: STAFF },
        { code: 'work:send', name: '已发事务', alias: 'Sent', path: '/work/send', source: 'mail', grant: STAFF },
        { code: 'work:done', name: '办结事务', alias: 'Done', path: '/work/done', source: 'checklist', grant: STAFF },
        {
          code: 'work:copy',
          name: '抄送事务',
          alias: 'Copied to me',
          path: '/work/copy',
          source: 'attach',
          grant: STAFF,
        },
      ],
    },
    {
      code: 'workflow',
      name: '流程设计',
      alias: 'Workflow design',
      path: '/workflow',
      source: 'board',
      sort: 8,
      topMenu: 'workflow',
      children: [
        {
          code: 'workflow:design:model',
          name: '模型设计',
          alias: 'Models',
          path: '/workflow/design/model',
          source: 'board',
          buttons: [
            ...CRUD,
            ['design', '设计', 'Design'],
            ['deploy', '部署', 'Deploy'],
            ['history', '历史版本', 'Versions'],
            ['scope', '发起权限', 'Who may start'],
          ],
        },
        {
          code: 'workflow:design:form',
          name: '表单设计',
          alias: 'Forms',
          path: '/workflow/design/form',
          source: 'document',
          buttons: [...CRUD, ['history', '历史版本', 'Versions'], ['defaultValues', '默认值', 'Default values']],
        },
        {
          code: 'workflow:design:form:theme',
          name: '表单主题',
          alias: 'Form themes',
          path: '/workflow/design/form-theme',
          source: 'document',
          buttons: CRUD,
        },
        {
          code: 'workflow:design:form:variable',
          name: '历史变量',
          alias: 'Filled forms',
          path: '/workflow/design/form-variable',
          source: 'list',
          buttons: ['delete', 'view'],
        },
        {
          code: 'workflow:design:deployment',
          name: '部署管理',
          alias: 'Deployments',
          path: '/workflow/design/deployment',
          source: 'upgrade',
          buttons: ['delete', 'view', ['status', '激活/挂起', 'Activate/suspend'], ['category', '分类', 'Category']],
        },
        {
          code: 'workflow:design:category',
          name: '流程分类',
          alias: 'Categories',
          path: '/workflow/design/category',
          source: 'folder',
          buttons: CRUD,
        },
        {
          code: 'workflow:design:button',
          name: '流程按钮',
          alias: 'Buttons',
          path: '/workflow/design/button',
          source: 'tab',
          buttons: CRUD,
        },
        {
          code: 'workflow:design:condition',
          name: '流程表达式',
          alias: 'Expressions',
          path: '/workflow/design/condition',
          source: 'options',
          buttons: CRUD,
        },
        {
          code: 'workflow:ops',
          name: '流程运维',
          alias: 'Operations',
          path: '/workflow/ops',
          source: 'settings',
          buttons: [
            'view',
            ['handle', '办理', 'Handle'],
            ['terminate', '终止', 'Terminate'],
            ['delete', '删除', 'Delete'],
          ],
        },
        {
          code: 'workflow:statistics',
          name: '流程统计',
          alias: 'Statistics',
          path: '/workflow/statistics',
          source: 'chart',
        },
      ],
    },
    {
      code: 'flow',
      name: '流程管理',
      alias: 'Flow (classic)',
      path: '/flow',
      source: 'stack',
      sort: 9,
      topMenu: 'workflow',
      children: [
        {
          code: 'flow:model',
          name: '模型管理',
          alias: 'Models',
          path: '/flow/model',
          source: 'board',
          buttons: [...CRUD, ['deploy', '部署', 'Deploy']],
        },
        {
          code: 'flow:manager',
          name: '流程管理',
          alias: 'Definitions',
          path: '/flow/manager',
          source: 'upgrade',
          buttons: [['state', '变更状态', 'Change state'], ['upload', '上传部署', 'Upload and deploy'], 'delete'],
        },
        {
          code: 'flow:follow',
          name: '流程跟踪',
          alias: 'Running processes',
          path: '/flow/follow',
          source: 'pulse',
          buttons: ['view', 'delete'],
        },
      ],
    },
  ],
  // A member of staff sees the leave requests they made; an administrator widens a role in its data-scope grant.
  dataScopes: ownRowsFor(STAFF, ['work:start']),
  bizDicts: [
    [
      'wf_condition_type',
      '流程表达式类型',
      'Expression type',
      [
        ['condition', '流转条件', 'Flow condition'],
        ['assignee', '处理人', 'Assignee'],
      ],
    ],
    [
      'wf_default_value_type',
      '表单默认值类型',
      'Default value type',
      [
        ['text', '文本', 'Text'],
        ['user', '用户', 'User'],
        ['dept', '部门', 'Department'],
        ['date', '日期', 'Date'],
      ],
    ],
  ],
  systemDicts: [
    [
      'wf_process_status',
      '流程状态',
      'Process status',
      [
        ['running', '运行中', 'Running'],
        ['suspended', '已挂起', 'Suspended'],
        ['finished', '已完成', 'Finished'],
        ['terminated', '已终止', 'Terminated'],
      ],
    ],
    [
      'wf_deployment_status',
      '部署状态',
      'Deployment status',
      [
        ['1', '激活', 'Active'],
        ['2', '挂起', 'Suspended'],
      ],
    ],
  ],
})
