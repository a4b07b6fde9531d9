import { useTranslation } from 'react-i18next'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import './locale'
import TitledPicker, { type TitledChoice } from './TitledPicker'

/**
 * One of the courses and camps the caller may see (the course list's data scope: a teacher's own), for the pages
 * opened from the menu without an id.
 */
export default function CoursePicker({ value, onChange }: { value?: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('courseView')
  const courses = useFetch<Page<TitledChoice>>('/api/hm-course/course/page', { size: 200 }, { silent: true })
  return (
    <TitledPicker
      label={t('chooseCourse')}
      empty={t('noCourses')}
      rows={courses.data?.records ?? []}
      loaded={courses.isSuccess}
      value={value}
      onChange={onChange}
      testId="course-picker"
    />
  )
}
