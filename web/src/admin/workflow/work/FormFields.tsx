import { Field as FluentField, makeStyles, tokens } from '@fluentui/react-components'
import type { CSSProperties } from 'react'
import { CellOf } from '../../../shared/resource/cells'
import { EditorOf } from '../../../shared/resource/editors'
import type { Field, Row } from '../../../shared/resource/schema'
import { useSay } from '../../../shared/resource/text'
import { themeStyles, type FormTheme } from './form-theme'

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(24, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
  },
  cell: { gridColumn: 'span var(--form-span)', minWidth: 0, '@media (max-width: 600px)': { gridColumn: 'span 24' } },
  view: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  label: { color: tokens.colorNeutralForeground3 },
})

/**
 * The fields as editors (values in, changes out, a message per field), or read-only values when no onChange — in
 * the form's theme (design/form/theme) when it names one.
 */
export default function FormFields({
  fields,
  values,
  errors = {},
  onChange,
  theme,
  testId = 'form-view',
}: {
  fields: Field[]
  values: Row
  errors?: Record<string, string | undefined>
  onChange?: (name: string, value: unknown) => void
  theme?: FormTheme | null
  /** The read-only view's test id, where a page shows more than one form. */
  testId?: string
}) {
  const s = useStyles()
  const say = useSay()
  const look = themeStyles(theme)
  if (!onChange && !fields.length) return <span className={s.label}>{say('empty')}</span>
  if (!onChange)
    return (
      <div className={s.view} style={look?.grid} data-testid={testId}>
        {fields.map((f) => [
          <span key={`${f.name}-l`} className={s.label} style={look?.label}>
            {say(f.label)}
          </span>,
          <span key={f.name} style={look?.value} data-testid={`view-${f.name}`}>
            <CellOf field={f} row={values} />
          </span>,
        ])}
      </div>
    )
  return (
    <div className={s.grid}>
      {fields.map((f) => (
        <FluentField
          key={f.name}
          label={say(f.label)}
          required={!!f.required}
          validationMessage={errors[f.name]}
          className={s.cell}
          style={{ '--form-span': f.span ?? (f.type === 'textarea' ? 24 : 12) } as CSSProperties}
        >
          <EditorOf field={f} value={values[f.name]} onChange={(v) => onChange(f.name, v)} />
        </FluentField>
      ))}
    </div>
  )
}
