import { Badge, Tooltip } from '@fluentui/react-components'
import { FlashRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useFetch } from '../../shared/data'

interface Pool {
  id: string
  title: string
  imageId: string
  poolSize: number
  ready: number
}

/**
 * Warm containers per environment beside the running labs — the server's own
 * pools and those `atrium labs pool` warmed before a lesson (the server adopts
 * them), refreshed every 10 s.
 */
export default function WarmPools() {
  const { t } = useTranslation('lab')
  const { data } = useFetch<Pool[]>('/api/hm-userContainer/userContainer/pool', undefined, {
    silent: true,
    refetchInterval: 10_000,
  })
  if (!data?.length) return null
  return (
    <div
      role="status"
      data-testid="warm-pools"
      style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <FlashRegular aria-hidden />
      <span>{t('running.warm')}</span>
      {data.map((p) => (
        <Tooltip key={p.id} relationship="description" content={p.imageId}>
          <Badge appearance="tint" color={p.ready ? 'success' : 'warning'} data-testid="warm-pool" data-image={p.id}>
            {t('running.warmPool', { title: p.title, ready: p.ready, size: p.poolSize })}
          </Badge>
        </Tooltip>
      ))}
    </div>
  )
}
