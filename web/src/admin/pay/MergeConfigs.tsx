import { mergeConfigFields } from '../../../../db/fields/pay'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'
import { ALIPAY_BASE } from './AlipayConfigs'
import { WX_BASE } from './WxConfigs'

/** The school's accounts of one kind as choices (by name); the list shows the chosen one's name the same way. */
const accounts = (base: string) => ({
  type: 'tree' as const,
  tree: { url: `${base}/list`, params: { size: '200' }, label: 'name' },
})

const fields = screenFields(mergeConfigFields, {
  name: { search: true, width: 200 },
  client: { search: true, width: 140 },
  alipayConfigId: accounts(ALIPAY_BASE),
  wxConfigId: accounts(WX_BASE),
  remark: { list: false },
})

const screen: ResourceScreen = {
  base: '/api/blade-pay/merge/config',
  perm: 'pay:merge',
  title: L('聚合支付配置', 'Merged payment'),
  fields,
}

/**
 * Which Alipay and WeChat Pay accounts serve each client (PC, mobile browser, app) for the merged pay calls, chosen
 * from the school's own configs; a row naming none falls back to the school's oldest enabled account.
 */
export default function MergeConfigs() {
  return <ResourcePage screen={screen} />
}
