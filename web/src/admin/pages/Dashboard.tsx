import {
  Badge,
  Button,
  Card,
  CardHeader,
  Skeleton,
  SkeletonItem,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowClockwiseRegular, DatabaseRegular, PlugConnectedRegular, ServerRegular } from '@fluentui/react-icons'
import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { invalidate, useFetch } from '../../shared/data'
import { ColumnChart, HorizontalBars } from './BarChart'
import './locale'
import Statistics from './Statistics'
import type { UserTotal } from './Welcome'

/** GET /api/blade-system/user/getUserStatistics. */
interface UserStatistics {
  byRole: { roleId: string; roleName: string; roleAlias: string; count: number }[]
  byMonth: { month: string; count: number }[]
}
/** GET /api/health: each part 'up…', 'down' or 'not started'. */
interface Health {
  version: string
  database: string
  broker: string
  docker: string
}

type Loaded<T> = T | null | 'none'
/** A figure while loading (null), failed ('none') or known; a refresh shows loading again. */
const loaded = <T,>(q: { data?: T; isError: boolean; isFetching: boolean }): Loaded<T> =>
  q.isFetching ? null : q.isError ? 'none' : (q.data ?? null)

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  figure: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS },
  value: {
    fontSize: '30px',
    lineHeight: '36px',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { padding: tokens.spacingHorizontalL },
  health: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  probe: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  probeText: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
})

/** /wel/dashboard: user figures and charts, the teaching statistics, and whether the appliance's parts are running. */
export default function Dashboard() {
  const { t, i18n } = useTranslation('pages')
  const s = useStyles()
  const totals = loaded(
    useFetch<UserTotal>('/api/blade-system/user/getUserTotal', undefined, { silent: true, staleTime: 0 }),
  )
  const stats = loaded(
    useFetch<UserStatistics>('/api/blade-system/user/getUserStatistics', undefined, { silent: true, staleTime: 0 }),
  )
  const healthQuery = useFetch<Health>('/api/health', undefined, { silent: true, staleTime: 0 })
  const health = loaded(healthQuery)
  const checkedAt =
    healthQuery.dataUpdatedAt || healthQuery.errorUpdatedAt
      ? new Date(Math.max(healthQuery.dataUpdatedAt, healthQuery.errorUpdatedAt)).toLocaleTimeString()
      : ''
  const load = () => void invalidate('/api/blade-system/user', '/api/health')

  const en = i18n.language === 'en'
  const figure = (k: keyof UserTotal) => (
    <Card key={k} className={s.figure}>
      <Text className={s.muted} size={200}>
        {t(`welcome.${k}`)}
      </Text>
      {totals === null ? (
        <Skeleton aria-label={t('common:loading')}>
          <SkeletonItem size={36} />
        </Skeleton>
      ) : (
        <div className={s.value} data-testid={`dash-${k}`}>
          {totals === 'none' ? '–' : totals[k]}
        </div>
      )}
    </Card>
  )

  const probe = (icon: ReactNode, label: string, state: string | undefined, testId: string) => {
    const up = !!state && state.startsWith('up')
    const text = !state
      ? t('dashboard.unavailable')
      : up
        ? t('dashboard.up')
        : state === 'down'
          ? t('dashboard.down')
          : t('dashboard.notStarted')
    const detail = up ? state.slice(2).trim() : ''
    return (
      <div className={s.probe}>
        {icon}
        <div className={s.probeText}>
          <Text weight="semibold">{label}</Text>
          {detail && (
            <Text size={200} className={s.muted}>
              {detail}
            </Text>
          )}
        </div>
        <Badge
          style={{ marginLeft: 'auto' }}
          appearance="filled"
          color={up ? 'success' : state ? 'danger' : 'informative'}
          data-testid={testId}
        >
          {text}
        </Badge>
      </div>
    )
  }
  const h = health && health !== 'none' ? health : undefined

  return (
    <div className={s.root} data-testid="dashboard">
      <div className={s.head}>
        <Text as="h1" size={600} weight="semibold">
          {t('dashboard.title')}
        </Text>
        <Button icon={<ArrowClockwiseRegular />} onClick={load}>
          {t('dashboard.refresh')}
        </Button>
      </div>

      <div className={s.figures}>{(['total', 'active', 'pending', 'locked', 'disabled'] as const).map(figure)}</div>

      <div className={s.charts}>
        <Card className={s.card}>
          <CardHeader header={<Text weight="semibold">{t('dashboard.byRole')}</Text>} />
          {stats === null && (
            <Skeleton aria-label={t('common:loading')}>
              <SkeletonItem />
              <SkeletonItem />
              <SkeletonItem />
            </Skeleton>
          )}
          {(stats === 'none' || (stats && !stats.byRole.length)) && (
            <Text className={s.muted}>{t('dashboard.unavailable')}</Text>
          )}
          {stats && stats !== 'none' && stats.byRole.length > 0 && (
            <HorizontalBars
              testId="dash-by-role"
              bars={stats.byRole.map((r) => ({ label: en && r.roleAlias ? r.roleAlias : r.roleName, value: r.count }))}
            />
          )}
        </Card>
        <Card className={s.card}>
          <CardHeader header={<Text weight="semibold">{t('dashboard.byMonth')}</Text>} />
          {stats === null && (
            <Skeleton aria-label={t('common:loading')}>
              <SkeletonItem size={120} />
            </Skeleton>
          )}
          {stats === 'none' && <Text className={s.muted}>{t('dashboard.unavailable')}</Text>}
          {stats && stats !== 'none' && (
            <ColumnChart
              testId="dash-by-month"
              bars={stats.byMonth.map((m) => ({ label: m.month.slice(2), value: m.count }))}
            />
          )}
        </Card>
      </div>

      <Statistics />

      <Card className={s.card}>
        <CardHeader
          header={<Text weight="semibold">{t('dashboard.health')}</Text>}
          description={
            <Text size={200} className={s.muted}>
              {h ? `${t('dashboard.version')} ${h.version} · ` : ''}
              {checkedAt && t('dashboard.checkedAt', { time: checkedAt })}
            </Text>
          }
        />
        {health === null ? (
          <Skeleton aria-label={t('common:loading')}>
            <SkeletonItem size={48} />
          </Skeleton>
        ) : (
          <div className={s.health}>
            {probe(<DatabaseRegular fontSize={28} />, t('dashboard.database'), h?.database, 'health-database')}
            {probe(<PlugConnectedRegular fontSize={28} />, t('dashboard.broker'), h?.broker, 'health-broker')}
            {probe(<ServerRegular fontSize={28} />, t('dashboard.docker'), h?.docker, 'health-docker')}
          </div>
        )}
      </Card>
    </div>
  )
}
