import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField, sortField } from './fields'

/** Departments and classes as one tree (spec: type 1 department, 2 class). */
export const deptScreen: ResourceScreen = {
  base: '/api/blade-system/dept',
  perm: 'system:dept',
  title: L('机构管理', 'Departments'),
  tree: true,
  // The user list shows department names.
  invalidates: ['/api/blade-system/user'],
  fields: [
    { name: 'deptName', label: L('机构名称', 'Name'), search: true, required: need('请输入机构名称', 'please enter the unit name') },
    { name: 'fullName', label: L('机构全称', 'Full name') },
    { name: 'parentId', label: L('上级机构', 'Parent'), type: 'tree', tree: { url: '/api/blade-system/dept/tree' }, list: false, default: '0' },
    { name: 'deptCategory', label: L('机构类型', 'Type'), type: 'dict', dict: { code: 'dept_category' }, default: 1, search: true },
    sortField,
    remarkField,
  ],
}

export default function Dept() {
  return <ResourcePage screen={deptScreen} />
}
