import { Type } from '@sinclair/typebox'
import { scopeApi, scopeData } from '../../../db/schema/index.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'

defineMessages({
  'scope.name': { zh: '请输入权限名称', en: 'please enter the scope name' },
  'scope.menu': { zh: '请选择所属菜单', en: 'please select the menu' },
  'scope.code': { zh: '请输入资源编号', en: 'please enter the resource code' },
  'scope.path': { zh: '请输入接口路径', en: 'please enter the API path' },
  'scope.value': { zh: '请输入自定义的机构编号', en: 'please enter the unit ids of the custom scope' },
})

/**
 * Data scopes and API scopes, per tenant. Defining them here is storage; the
 * enforcement lives in lib/scope.ts (rows) and lib/permissions.ts (API paths),
 * once a role is granted the scope (role grant).
 */
export const dataScopeResource = defineResource({
  table: scopeData,
  path: '/api/blade-system/data-scope',
  code: 'system:datascope',
  search: ['scopeName', 'resourceCode'],
  filters: ['menuId', 'scopeType'],
  messages: { scopeName: 'scope.name', menuId: 'scope.menu', resourceCode: 'scope.code' },
  // 1 all, 2 own records, 3 own unit, 4 own unit and below, 5 the listed units.
  fields: { scopeType: Type.Integer({ minimum: 1, maximum: 5 }), scopeColumn: Type.String({ pattern: '^[a-z_]{1,64}$' }) },
  beforeWrite(_ctx, w) {
    if (w.op === 'remove') return
    const type = w.values.scopeType ?? w.before[0]?.scopeType
    const value = w.values.scopeValue === undefined ? w.before[0]?.scopeValue : w.values.scopeValue
    if (type === 5 && !/^\d{1,20}(,\d{1,20})*$/.test(String(value ?? ''))) throw badRequest('scope.value', { field: 'scopeValue' }, 'scopeValue')
  },
})

export const apiScopeResource = defineResource({
  table: scopeApi,
  path: '/api/blade-system/api-scope',
  code: 'system:apiscope',
  search: ['scopeName', 'resourceCode', 'scopePath'],
  filters: ['menuId', 'scopeType'],
  messages: { scopeName: 'scope.name', menuId: 'scope.menu', resourceCode: 'scope.code', scopePath: 'scope.path' },
  // 1 every method, 2 GET only, 3 the other methods; a path ending in ** covers everything below it.
  fields: { scopeType: Type.Integer({ minimum: 1, maximum: 3 }), scopePath: Type.String({ pattern: '^/api/\\S*$' }) },
})
