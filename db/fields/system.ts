import { COMMON, defineFields, L } from './types.ts'

/** Fields of the system-administration resources (server validation and web screens both read these). */

export const postFields = defineFields({
  category: { label: L('岗位类型', 'Type'), type: 'dict', dict: { code: 'post_category' }, default: 4 },
  postCode: { label: L('岗位编号', 'Post code'), required: true, max: 64 },
  postName: { label: L('岗位名称', 'Post name'), required: true, max: 64 },
  sort: COMMON.sort,
  remark: COMMON.remark,
})

export const paramFields = defineFields({
  paramName: { label: L('参数名称', 'Parameter name'), required: true, max: 100 },
  paramKey: { label: L('参数键名', 'Parameter key'), required: true, max: 100 },
  paramValue: { label: L('参数键值', 'Parameter value'), required: true, max: 2000 },
  remark: COMMON.remark,
})

export const userFields = defineFields({
  account: { label: L('登录账号', 'Account'), required: true, max: 45 },
  password: { label: L('密码（留空为初始密码）', 'Password (empty = initial password)'), type: 'password', max: 128 },
  realName: { label: L('姓名', 'Real name'), max: 45 },
  name: { label: L('昵称', 'Nickname'), max: 45 },
  roleId: {
    label: L('所属角色', 'Roles'),
    type: 'tree',
    tree: { url: '/api/blade-system/role/tree', multiple: true },
    required: true,
  },
  deptId: {
    label: L('所属机构', 'Department'),
    type: 'tree',
    tree: { url: '/api/blade-system/dept/tree', multiple: true },
  },
  postId: {
    label: L('岗位', 'Post'),
    type: 'tree',
    tree: { url: '/api/blade-system/post/select', multiple: true, label: 'postName' },
  },
  phone: { label: L('手机号码', 'Phone'), rules: ['phone'] },
  email: { label: L('电子邮箱', 'E-mail'), rules: ['email'], max: 100 },
  avatar: {
    label: L('头像', 'Avatar'),
    type: 'image',
    rules: ['url'],
    max: 500,
    upload: { accept: ['jpg', 'jpeg', 'png'], maxKB: 500, max: 1, kind: 'avatar' },
  },
  sex: { label: L('性别', 'Sex'), type: 'dict', dict: { code: 'sex' } },
  birthday: { label: L('生日', 'Birthday'), type: 'date' },
  status: { label: L('账号状态', 'Status'), type: 'dict', dict: { code: 'account_status' }, default: 1 },
  locked: { label: L('已锁定', 'Locked'), type: 'switch' },
})

export const deptFields = defineFields({
  deptName: { label: L('机构名称', 'Name'), required: L('请输入机构名称', 'please enter the unit name'), max: 45 },
  fullName: { label: L('机构全称', 'Full name'), max: 100 },
  parentId: {
    label: L('上级机构', 'Parent'),
    type: 'tree',
    tree: { url: '/api/blade-system/dept/tree' },
    default: '0',
  },
  deptCategory: { label: L('机构类型', 'Type'), type: 'dict', dict: { code: 'dept_category' }, default: 1 },
  sort: COMMON.sort,
  remark: COMMON.remark,
})

export const roleFields = defineFields({
  roleName: { label: L('角色名称', 'Role name'), required: true, max: 45 },
  roleAlias: { label: L('角色别名', 'Alias'), required: L('请输入角色别名', 'please enter the role alias'), max: 45 },
  parentId: {
    label: L('上级角色', 'Parent'),
    type: 'tree',
    tree: { url: '/api/blade-system/role/tree' },
    default: '0',
  },
  sort: COMMON.sort,
  remark: COMMON.remark,
})

export const menuFields = defineFields({
  name: { label: L('菜单名称', 'Name'), required: L('请输入菜单名称', 'please enter the menu name'), max: 64 },
  alias: { label: L('英文名称', 'English name'), max: 64 },
  code: { label: L('菜单编号', 'Code'), required: L('请输入菜单编号', 'please enter the menu code'), max: 100 },
  path: { label: L('路由地址', 'Path'), max: 255 },
  parentId: {
    label: L('上级菜单', 'Parent'),
    type: 'tree',
    tree: { url: '/api/blade-system/menu/tree' },
    default: '0',
  },
  source: { label: L('菜单图标', 'Icon'), max: 64 },
  category: { label: L('菜单类型', 'Type'), type: 'dict', dict: { code: 'menu_category' }, default: 1 },
  action: { label: L('按钮功能', 'Button position'), type: 'dict', dict: { code: 'button_func' }, default: 0 },
  isOpen: { label: L('新窗口', 'New window'), type: 'dict', dict: { code: 'yes_no' }, default: 0 },
  sort: COMMON.sort,
  remark: COMMON.remark,
})

export const topMenuFields = defineFields({
  name: { label: L('菜单名称', 'Name'), required: L('请输入顶部菜单名称', 'please enter the top menu name'), max: 64 },
  alias: { label: L('英文名称', 'English name'), max: 64 },
  code: { label: L('菜单编号', 'Code'), required: L('请输入顶部菜单编号', 'please enter the top menu code'), max: 64 },
  source: { label: L('图标', 'Icon'), max: 64 },
  path: { label: L('路由', 'Path'), max: 255 },
  sort: COMMON.sort,
})

