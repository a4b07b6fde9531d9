import { Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import Loading from '../../../shared/Loading'
import { useFetch } from '../../../shared/data'
import { DESIGN, type StatisticsBar, type StatisticsCounts, type StatisticsIndex } from '../api'
import GroupedBars from './GroupedBars'
import '../locale'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  figure: { padding: tokens.spacingHorizontalL },
  value: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, lineHeight: 1.2 },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL, textAlign: 'center' },
})

const FIGURES = ['started', 'running', 'finished', 'overdue'] as const
const SERIES = ['started', 'finished', 'overdue'] as const
const COLORS = { started: '#0f6cbd', finished: '#107c10', overdue: '#c50f1f' }
/** A year of months: long enough to see a trend, short enough to read each bar. */
const MONTHS = 12

/**
 * Workflow statistics (design/statistics): the school's instances started, running and finished and its overdue
 * tasks, in all and per process (statistics/index), and started / finished / overdue per month (statistics/bar).
 */
export default function Statistics() {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const index = useFetch<StatisticsIndex>(`${DESIGN}/statistics/index`)
  const bar = useFetch<StatisticsBar>(`${DESIGN}/statistics/bar`, { months: MONTHS })
  const perProcess = useMemo(() => {
    const p = index.data?.processes ?? []
    return SERIES.map((k) => ({ name: t(`stats.${k}`), color: COLORS[k], values: p.map((x) => x[k]) }))
  }, [index.data, t])
  const perMonth = useMemo(
    () => SERIES.map((k) => ({ name: t(`stats.${k}`), color: COLORS[k], values: bar.data?.[k] ?? [] })),
    [bar.data, t],
  )
  if (!index.data || !bar.data) return <Loading />
  const total: StatisticsCounts = index.data.total
  return (
    <div className={s.root}>
      <div className={s.figures}>
        {FIGURES.map((k) => (
          <Card key={k} className={s.figure}>
            <Text size={300}>{t(`stats.${k}`)}</Text>
            <Text
              className={s.value}
              data-testid={`stat-${k}`}
              style={k === 'overdue' ? { color: COLORS.overdue } : undefined}
            >
              {total[k]}
            </Text>
          </Card>
        ))}
      </div>
      <div className={s.charts}>
        <Card>
          <CardHeader header={<Text weight="semibold">{t('stats.byProcess')}</Text>} />
          {index.data.processes.length ? (
            <GroupedBars
              labels={index.data.processes.map((p) => p.name)}
              series={perProcess}
              label={t('stats.byProcess')}
              testId="stats-by-process"
            />
          ) : (
            <Text className={s.empty}>{t('stats.empty')}</Text>
          )}
        </Card>
        <Card>
          <CardHeader header={<Text weight="semibold">{t('stats.byMonth')}</Text>} />
          <GroupedBars labels={bar.data.months} series={perMonth} label={t('stats.byMonth')} testId="stats-by-month" />
        </Card>
      </div>
    </div>
  )
}
