import { Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Page } from '../../../shared/api'
import { useFetch } from '../../../shared/data'
import Loading from '../../../shared/Loading'
import type { Field } from '../../../shared/resource/schema'
import { DESIGN } from '../api'
import FormFields from './FormFields'
import { parseFormContent } from './form-content'
import type { FormTheme } from './form-theme'
import '../locale'

/** A filled form as design/form/variable answers it: the form as it was, the values, and its theme. */
interface FilledFormRow {
  id: string
  taskDefKey: string
  taskName?: string | null
  formOption: string
  formVariable: string
  createUsername?: string | null
  createTime?: string | null
  theme?: FormTheme | null
}

const useStyles = makeStyles({
  one: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

function valuesOf(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The form's fields as it was; a key with no designed form (an external page's) shows its values by name. */
function fieldsOf(r: FilledFormRow): Field[] {
  const designed = parseFormContent(r.formOption)
  if (designed.length) return designed
  return Object.keys(valuesOf(r.formVariable)).map((k) => ({ name: k, label: { zh: k, en: k } }))
}

/**
 * The forms submitted at each node of a process (its design/form/variable rows): each as its form was then, with the
 * values given, in the theme its form named. Nothing when the process has none.
 */
export default function FilledForms({ processInstanceId }: { processInstanceId: string }) {
  const s = useStyles()
  const { t } = useTranslation('workflow')
  const q = useFetch<Page<FilledFormRow>>(`${DESIGN}/form/variable/list`, {
    processInsId: processInstanceId,
    size: 100,
  })
  if (q.isLoading) return <Loading />
  const rows = q.data?.records ?? []
  if (!rows.length) return null
  return (
    <>
      <Subtitle2>{t('process.filledForms')}</Subtitle2>
      {rows.map((r) => (
        <div key={r.id} className={s.one} data-testid="filled-form">
          <Text weight="semibold">
            {t('process.filledBy', {
              node: r.taskName || r.taskDefKey,
              user: r.createUsername ?? '',
              time: r.createTime ?? '',
            })}
          </Text>
          <FormFields
            fields={fieldsOf(r)}
            values={valuesOf(r.formVariable)}
            theme={r.theme}
            testId="filled-form-view"
          />
        </div>
      ))}
    </>
  )
}
