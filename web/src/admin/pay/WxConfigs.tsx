import { wxConfigFields } from '../../../../db/fields/pay'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'
import { enabledField, notifyUrlField } from './account-fields'

/** Where the WeChat Pay merchants live (blade-pay); the merged config's picker lists them from here too. */
export const WX_BASE = '/api/blade-pay/wxconfig'

const fields = screenFields(wxConfigFields, {
  name: { search: true, width: 200 },
  mchId: { search: true, width: 140 },
  appId: { search: true, width: 180 },
  // Neither secret is ever answered (detail leaves them out): blank in the form, blank on edit keeps them.
  apiV3Key: { list: false, view: false },
  privateKey: { list: false, view: false },
  serialNo: { list: false },
  platformSerial: { list: false },
  platformCert: { list: false },
  baseUrl: { list: false, span: 24 },
  notifyUrl: notifyUrlField('wxpay'),
  status: enabledField,
  remark: { list: false },
})

const screen: ResourceScreen = {
  base: WX_BASE,
  perm: 'pay:wxpay',
  title: L('微信支付配置', 'WeChat Pay'),
  fields,
}

/** A school's WeChat Pay v3 merchants: the API v3 key and the merchant private key sealed and never shown again. */
export default function WxConfigs() {
  return <ResourcePage screen={screen} />
}
