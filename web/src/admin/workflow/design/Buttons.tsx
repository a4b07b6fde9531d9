import { wfButtonFields } from '../../../../../db/fields/workflow'
import { screenFields } from '../../../shared/resource/fields'
import ResourcePage from '../../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../../shared/resource/schema'
import { L } from '../../system/fields'
import { DESIGN } from '../api'

/** The buttons task forms may show (design/button): approve, reject, transfer, … with their order. */
export default function Buttons() {
  const screen: ResourceScreen = {
    base: `${DESIGN}/button`,
    perm: 'workflow:design:button',
    title: L('流程按钮', 'Buttons'),
    fields: screenFields(wfButtonFields, {
      buttonKey: { search: true, width: 160 },
      name: { search: true },
      sort: { width: 90 },
      display: { width: 110 },
      status: { width: 90 },
      remark: { list: false, span: 24 },
    }),
  }
  return <ResourcePage screen={screen} />
}
