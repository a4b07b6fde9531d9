import { Dropdown, Field, Option } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Page } from '../../shared/api'
import { useFetch } from '../../shared/data'
import './locale'

interface CourseChoice {
  id: string
  title: string
}

/**
 * One of the courses and camps the caller may see (the course list's data scope: a teacher's own), for the pages
 * opened from the menu without an id.
 */
export default function CoursePicker({ value, onChange }: { value?: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('courseView')
  const courses = useFetch<Page<CourseChoice>>('/api/hm-course/course/page', { size: 200 }, { silent: true })
  const rows = courses.data?.records ?? []
  const chosen = rows.find((c) => c.id === value)
  return (
    <Field label={t('chooseCourse')} hint={courses.isSuccess && !rows.length ? t('noCourses') : undefined}>
      <Dropdown
        value={chosen?.title ?? ''}
        selectedOptions={value ? [value] : []}
        placeholder={t('chooseCourse')}
        onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue)}
        data-testid="course-picker"
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
