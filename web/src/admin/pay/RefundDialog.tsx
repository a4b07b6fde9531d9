import { refundFields } from '../../../../db/fields/pay'
import { fenToYuan } from '../../../../db/fields/types'
import { write } from '../../shared/data'
import { notify } from '../../shared/notify'
import FormDialog from '../../shared/resource/FormDialog'
import { screenFields } from '../../shared/resource/fields'
import type { Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

const fields = screenFields(refundFields, {
  amount: { span: 24 },
  reason: { span: 24, type: 'textarea' },
})

/**
 * Refunds part or all of a paid order: the amount is typed in yuan (the form keeps whole fen, as the server wants)
 * and starts at what is left to refund. The server's refusals (state, amount, reason) show as it words them.
 */
export default function RefundDialog({ order, onClose }: { order: Row; onClose: () => void }) {
  const say = useSay()
  const left = Number(order.amount) - Number(order.refundedAmount ?? 0)
  return (
    <FormDialog
      mode="add"
      title={`${say(L('退款', 'Refund'))} · ${String(order.outTradeNo)} · ${say(L('可退', 'refundable'))} ¥${fenToYuan(left)}`}
      fields={fields}
      initial={{ amount: left, reason: '' }}
      onClose={onClose}
      onSubmit={async (values) => {
        await write(
          '/api/blade-pay/refund/submit',
          { body: { orderId: order.id, amount: values.amount, reason: values.reason } },
          { invalidates: ['/api/blade-pay/order'] },
        )
        notify.success(say(L('退款已提交', 'The refund has been submitted')))
        onClose()
      }}
    />
  )
}
