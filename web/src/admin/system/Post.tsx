import { screenFields } from '../../shared/resource/fields'
import { postFields } from '../../../../db/fields/system'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

export const postScreen: ResourceScreen = {
  base: '/api/blade-system/post',
  perm: 'system:post',
  title: L('岗位管理', 'Posts'),
  fields: screenFields(postFields, {
    category: { search: true },
    postCode: { search: true },
    postName: { search: true },
    sort: { width: 80 },
    remark: { list: false },
  }),
}

export default function Post() {
  return <ResourcePage screen={postScreen} />
}
