import { param } from '../../../db/schema/index.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { uniqueWithinTenant } from '../../lib/unique.ts'

defineMessages({
  'param.name': { zh: '请输入参数名称', en: 'please enter the parameter name' },
  'param.key': { zh: '请输入参数键名', en: 'please enter the parameter key' },
  'param.value': { zh: '请输入参数键值', en: 'please enter the parameter value' },
})

/** System parameters (spec: paramName, paramKey, paramValue, remark), one set per tenant. */
export const paramResource = defineResource({
  table: param,
  path: '/api/blade-system/param',
  code: 'system:param',
  search: ['paramName', 'paramKey'],
  filters: ['status'],
  messages: { paramName: 'param.name', paramKey: 'param.key', paramValue: 'param.value' },
  beforeWrite: (ctx, w) => uniqueWithinTenant(ctx, param, w, 'paramKey'),
})
