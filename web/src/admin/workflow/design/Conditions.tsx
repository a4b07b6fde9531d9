import { wfConditionFields } from '../../../../../db/fields/workflow'
import { screenFields } from '../../../shared/resource/fields'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN } from '../api'

/** Reusable expressions (design/condition): flow conditions such as ${days > 3} and assignee expressions. */
export default function Conditions() {
  const screen: ResourceScreen = {
    base: `${DESIGN}/condition`,
    perm: 'workflow:design:condition',
    title: L('流程表达式', 'Expressions'),
    fields: screenFields(wfConditionFields, {
      name: { search: true },
      type: { search: true, width: 120 },
      expression: { width: 240 },
      remark: { list: false, span: 24 },
    }),
  }
  return <ResourcePage screen={screen} />
}
