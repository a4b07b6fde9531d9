import { Body1, Text, Title3 } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import type { CourseOverview } from '../../../../server/api-types'
import { inPlace } from '../shell/tabs-store'
import { useFetch } from '../../shared/data'
import Loading from '../../shared/Loading'
import CoursePicker from './CoursePicker'
import { Figures, Percent } from './figures'
import './locale'
import { SectionCard, TableCard } from './SectionCard'
import { useViewStyles } from './styles'

/**
 * /wel/CourseDetails?id=: a teacher's overview of one course — enrolments, average progress, who finished, the
 * rating, each chapter (linking to its page) and each learner's progress. From the menu without an id, the teacher
 * picks one of their courses first.
 */
export default function CourseDetails() {
  const { t } = useTranslation('courseView')
  const s = useViewStyles()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const [params] = useSearchParams()
  const id = params.get('id') ?? undefined
  const overview = useFetch<CourseOverview>(
    id ? '/api/hm-course/course/overview' : undefined,
    { id },
    {
      silent: true,
      staleTime: 0,
    },
  )
  // Another course replaces this one in its tab (and in history): one overview tab, whichever course it shows.
  const choose = (next: string) =>
    navigate(`/wel/CourseDetails?id=${encodeURIComponent(next)}`, inPlace(pathname + search))
  const picker = (
    <div className={s.picker}>
      <CoursePicker value={id} onChange={choose} />
    </div>
  )
  if (!id)
    return (
      <div className={s.root}>
        <Title3 as="h1">{t('chooseCourse')}</Title3>
        <Body1>{t('pick')}</Body1>
        {picker}
      </div>
    )
  if (overview.isError)
    return (
      <div className={s.root}>
        <Title3 as="h1">{t('course')}</Title3>
        <Body1 data-testid="course-not-found">{t('notFound')}</Body1>
        {picker}
      </div>
    )
  const o = overview.data
  if (!o) return <Loading />
  return (
    <div className={s.root} data-testid="course-details">
      <div className={s.head}>
        <Title3 as="h1">{o.title}</Title3>
        <RouterLink to="/content/course">{t('backToCourses')}</RouterLink>
      </div>
      {picker}
      <Figures
        items={[
          { key: 'approved', label: t('approved'), value: o.enrolled.approved },
          { key: 'pending', label: t('pending'), value: o.enrolled.pending },
          { key: 'average', label: t('average'), value: t('percent', { value: o.average }) },
          { key: 'completed', label: t('completed'), value: o.completed },
          {
            key: 'rating',
            label: t('rating'),
            value: o.ratings.count ? t('stars', { value: o.ratings.overall }) : '–',
            note: t('ratingCount', { count: o.ratings.count }),
          },
        ]}
      />
      <TableCard
        title={t('chapters')}
        testId="course-chapters"
        columns={[
          t('chapter'),
          { label: t('wares'), numeric: true },
          { label: t('questions'), numeric: true },
          { label: t('downloads'), numeric: true },
          t('average'),
          { label: t('completed'), numeric: true },
        ]}
        rows={o.chapters}
        rowKey={(c) => c.id}
        cells={(c) => [
          <RouterLink to={`/wel/viewChapter?id=${encodeURIComponent(c.id)}`} data-testid="chapter-link">
            {c.title}
          </RouterLink>,
          c.wares,
          c.questions,
          c.downloads,
          <Percent value={c.average} label={`${c.title} ${t('average')}`} />,
          c.completed,
        ]}
        empty={t('noChapters')}
      />
      <TableCard
        title={t('learners')}
        testId="course-learners"
        columns={[t('learner'), t('account'), { label: t('done'), numeric: true }, t('progress'), t('lastLearnTime')]}
        rows={o.learners}
        rowKey={(l) => l.userId}
        cells={(l) => [
          l.realName,
          l.account,
          `${l.done} / ${o.wares}`,
          <Percent value={l.progress} label={`${l.realName} ${t('progress')}`} />,
          l.lastLearnTime ?? t('never'),
        ]}
        empty={t('noLearners')}
      />
      <SectionCard
        title={t('ratings')}
        description={<Text className={s.muted}>{t('ratingCount', { count: o.ratings.count })}</Text>}
      >
        <div className={s.stars} data-testid="course-ratings">
          {(['target', 'content', 'method', 'effect'] as const).map((k) => (
            <div key={k}>
              <Text className={s.muted} size={200} block>
                {t(k)}
              </Text>
              <Text size={500} className={s.number}>
                {o.ratings.count ? t('stars', { value: o.ratings[k] }) : '–'}
              </Text>
            </div>
          ))}
        </div>
      </SectionCard>
    </div>
  )
}
