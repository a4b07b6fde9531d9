import { param } from '../../../db/schema/index.ts'
import { paramFields } from '../../../db/fields/system.ts'
import { defineResource } from '../../lib/resource.ts'

/** System parameters (spec: paramName, paramKey, paramValue, remark), one set per tenant. */
export const paramResource = defineResource({
  table: param,
  path: '/api/blade-system/param',
  code: 'system:param',
  search: ['paramName', 'paramKey'],
  filters: ['status'],
  fields: paramFields,
  unique: ['paramKey'],
})
