import { refundFields } from '../../../../db/fields/pay'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen } from '../../shared/resource/schema'
import { L } from '../system/fields'
import { dateRange } from './dates'

const fields = [
  ...screenFields(refundFields, {
    outRefundNo: { search: true, width: 210 },
    // The order by its number, from the school's recent orders.
    orderId: {
      width: 210,
      type: 'tree',
      tree: { url: '/api/blade-pay/order/list', params: { size: '200' }, label: 'outTradeNo' },
    },
    amount: { width: 100 },
    reason: { search: true },
    status: { search: true, width: 100 },
    refundId: { list: false },
    refundTime: { width: 170 },
    createTime: { width: 170 },
    remark: { list: false },
  }),
  ...dateRange('createTime'),
]

const screen: ResourceScreen = {
  base: '/api/blade-pay/refund',
  perm: 'pay:refund',
  title: L('退款管理', 'Refunds'),
  fields,
  // Refunds are asked for from a paid order's row (orders screen) and never edited once sent to the provider.
  actions: { add: false, edit: false, delete: false, selection: false },
}

/** The school's refunds, read-only: which order, how much, why, and what the provider made of it. */
export default function Refunds() {
  return <ResourcePage screen={screen} />
}
