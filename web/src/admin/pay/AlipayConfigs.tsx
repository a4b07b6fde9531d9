import { alipayConfigFields } from '../../../../db/fields/pay'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'
import { enabledField, notifyUrlField } from './account-fields'

/** Where the Alipay accounts live (blade-pay); the merged config's picker lists them from here too. */
export const ALIPAY_BASE = '/api/blade-pay/alipay/config'

const fields = screenFields(alipayConfigFields, {
  name: { search: true, width: 200 },
  appId: { search: true, width: 180 },
  // The server never answers the private key (detail leaves it out): the form starts blank, blank on edit keeps it.
  privateKey: { list: false, view: false },
  alipayPublicKey: { list: false },
  gateway: { list: false, span: 24 },
  notifyUrl: notifyUrlField('alipay'),
  returnUrl: { list: false, span: 24 },
  status: enabledField,
  remark: { list: false },
})

const screen: ResourceScreen = {
  base: ALIPAY_BASE,
  perm: 'pay:alipay',
  title: L('支付宝配置', 'Alipay'),
  fields,
}

/** A school's Alipay applications: RSA2 keys sealed on the server and never shown again. */
export default function AlipayConfigs() {
  return <ResourcePage screen={screen} />
}
