import { tenantPackageFields } from '../../../../db/fields/system'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

/** Tenant packages: add, edit and delete always offered, view disabled, "operation successful" (spec §2, §8). */
export const tenantPackageScreen: ResourceScreen = {
  base: '/api/blade-system/tenant-package',
  perm: 'system:tenantpackage',
  title: L('租户套餐', 'Tenant packages'),
  actions: { view: false },
  plainSuccess: true,
  fields: screenFields(tenantPackageFields, {
    packageName: { search: true },
    menuId: { list: false, span: 24 },
    remark: { list: false },
  }),
}

export default function TenantPackage() {
  return <ResourcePage screen={tenantPackageScreen} />
}
