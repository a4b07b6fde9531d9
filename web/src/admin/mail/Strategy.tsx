import { mailStrategyFields } from '../../../../db/fields/mail'
import { L } from '../../../../db/fields/types'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'

/** Sending strategies: which accounts send, falling back in order or taking turns; the default one carries the appliance's own mails. */
const screen: ResourceScreen = {
  base: '/api/blade-email/strategy',
  perm: 'mail:strategy',
  title: L('发送策略', 'Sending strategies'),
  fields: screenFields(mailStrategyFields, {
    name: { search: true },
    code: { search: true },
    mode: { width: 110 },
    configIds: { span: 24 },
    isDefault: { width: 110 },
    remark: { list: false, span: 24 },
  }),
}

export default function Strategy() {
  return <ResourcePage screen={screen} />
}
