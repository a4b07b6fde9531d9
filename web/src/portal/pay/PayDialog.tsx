import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { write } from '../../shared/data'
import QrCode from './QrCode'
import { yuan } from './locale'
import { useOrderStatus } from './useOrderStatus'

type Channel = 'wxpay' | 'alipay'

/** What the enrol button buys: a priced course (type 1) or training camp (type 2) of the portal. */
export interface PricedItem {
  id: string
  type: number
  title: string
  price: number
}

interface Placed {
  id: string
  outTradeNo: string
  amount: number
  expireTime: string
}

const useStyles = makeStyles({
  body: { display: 'grid', gap: tokens.spacingVerticalM, justifyItems: 'center', textAlign: 'center' },
  channels: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
})

/**
 * A phone pays on the provider's own page (H5, a redirect); a computer shows the provider's QR code to scan. On a
 * phone only Alipay is offered: WeChat's H5 payment checks the payer's address, and inside WeChat JSAPI needs the
 * payer's openid, neither of which a portal page has.
 */
const onPhone = () =>
  window.matchMedia('(max-width: 768px)').matches || /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent)

/**
 * Buying a course or camp: the order is placed when the dialog opens (a second open answers the same pending
 * order), the learner picks a channel, scans the QR code (or is sent to the provider's page on a phone), and the
 * dialog learns the result from the live queue and checkOrderStatus, then says enrolled and calls `onPaid`.
 */
export default function PayDialog({
  item,
  onClose,
  onPaid,
}: {
  item: PricedItem
  onClose: () => void
  onPaid: () => void
}) {
  const s = useStyles()
  const { t } = useTranslation('pay')
  const [order, setOrder] = useState<Placed>()
  const [code, setCode] = useState<{ channel: Channel; value: string }>()
  const [redirecting, setRedirecting] = useState(false)
  const status = useOrderStatus(order?.id)
  const phone = onPhone()

  useEffect(() => {
    let live = true
    write<Placed>(
      '/api/blade-pay/order/submit',
      { body: { itemType: item.type === 2 ? 'camp' : 'course', itemId: item.id } },
      { invalidates: ['/api/blade-pay/order'] },
    ).then(
      (o) => live && setOrder(o),
      () => live && onClose(),
    )
    return () => {
      live = false
    }
  }, [item.id, item.type, onClose])

  useEffect(() => {
    if (status?.paid) onPaid()
  }, [status?.paid, onPaid])

  const pay = async (channel: Channel) => {
    if (!order) return
    if (phone) {
      const r = await api.post<{ url: string }>('/api/blade-pay/merge/mobilePay', { orderId: order.id, channel })
      setRedirecting(true)
      window.location.assign(r.url)
      return
    }
    const r = await api.post<{ codeUrl?: string; qrCode?: string }>('/api/blade-pay/merge/nativePay', {
      orderId: order.id,
      channel,
    })
    setCode({ channel, value: r.codeUrl ?? r.qrCode ?? '' })
  }

  const paid = status?.paid
  const closed = status?.status === 4
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="pay-dialog">
        <DialogBody>
          <DialogTitle>{t('title', { name: item.title })}</DialogTitle>
          <DialogContent className={s.body}>
            {!order ? (
              <Spinner />
            ) : paid ? (
              <Text size={500} weight="semibold" data-testid="pay-done">
                {t('paid')}
              </Text>
            ) : closed ? (
              <Text data-testid="pay-closed">{t('closed')}</Text>
            ) : (
              <>
                <Text size={400} weight="semibold" data-testid="pay-amount">
                  {t('amount', { yuan: yuan(order.amount) })}
                </Text>
                {!code && !redirecting && <Text>{t('choose')}</Text>}
                {!redirecting && (
                  <div className={s.channels}>
                    {!phone && (
                      <Button
                        appearance={code?.channel === 'wxpay' ? 'primary' : 'secondary'}
                        onClick={() => void pay('wxpay')}
                        data-testid="pay-wxpay"
                      >
                        {t('wxpay')}
                      </Button>
                    )}
                    <Button
                      appearance={code?.channel === 'alipay' ? 'primary' : 'secondary'}
                      onClick={() => void pay('alipay')}
                      data-testid="pay-alipay"
                    >
                      {t('alipay')}
                    </Button>
                  </div>
                )}
                {redirecting && <Spinner label={t('redirecting')} />}
                {code && (
                  <>
                    <QrCode value={code.value} label={t('qr')} />
                    <Text>{t(code.channel === 'wxpay' ? 'scanWx' : 'scanAli')}</Text>
                  </>
                )}
                <Text size={200} data-testid="pay-order" data-order={order.outTradeNo}>
                  {t('expires', { time: order.expireTime })} · {t('waiting')}
                </Text>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance={paid ? 'primary' : 'secondary'} onClick={onClose} data-testid="pay-close">
              {t('cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
