import { Dropdown, Field, Option } from '@fluentui/react-components'

export interface TitledChoice {
  id: string
  title: string
}

/**
 * A labelled dropdown over rows with an id and a title (a course, a chapter), for the pages opened from the menu
 * without an id. `empty` is the hint once the rows arrived and there are none.
 */
export default function TitledPicker({
  label,
  empty,
  rows,
  loaded,
  value,
  onChange,
  testId,
}: {
  label: string
  empty: string
  rows: TitledChoice[]
  loaded: boolean
  value?: string
  onChange: (id: string) => void
  testId: string
}) {
  return (
    <Field label={label} hint={loaded && !rows.length ? empty : undefined}>
      <Dropdown
        value={rows.find((c) => c.id === value)?.title ?? ''}
        selectedOptions={value ? [value] : []}
        placeholder={label}
        onOptionSelect={(_, d) => d.optionValue && onChange(d.optionValue)}
        data-testid={testId}
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
