import {
  Button,
  Card,
  CardHeader,
  Field,
  Select,
  Skeleton,
  SkeletonItem,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { useFetch } from '../../shared/data'
import type { Series } from './StatisticsChart'
import './statistics-locale'

// ECharts comes with the first chart, in its own chunk: the shell and the dashboard's figures never wait for it.
const StatisticsChart = lazy(() => import('./StatisticsChart'))

/** GET /api/blade-report/statistics/course. */
interface CourseStats {
  courses: {
    courseId: string
    title: string
    enrolments: number
    completed: number
    completionRate: number
    ratings: number
    rating: number
  }[]
  enrolmentsByDay: { day: string; count: number }[]
  /** The five hottest courses' enrolments per day. */
  hotByDay: { day: string; courseId: string; title: string; count: number }[]
}
interface QuestionStat {
  questionId: string
  content: string
  point: string
  answered: number
  correctRate: number
}
/** GET /api/blade-report/statistics/exercise. */
interface ExerciseStats {
  attempts: number
  correctRate: number
  questions: QuestionStat[]
  points: { point: string; answered: number; correctRate: number }[]
  hardest: QuestionStat[]
}
/** GET /api/blade-report/statistics/user. */
interface LearnerStats {
  activeLearners: number
  activeByDay: { day: string; count: number }[]
  byDept: { deptId: string; deptName: string; count: number }[]
}
type StatsKind = 'course' | 'exercise' | 'user'

const PERIODS = [7, 30, 90, 180, 365]
const HOT = 10
const MOST_ANSWERED = 20

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBlock: tokens.spacingVerticalM,
  },
  figure: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  value: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  chart: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
})

