import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField, sortField } from './fields'

export const postScreen: ResourceScreen = {
  base: '/api/blade-system/post',
  perm: 'system:post',
  title: L('岗位管理', 'Posts'),
  fields: [
    { name: 'category', label: L('岗位类型', 'Type'), type: 'dict', dict: { code: 'post_category' }, search: true, default: 4 },
    { name: 'postCode', label: L('岗位编号', 'Post code'), search: true, required: need('请输入岗位编号', 'please enter the post code') },
    { name: 'postName', label: L('岗位名称', 'Post name'), search: true, required: need('请输入岗位名称', 'please enter the post name') },
    sortField,
    remarkField,
  ],
}

export default function Post() {
  return <ResourcePage screen={postScreen} />
}
