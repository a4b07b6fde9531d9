import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField } from './fields'

/** Tenant packages: add, edit and delete always offered, view disabled, "operation successful" (spec §2, §8). */
export const tenantPackageScreen: ResourceScreen = {
  base: '/api/blade-system/tenant-package',
  perm: 'system:tenantpackage',
  title: L('租户套餐', 'Tenant packages'),
  actions: { view: false },
  plainSuccess: true,
  fields: [
    { name: 'packageName', label: L('套餐名称', 'Package name'), search: true, required: need('请输入套餐名称', 'please enter the package name') },
    { name: 'menuId', label: L('菜单权限', 'Menus'), type: 'tree', tree: { url: '/api/blade-system/menu/tree', params: { withButtons: '1' }, multiple: true }, required: need('请选择菜单', 'please select menus'), list: false, span: 24 },
    remarkField,
  ],
}

export default function TenantPackage() {
  return <ResourcePage screen={tenantPackageScreen} />
}
