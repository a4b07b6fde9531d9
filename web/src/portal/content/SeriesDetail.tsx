import { Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useFetch } from '../../shared/data'
import { CourseTile, usePortalStyles } from './ui'
import { Html } from './rich'
import type { CourseCard } from './types'
import Loading from '../../shared/Loading'

/** A series: its description and its courses in order. */
export default function SeriesDetail() {
  const p = usePortalStyles()
  const { t } = useTranslation('learn')
  const [params] = useSearchParams()
  const sr = useFetch<{
    id: string
    title: string
    intro: string | null
    content: string | null
    courses: CourseCard[]
  }>('/api/nep-wbp/courseSeries/getCourseSeries', { id: params.get('id') ?? '' })
  if (!sr.data) return <div className={p.page}>{sr.isError ? <Text>{t('empty')}</Text> : <Loading />}</div>
  return (
    <div className={p.page}>
      <h1 className={p.h1}>{sr.data.title}</h1>
      <Html className={p.rich} html={sr.data.intro} />
      <h2 className={p.h2}>{t('seriesCourses')}</h2>
      <div className={p.grid}>
        {sr.data.courses.map((c) => (
          <CourseTile key={c.id} c={c} />
        ))}
      </div>
      <Html className={p.rich} html={sr.data.content} />
    </div>
  )
}
