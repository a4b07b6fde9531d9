import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowUndoRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { orderFields } from '../../../../db/fields/pay'
import { api } from '../../shared/api'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useListState } from '../../shared/resource/useListState'
import { L } from '../system/fields'
import { dateRange } from './dates'
import RefundDialog from './RefundDialog'

const BASE = '/api/blade-pay/order'
const PAID = 1

const fields = [
  ...screenFields(orderFields, {
    outTradeNo: { search: true, width: 210 },
    itemType: { search: true, width: 100 },
    itemName: { search: true, width: 220 },
    // The learner by name: the tenant's users (the picker list staff already read for course forms and messages).
    userId: {
      search: true,
      width: 120,
      type: 'tree',
      tree: { url: '/api/blade-user/user-list', params: { size: '200' }, label: 'realName' },
    },
    amount: { width: 100 },
    refundedAmount: { width: 100 },
    channel: { width: 100 },
    payType: { list: false },
    status: { search: true, width: 100 },
    transactionId: { list: false },
    configId: { list: false, view: false },
    createTime: { width: 170 },
    paidTime: { list: false },
    expireTime: { list: false },
    closeTime: { list: false },
    remark: { list: false },
  }),
  ...dateRange('createTime'),
]
const filterNames = fields.filter((f) => f.search).map((f) => f.name)

/**
 * The school's orders, read-only (a closed one may be removed): searched by state, item, learner and dates, the
 * same search exported as a CSV file, and a paid one refunded from its row.
 */
export default function Orders() {
  const say = useSay()
  const perms = usePermissions()
  const list = useListState(filterNames)
  const [refunding, setRefunding] = useState<Row | null>(null)
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'pay:order',
    title: L('订单管理', 'Orders'),
    fields,
    actions: { add: false, edit: false },
    invalidates: ['/api/blade-pay/refund'],
    toolbar: () =>
      perms.has('pay:order:export') && (
        <Button
          icon={<ArrowDownloadRegular />}
          onClick={() => void api.download(`${BASE}/export`, list.filters, 'orders.csv')}
          data-testid="order-export"
        >
          {say(L('导出', 'Export'))}
        </Button>
      ),
    rowActions: (row) =>
      row.status === PAID &&
      perms.has('pay:refund:add') && (
        <Button
          size="small"
          appearance="transparent"
          icon={<ArrowUndoRegular />}
          onClick={() => setRefunding(row)}
          data-testid="row-refund"
        >
          {say(L('退款', 'Refund'))}
        </Button>
      ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </>
  )
}
