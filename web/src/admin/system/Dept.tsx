import { screenFields } from '../../shared/resource/fields'
import { deptFields } from '../../../../db/fields/system'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

/** Departments and classes as one tree (spec: type 1 department, 2 class). */
export const deptScreen: ResourceScreen = {
  base: '/api/blade-system/dept',
  perm: 'system:dept',
  title: L('机构管理', 'Departments'),
  tree: true,
  // The user list shows department names.
  invalidates: ['/api/blade-system/user'],
  fields: screenFields(deptFields, {
    deptName: { search: true },
    fullName: {},
    parentId: { list: false },
    deptCategory: { search: true },
    sort: { width: 80 },
    remark: { list: false },
  }),
}

export default function Dept() {
  return <ResourcePage screen={deptScreen} />
}
