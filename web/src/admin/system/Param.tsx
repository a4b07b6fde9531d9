import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L, need, remarkField } from './fields'

/** System parameters (spec §3, §5): name, key and value are required with the spec's messages. */
export const paramScreen: ResourceScreen = {
  base: '/api/blade-system/param',
  perm: 'system:param',
  title: L('参数管理', 'Parameters'),
  fields: [
    { name: 'paramName', label: L('参数名称', 'Parameter name'), search: true, required: need('请输入参数名称', 'please enter the parameter name') },
    { name: 'paramKey', label: L('参数键名', 'Parameter key'), search: true, required: need('请输入参数键名', 'please enter the parameter key') },
    { name: 'paramValue', label: L('参数键值', 'Parameter value'), required: need('请输入参数键值', 'please enter the parameter value'), span: 24 },
    remarkField,
  ],
}

export default function Param() {
  return <ResourcePage screen={paramScreen} />
}
