import { useBrokerTopic } from '../../shared/broker'
import { keyOf, queryClient, useFetch } from '../../shared/data'
import { useSession } from '../../shared/session'

export interface OrderStatus {
  id: string
  outTradeNo: string
  status: number
  paid: boolean
  amount: number
  expireTime: string
}

const STATUS = '/api/blade-pay/order/checkOrderStatus'
/** Pending, a page asks again now and then (the server then asks the provider): the push may be missed. */
const POLL_MS = 10_000

/**
 * An order's state while its learner pays: the learner's live queue (user/<id>/inbox) says at once when a payment
 * of theirs was credited, and the order is read again then (and whenever the subscription is made, so a push sent
 * while it was being made is not missed); checkOrderStatus is also asked every ten seconds until the order leaves
 * pending. Nothing reloads the page.
 */
export function useOrderStatus(orderId: string | undefined) {
  const { user } = useSession()
  const params = { id: orderId }
  const status = useFetch<OrderStatus>(orderId ? STATUS : undefined, params, {
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 0 ? false : POLL_MS),
  })
  const reread = () => void queryClient.invalidateQueries({ queryKey: keyOf(STATUS, params) })
  useBrokerTopic(
    orderId && user ? `user/${user.user_id}/inbox` : null,
    (_topic, payload) => {
      const p = (payload ?? {}) as { type?: string; orderId?: string }
      if (p.type === 'pay' && p.orderId === orderId) reread()
    },
    reread,
  )
  return status.data
}
