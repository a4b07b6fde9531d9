import { mailAddressFields } from '../../../../db/fields/mail'
import { L } from '../../../../db/fields/types'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'

/** The school's address book: entries in groups, offered when writing a mail. */
const screen: ResourceScreen = {
  base: '/api/blade-email/plat-address',
  perm: 'mail:address',
  title: L('通讯录', 'Address book'),
  fields: screenFields(mailAddressFields, {
    name: { search: true },
    email: { search: true },
    groupName: { search: true },
    phone: {},
    sort: { width: 80 },
    remark: { list: false, span: 24 },
  }),
}

export default function Address() {
  return <ResourcePage screen={screen} />
}