/** The dashboard's teaching statistics: courses, exercises and learners over a period, drawn and exportable. */
export default function Statistics() {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const [kind, setKind] = useState<StatsKind>('course')
  const [days, setDays] = useState(30)
  const [exporting, setExporting] = useState(false)
  const query = useFetch<CourseStats | ExerciseStats | LearnerStats>(
    `/api/blade-report/statistics/${kind}`,
    { days },
    { silent: true, staleTime: 0 },
  )
  const exportWorkbook = () => {
    setExporting(true)
    void api
      .download('/api/blade-report/statistics/export', { type: kind, days }, `statistics-${kind}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false))
  }

  return (
    <Card style={{ padding: tokens.spacingHorizontalL }} data-testid="statistics">
      <div className={s.head}>
        <CardHeader
          className={s.grow}
          header={
            <Text as="h2" size={500} weight="semibold">
              {t('statistics.title')}
            </Text>
          }
        />
        <Field label={t('statistics.period')}>
          <Select value={String(days)} onChange={(_, d) => setDays(Number(d.value))} data-testid="statistics-period">
            {PERIODS.map((n) => (
              <option key={n} value={n}>
                {t('statistics.days', { count: n })}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          icon={<ArrowDownloadRegular />}
          onClick={exportWorkbook}
          disabled={exporting}
          data-testid="statistics-export"
        >
          {t('statistics.export')}
        </Button>
      </div>
      <TabList selectedValue={kind} onTabSelect={(_, d) => setKind(d.value as StatsKind)}>
        <Tab value="course" data-testid="statistics-tab-course">
          {t('statistics.courses')}
        </Tab>
        <Tab value="exercise" data-testid="statistics-tab-exercise">
          {t('statistics.exercises')}
        </Tab>
        <Tab value="user" data-testid="statistics-tab-user">
          {t('statistics.users')}
        </Tab>
      </TabList>
      {query.isFetching && !query.data ? (
        <Skeleton aria-label={t('common:loading')}>
          <SkeletonItem size={120} />
        </Skeleton>
      ) : query.isError || !query.data ? (
        <Text className={s.muted}>{t('statistics.failed')}</Text>
      ) : (
        <Suspense
          fallback={
            <Skeleton aria-label={t('common:loading')}>
              <SkeletonItem size={120} />
            </Skeleton>
          }
        >
          {kind === 'course' && <CourseCharts data={query.data as CourseStats} />}
          {kind === 'exercise' && <ExerciseCharts data={query.data as ExerciseStats} />}
          {kind === 'user' && <LearnerCharts data={query.data as LearnerStats} />}
        </Suspense>
      )}
    </Card>
  )
}

function Figures({ items }: { items: [label: string, value: ReactNode, testId: string][] }) {
  const s = useStyles()
  return (
    <div className={s.figures}>
      {items.map(([label, value, testId]) => (
        <div key={testId} className={s.figure}>
          <Text size={200} className={s.muted}>
            {label}
          </Text>
          <span className={s.value} data-testid={testId}>
            {value}
          </span>
        </div>
      ))}
    </div>
  )
}

/** A titled chart, or a line saying the period has nothing to draw. */
function Chart({
  title,
  empty,
  ...chart
}: {
  title: string
  empty: boolean
  kind: 'bar' | 'rows' | 'line'
  labels: string[]
  series: Series[]
  suffix?: string
  testId: string
  legend?: boolean
}) {
  const { t } = useTranslation('pages')
  const s = useStyles()
  return (
    <section className={s.chart}>
      <Text as="h3" weight="semibold">
        {title}
      </Text>
      {empty ? (
        <Text className={s.muted} data-testid={`${chart.testId}-empty`}>
          {t('statistics.none')}
        </Text>
      ) : (
        <StatisticsChart label={title} {...chart} />
      )}
    </section>
  )
}

function CourseCharts({ data }: { data: CourseStats }) {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const hot = useMemo(() => data.courses.slice(0, HOT), [data])
  const rated = useMemo(() => hot.filter((c) => c.ratings > 0), [hot])
  // One line per hot course over the days any of them had enrolments (a day without one is a 0 on that line).
  const trend = useMemo(() => {
    const days = [...new Set(data.hotByDay.map((d) => d.day))].sort()
    const lines = new Map<string, Series>()
    for (const d of data.hotByDay) {
      const line = lines.get(d.courseId) ?? { name: d.title, values: days.map(() => 0) }
      line.values[days.indexOf(d.day)] = d.count
      lines.set(d.courseId, line)
    }
    return { days, lines: [...lines.values()] }
  }, [data])
  const enrolled = data.courses.reduce((n, c) => n + c.enrolments, 0)
  const completed = data.courses.reduce((n, c) => n + c.completed, 0)
  return (
    <>
      <Figures
        items={[
          [t('statistics.courseCount'), data.courses.length, 'statistics-course-count'],
          [t('statistics.enrolments'), enrolled, 'statistics-enrolments'],
          [t('statistics.completed'), completed, 'statistics-completed'],
          [
            t('statistics.completionRate'),
            `${enrolled ? Math.round((completed / enrolled) * 1000) / 10 : 0}%`,
            'statistics-completion',
          ],
        ]}
      />
      <div className={s.charts}>
        <Chart
          title={t('statistics.hotCourses')}
          empty={!hot.length}
          kind="rows"
          labels={hot.map((c) => c.title)}
          series={[
            { name: t('statistics.enrolments'), values: hot.map((c) => c.enrolments) },
            { name: t('statistics.completed'), values: hot.map((c) => c.completed) },
          ]}
          testId="chart-hot-courses"
        />
        <Chart
          title={t('statistics.enrolmentsByDay')}
          empty={!data.enrolmentsByDay.length}
          kind="line"
          labels={data.enrolmentsByDay.map((d) => d.day)}
          series={[{ name: t('statistics.enrolments'), values: data.enrolmentsByDay.map((d) => d.count) }]}
          testId="chart-enrolments-by-day"
        />
        <Chart
          title={t('statistics.hotByDay')}
          empty={!trend.days.length}
          kind="line"
          labels={trend.days}
          series={trend.lines}
          legend
          testId="chart-hot-by-day"
        />
        <Chart
          title={t('statistics.ratings')}
          empty={!rated.length}
          kind="bar"
          labels={rated.map((c) => c.title)}
          series={[{ name: t('statistics.rating'), values: rated.map((c) => c.rating) }]}
          testId="chart-ratings"
        />
      </div>
    </>
  )
}

function ExerciseCharts({ data }: { data: ExerciseStats }) {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const busiest = useMemo(
    () => [...data.questions].sort((a, b) => b.answered - a.answered).slice(0, MOST_ANSWERED),
    [data],
  )
  const correct = t('statistics.correctRate')
  return (
    <>
      <Figures
        items={[
          [t('statistics.attempts'), data.attempts, 'statistics-attempts'],
          [correct, `${data.correctRate}%`, 'statistics-correct-rate'],
        ]}
      />
      <div className={s.charts}>
        <Chart
          title={t('statistics.byPoint')}
          empty={!data.points.length}
          kind="bar"
          labels={data.points.map((p) => p.point || t('statistics.noPoint'))}
          series={[{ name: correct, values: data.points.map((p) => p.correctRate) }]}
          suffix="%"
          testId="chart-points"
        />
        <Chart
          title={t('statistics.hardest')}
          empty={!data.hardest.length}
          kind="rows"
          labels={data.hardest.map((q) => q.content)}
          series={[{ name: correct, values: data.hardest.map((q) => q.correctRate) }]}
          suffix="%"
          testId="chart-hardest"
        />
        <Chart
          title={t('statistics.byQuestion')}
          empty={!busiest.length}
          kind="bar"
          labels={busiest.map((q) => q.content)}
          series={[{ name: correct, values: busiest.map((q) => q.correctRate) }]}
          suffix="%"
          testId="chart-questions"
        />
      </div>
    </>
  )
}

function LearnerCharts({ data }: { data: LearnerStats }) {
  const { t } = useTranslation('pages')
  const s = useStyles()
  const active = t('statistics.activeLearners')
  return (
    <>
      <Figures items={[[active, data.activeLearners, 'statistics-active-learners']]} />
      <div className={s.charts}>
        <Chart
          title={t('statistics.activeByDay')}
          empty={!data.activeByDay.length}
          kind="line"
          labels={data.activeByDay.map((d) => d.day)}
          series={[{ name: active, values: data.activeByDay.map((d) => d.count) }]}
          testId="chart-active-by-day"
        />
        <Chart
          title={t('statistics.byDept')}
          empty={!data.byDept.length}
          kind="rows"
          labels={data.byDept.map((d) => d.deptName || t('statistics.noDept'))}
          series={[{ name: active, values: data.byDept.map((d) => d.count) }]}
          testId="chart-by-dept"
        />
      </div>
    </>
  )
}
