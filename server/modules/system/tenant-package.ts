import { tenantPackage } from '../../../db/schema/index.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { platformOnly, platformWrites } from './platform-only.ts'

defineMessages({
  'package.name': { zh: '请输入套餐名称', en: 'please enter the package name' },
  'package.menus': { zh: '请选择菜单', en: 'please select menus' },
})

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
  messages: { packageName: 'package.name', menuId: 'package.menus' },
  access: { ...platformWrites, list: platformOnly, detail: platformOnly },
})
