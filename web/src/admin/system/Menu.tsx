import { screenFields } from '../../shared/resource/fields'
import { menuFields } from '../../../../db/fields/system'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

/** Menus and buttons: the codes here are the permission codes the server checks. */
export const menuScreen: ResourceScreen = {
  base: '/api/blade-system/menu',
  perm: 'system:menu',
  title: L('菜单管理', 'Menus'),
  tree: true,
  fields: screenFields(menuFields, {
    name: { search: true },
    alias: {},
    code: { search: true },
    path: { span: 24 },
    parentId: { list: false },
    source: { list: false },
    category: { width: 90 },
    action: { list: false },
    isOpen: { width: 90 },
    sort: { width: 80 },
    remark: { list: false },
  }),
}

export default function Menu() {
  return <ResourcePage screen={menuScreen} />
}
