import { scopeApi, scopeData } from '../../../db/schema/index.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'

defineMessages({
  'scope.name': { zh: '请输入权限名称', en: 'please enter the scope name' },
  'scope.menu': { zh: '请选择所属菜单', en: 'please select the menu' },
  'scope.code': { zh: '请输入资源编号', en: 'please enter the resource code' },
  'scope.path': { zh: '请输入接口路径', en: 'please enter the API path' },
})

/**
 * Data scopes and API scopes, per tenant. Defining them here is storage; the
 * enforcement lives in lib/scope.ts (rows) and lib/permissions.ts (API paths).
 */
export const dataScopeResource = defineResource({
  table: scopeData,
  path: '/api/blade-system/data-scope',
  code: 'system:datascope',
  search: ['scopeName', 'resourceCode'],
  filters: ['menuId', 'scopeType'],
  messages: { scopeName: 'scope.name', menuId: 'scope.menu', resourceCode: 'scope.code' },
})

export const apiScopeResource = defineResource({
  table: scopeApi,
  path: '/api/blade-system/api-scope',
  code: 'system:apiscope',
  search: ['scopeName', 'resourceCode', 'scopePath'],
  filters: ['menuId', 'scopeType'],
  messages: { scopeName: 'scope.name', menuId: 'scope.menu', resourceCode: 'scope.code', scopePath: 'scope.path' },
})
