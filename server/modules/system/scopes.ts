import { Type } from '@sinclair/typebox'
import { scopeApi, scopeData } from '../../../db/schema/index.ts'
import { apiScopeFields, dataScopeFields } from '../../../db/fields/system.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'

defineMessages({
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
  fields: dataScopeFields,
  // 1 all, 2 own records, 3 own unit, 4 own unit and below, 5 the listed units.
  body: {
    scopeType: Type.Integer({ minimum: 1, maximum: 5 }),
    scopeColumn: Type.String({ pattern: '^[a-z_]{1,64}$' }),
  },
  beforeWrite(_ctx, w) {
    if (w.op === 'remove') return
    const type = w.values.scopeType ?? w.before[0]?.scopeType
    const value = w.values.scopeValue === undefined ? w.before[0]?.scopeValue : w.values.scopeValue
    if (type === 5 && !/^\d{1,20}(,\d{1,20})*$/.test(String(value ?? '')))
      throw badRequest('scope.value', { field: 'scopeValue' }, 'scopeValue')
  },
})

export const apiScopeResource = defineResource({
  table: scopeApi,
  path: '/api/blade-system/api-scope',
  code: 'system:apiscope',
  search: ['scopeName', 'resourceCode', 'scopePath'],
  filters: ['menuId', 'scopeType'],
  fields: apiScopeFields,
  // 1 every method, 2 GET only, 3 the other methods; a path ending in ** covers everything below it.
  body: { scopeType: Type.Integer({ minimum: 1, maximum: 3 }), scopePath: Type.String({ pattern: '^/api/\\S*$' }) },
})
