import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import { usePortalStyles } from '../content/ui'
import { yuan } from './locale'

interface MyOrder {
  id: string
  status: number
  outTradeNo: string
  itemType: 'course' | 'camp'
  itemId: string
  itemName: string
  amount: number
  refundedAmount: number
  createTime: string
  paidTime: string | null
}

const COLOR = { 0: 'warning', 1: 'success', 2: 'informative', 3: 'subtle', 4: 'subtle' } as const

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr auto auto',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    padding: '12px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  name: { display: 'grid', gap: '4px' },
  money: { display: 'grid', gap: '4px', justifyItems: 'end' },
})

/** The user centre's orders: the learner's own (the server answers no one else's), newest first, in yuan. */
export default function MyOrders() {
  const s = useStyles()
  const p = usePortalStyles()
  const { t } = useTranslation('pay')
  const list = useFetch<Page<MyOrder>>('/api/blade-pay/order/my', { size: 50 }, { staleTime: 0 })
  if (!list.data) return <Loading />
  if (!list.data.records.length) return <Text className={p.muted}>{t('none')}</Text>
  return (
    <>
      {list.data.records.map((o) => (
        <div key={o.id} className={s.row} data-testid="my-order" data-order={o.outTradeNo}>
          <div className={s.name}>
            <Link className={p.link} to={`/home/course-detail?id=${o.itemId}`} style={{ fontWeight: 600 }}>
              {o.itemName}
            </Link>
            <Text size={200} className={p.muted}>
              {t(`kind.${o.itemType}`)} · {t('orderNo')} {o.outTradeNo} · {t('createTime')} {o.createTime}
            </Text>
          </div>
          <div className={s.money}>
            <Text weight="semibold" data-testid="order-amount">
              ¥{yuan(o.amount)}
            </Text>
            {o.refundedAmount > 0 && (
              <Text size={200} data-testid="order-refunded">
                {t('refunded', { yuan: yuan(o.refundedAmount) })}
              </Text>
            )}
          </div>
          <Badge appearance="tint" color={COLOR[o.status as keyof typeof COLOR] ?? 'subtle'} data-testid="order-state">
            {t(`status.${o.status}`)}
          </Badge>
        </div>
      ))}
    </>
  )
}
