import { screenFields } from '../../shared/resource/fields'
import { paramFields } from '../../../../db/fields/system'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from './fields'

/** System parameters (spec §3, §5): name, key and value are required with the spec's messages. */
export const paramScreen: ResourceScreen = {
  base: '/api/blade-system/param',
  perm: 'system:param',
  title: L('参数管理', 'Parameters'),
  fields: screenFields(paramFields, {
    paramName: { search: true },
    paramKey: { search: true },
    paramValue: { span: 24 },
    remark: { list: false },
  }),
}

export default function Param() {
  return <ResourcePage screen={paramScreen} />
}
