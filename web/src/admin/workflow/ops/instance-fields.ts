import type { Field } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { ended } from '../work/WorkList'

/** An instance's columns, as ops/processList and blade-flow/follow answer them (BladeFlow's names). */
export const INSTANCE_FIELDS: Field[] = [
  { name: 'name', label: L('流程实例', 'Process instance') },
  { name: 'processDefinitionKey', label: L('流程标识', 'Process key'), width: 140 },
  { name: 'startUserName', label: L('发起人', 'Started by'), width: 120 },
  {
    name: 'status',
    label: L('状态', 'Status'),
    type: 'select',
    width: 100,
    options: [
      { value: 'running', label: L('运行中', 'Running') },
      { value: 'suspended', label: L('已挂起', 'Suspended') },
      { value: 'finished', label: L('已办结', 'Finished') },
      { value: 'terminated', label: L('已终止', 'Terminated') },
    ],
  },
  { name: 'startTime', label: L('开始时间', 'Started'), type: 'datetime', width: 170 },
  ended,
]
