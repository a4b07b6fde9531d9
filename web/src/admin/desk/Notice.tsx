import { noticeFields } from '../../../../db/fields/desk'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../../../../db/fields/types'

/** Notices: the resource's fields plus layout, nothing else. */
export const noticeScreen: ResourceScreen = {
  base: '/api/blade-desk/notice',
  perm: 'desk:notice',
  title: L('通知公告', 'Notices'),
  fields: screenFields(noticeFields, {
    title: { search: true, span: 24 },
    category: { search: true, width: 120 },
    releaseTime: { width: 170 },
    status: { width: 90 },
    content: { list: false, span: 24 },
    remark: { list: false, span: 24 },
  }),
}

export default function Notice() {
  return <ResourcePage screen={noticeScreen} />
}