export const dictFields = defineFields({
  code: { label: L('字典编号', 'Code'), required: L('请输入字典编号', 'please enter the dictionary code'), max: 100 },
  dictValue: {
    label: L('字典名称', 'Name'),
    required: L('请输入字典名称', 'please enter the dictionary name'),
    max: 255,
  },
  dictValueEn: { label: L('英文名称', 'English name'), max: 255 },
  dictKey: { label: L('字典键值', 'Key'), required: L('请输入字典键值', 'please enter the dictionary key'), max: 255 },
  sort: {
    label: L('字典排序', 'Sort'),
    type: 'number',
    required: L('请输入字典排序', 'please enter the sort order'),
    default: 1,
  },
  isSealed: {
    label: L('封存', 'Sealed'),
    type: 'dict',
    dict: { code: 'yes_no' },
    required: L('请选择字典封存', 'please select whether it is sealed'),
    default: 0,
  },
  parentId: { label: L('上级字典', 'Parent'), default: '0' },
  remark: COMMON.remark,
})

export const regionFields = defineFields({
  code: { label: L('区划编号', 'Code'), required: L('请输入区划编号', 'please enter the region code') },
  name: { label: L('区划名称', 'Name'), required: L('请输入区划名称', 'please enter the region name'), max: 64 },
  parentCode: { label: L('上级编号', 'Parent code'), max: 12 },
  regionLevel: { label: L('区划层级', 'Level'), type: 'dict', dict: { code: 'region_level' }, default: 1 },
  sort: COMMON.sort,
  remark: COMMON.remark,
})

export const tenantFields = defineFields({
  tenantId: { label: L('租户编号', 'Tenant id'), max: 12 },
  tenantName: { label: L('租户名称', 'Tenant name'), required: true, max: 50 },
  domain: { label: L('绑定域名', 'Domain'), max: 255 },
  linkman: { label: L('联系人', 'Contact'), max: 20 },
  contactNumber: { label: L('联系电话', 'Phone'), rules: ['phone'] },
  address: { label: L('联系地址', 'Address'), max: 255 },
  accountNumber: { label: L('账号额度（-1 不限）', 'Account limit (-1 = unlimited)'), type: 'number', default: -1 },
  expireTime: { label: L('过期时间', 'Expires'), type: 'datetime' },
  assistantQuota: {
    label: L('学习助手每日提问（空为平台默认）', 'Study assistant questions a day (empty = platform default)'),
    type: 'number',
    range: { min: 0, max: 1000000, integer: true },
  },
  packageId: {
    label: L('租户套餐', 'Package'),
    type: 'tree',
    tree: { url: '/api/blade-system/tenant-package/list', params: { size: '200' }, label: 'packageName' },
  },
})

export const tenantPackageFields = defineFields({
  packageName: { label: L('套餐名称', 'Package name'), required: true, max: 50 },
  menuId: {
    label: L('菜单权限', 'Menus'),
    type: 'tree',
    tree: { url: '/api/blade-system/menu/tree', params: { withButtons: '1' }, multiple: true },
    required: L('请选择菜单', 'please select menus'),
  },
  remark: COMMON.remark,
})

export const clientFields = defineFields({
  clientId: {
    label: L('应用编号', 'Client id'),
    required: L('请输入客户端编号', 'please enter the client id'),
    max: 48,
  },
  clientSecret: {
    label: L('应用密钥', 'Client secret'),
    required: L('请输入客户端密钥', 'please enter the client secret'),
    max: 256,
  },
  scope: { label: L('授权范围', 'Scope'), default: 'all', max: 255 },
  authorizedGrantTypes: { label: L('授权类型', 'Grant types'), default: 'refresh_token,password,captcha', max: 255 },
  accessTokenValidity: { label: L('令牌秒数', 'Access token seconds'), type: 'number', default: 3600 },
  refreshTokenValidity: { label: L('刷新令牌秒数', 'Refresh token seconds'), type: 'number', default: 604800 },
  webServerRedirectUri: { label: L('回调地址', 'Redirect URI'), rules: ['url'], max: 255 },
})

const scopeCommon = {
  menuId: {
    label: L('所属菜单', 'Menu'),
    type: 'tree',
    tree: { url: '/api/blade-system/menu/tree' },
    required: L('请选择所属菜单', 'please select the menu'),
  },
  scopeName: { label: L('权限名称', 'Name'), required: L('请输入权限名称', 'please enter the scope name'), max: 100 },
  resourceCode: {
    label: L('资源编号', 'Resource code'),
    required: L('请输入资源编号', 'please enter the resource code'),
    max: 100,
  },
  remark: COMMON.remark,
} as const

export const dataScopeFields = defineFields({
  ...scopeCommon,
  scopeColumn: { label: L('权限字段', 'Column'), default: 'create_dept', max: 64 },
  scopeType: { label: L('权限类型', 'Type'), type: 'dict', dict: { code: 'data_scope_type' }, default: 3 },
  scopeValue: {
    label: L('自定义机构', 'Custom units'),
    type: 'tree',
    tree: { url: '/api/blade-system/dept/tree', multiple: true },
  },
})

export const apiScopeFields = defineFields({
  ...scopeCommon,
  scopePath: { label: L('接口路径', 'API path'), required: L('请输入接口路径', 'please enter the API path'), max: 255 },
  scopeType: { label: L('请求方法', 'Methods'), type: 'dict', dict: { code: 'api_scope_type' }, default: 1 },
})
