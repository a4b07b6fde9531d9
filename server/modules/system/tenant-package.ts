import { tenantPackage } from '../../../db/schema/index.ts'
import { tenantPackageFields } from '../../../db/fields/system.ts'
import { defineResource } from '../../lib/resource.ts'
import { platformOnly, platformWrites } from './platform-only.ts'

/**
 * A package is the set of menus a tenant may use (comma-joined ids). It is read
 * per request (lib/permissions.ts), so a change applies to the tenant at once.
 */
export const tenantPackageResource = defineResource({
  table: tenantPackage,
  path: '/api/blade-system/tenant-package',
  code: 'system:tenantpackage',
  global: true,
  search: ['packageName'],
  fields: tenantPackageFields,
  access: { ...platformWrites, list: platformOnly, detail: platformOnly },
})
