import { Dropdown, Field, Option } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useFetch } from '../../shared/data'
import '../course-details/locale'

interface ChapterChoice {
  id: string
  title: string
}

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
  const chapters = useFetch<ChapterChoice[]>(
    '/api/hm-courseSection/courseSection/getCourseSection',
    { id: courseId },
    { silent: true },
  )
  const rows = chapters.data ?? []
  return (
    <Field label={t('chooseChapter')} hint={chapters.isSuccess && !rows.length ? t('noChapters') : undefined}>
      <Dropdown
        value={rows.find((c) => c.id === value)?.title ?? ''}
        selectedOptions={value ? [value] : []}
        placeholder={t('chooseChapter')}
        onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue)}
        data-testid="chapter-picker"
      >
        {rows.map((c) => (
          <Option key={c.id} value={c.id}>
            {c.title}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}
