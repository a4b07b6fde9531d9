import { ossFields } from '../../../../db/fields/resource'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'
import EnableAction from '../widgets/EnableAction'

/** Object-storage configurations: the enabled one receives new uploads; none enabled = the appliance's own disk. */
export default function Oss() {
  const screen: ResourceScreen = {
    base: '/api/blade-resource/oss',
    perm: 'resource:oss',
    title: L('对象存储', 'Object storage'),
    fields: screenFields(ossFields, {
      ossCode: { search: true },
      category: { search: true, width: 130 },
      endpoint: { span: 24 },
      bucketName: {},
      region: { list: false },
      accessKey: { list: false },
      secretKey: { list: false, view: false },
      isEnabled: { form: false, width: 90 },
      remark: { list: false },
    }),
    rowActions: (row, ctx) => (
      <EnableAction
        row={row}
        ctx={ctx}
        base="/api/blade-resource/oss"
        perm="resource:oss"
        inUse={L('使用中', 'In use')}
      />
    ),
  }
  return <ResourcePage screen={screen} />
}
