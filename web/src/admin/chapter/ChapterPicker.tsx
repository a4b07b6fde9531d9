import { useTranslation } from 'react-i18next'
import { useFetch } from '../../shared/data'
import '../course-details/locale'
import TitledPicker, { type TitledChoice } from '../course-details/TitledPicker'

/** A chapter of the chosen course (hm-courseSection getCourseSection: the course in the caller's scope). */
export default function ChapterPicker({
  courseId,
  value,
  onChange,
}: {
  courseId: string
  value?: string
  onChange: (id: string) => void
}) {
  const { t } = useTranslation('courseView')
  const chapters = useFetch<TitledChoice[]>(
    '/api/hm-courseSection/courseSection/getCourseSection',
    { id: courseId },
    { silent: true },
  )
  return (
    <TitledPicker
      label={t('chooseChapter')}
      empty={t('noChapters')}
      rows={chapters.data ?? []}
      loaded={chapters.isSuccess}
      value={value}
      onChange={onChange}
      testId="chapter-picker"
    />
  )
}
