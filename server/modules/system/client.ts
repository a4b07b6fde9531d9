import { client } from '../../../db/schema/index.ts'
import { clientFields } from '../../../db/fields/system.ts'
import { defineResource } from '../../lib/resource.ts'
import { platformOnly, platformWrites } from './platform-only.ts'

/** OAuth clients the token endpoint accepts (Basic client check). A platform matter. */
export const clientResource = defineResource({
  table: client,
  path: '/api/blade-system/client',
  code: 'system:client',
  global: true,
  search: ['clientId'],
  fields: clientFields,
  access: { ...platformWrites, list: platformOnly, detail: platformOnly },
  unique: ['clientId'],
})
