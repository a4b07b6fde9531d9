import { Combobox, Dropdown, Input, Option, SpinButton, Switch, Textarea } from '@fluentui/react-components'
import { useState, type ReactNode } from 'react'
import { fenToYuan, yuanToFen } from '../../../../db/fields/types'
import { dictLabel, useDict } from '../dict'
import type { Field, FieldType } from './schema'
import { useSay } from './text'
import { useTreeOptions } from './tree-options'
import RichText from './RichText'
import Upload from './Upload'

export interface EditorProps {
  field: Field
  value: unknown
  onChange: (v: unknown) => void
  disabled?: boolean
}
type Editor = (p: EditorProps) => ReactNode

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))

const TextEditor: Editor = ({ value, onChange, disabled, field }) => (
  <Input
    value={str(value)}
    disabled={disabled}
    onChange={(_, d) => onChange(d.value)}
    type={field.type === 'password' ? 'password' : 'text'}
    data-testid={`field-${field.name}`}
  />
)

function DictEditor({ field, value, onChange, disabled }: EditorProps) {
  const items = useDict(field.dict?.code, field.dict?.biz)
  const current = items.find((i) => i.dictKey === str(value))
  return (
    <Dropdown
      value={current ? dictLabel(current) : ''}
      selectedOptions={[str(value)]}
      disabled={disabled}
      data-testid={`field-${field.name}`}
      onOptionSelect={(_, d) =>
        onChange(
          /^-?\d+$/.test(d.optionValue ?? '') && typeof value !== 'string' ? Number(d.optionValue) : d.optionValue,
        )
      }
    >
      {items.map((i) => (
        <Option key={i.dictKey} value={i.dictKey}>
          {dictLabel(i)}
        </Option>
      ))}
    </Dropdown>
  )
}

function SelectEditor({ field, value, onChange, disabled }: EditorProps) {
  const say = useSay()
  const current = field.options?.find((o) => String(o.value) === str(value))
  return (
    <Dropdown
      value={current ? say(current.label) : ''}
      selectedOptions={[str(value)]}
      disabled={disabled}
      data-testid={`field-${field.name}`}
      onOptionSelect={(_, d) => onChange(field.options?.find((o) => String(o.value) === d.optionValue)?.value)}
    >
      {field.options?.map((o) => (
        <Option key={String(o.value)} value={String(o.value)}>
          {say(o.label)}
        </Option>
      ))}
    </Dropdown>
  )
}

/** A tree endpoint as an indented single or multiple choice; multiple values are comma-joined. */
function TreeEditor({ field, value, onChange, disabled }: EditorProps) {
  const options = useTreeOptions(field.tree?.url, field.tree?.params, field.tree?.label)
  const multiple = !!field.tree?.multiple
  const chosen = str(value).split(',').filter(Boolean)
  const label = chosen.map((id) => options.find((o) => o.value === id)?.label ?? id).join(', ')
  return (
    <Combobox
      multiselect={multiple}
      value={label}
      selectedOptions={chosen}
      disabled={disabled}
      data-testid={`field-${field.name}`}
      readOnly
      onOptionSelect={(_, d) => onChange(multiple ? d.selectedOptions.join(',') : d.optionValue)}
    >
      {options.map((o) => (
        <Option key={o.value} value={o.value} text={o.label} disabled={o.disabled}>
          <span style={{ paddingLeft: o.depth * 16 }}>{o.label}</span>
        </Option>
      ))}
    </Combobox>
  )
}

/**
 * An amount entered in yuan and kept in fen: the form's value is whole fen when the text reads as an amount
 * (yuanToFen: exact, from the decimal string), else the text itself, which the field's check then refuses.
 */
function MoneyEditor({ field, value, onChange, disabled }: EditorProps) {
  const shown = typeof value === 'number' ? fenToYuan(value) : str(value)
  const [text, setText] = useState(shown)
  const [seen, setSeen] = useState(value)
  // Another record loaded (or the form reset) replaces the text; the user's own typing stays as typed.
  if (seen !== value) {
    setSeen(value)
    if (yuanToFen(text) !== value && text !== value) setText(shown)
  }
  return (
    <Input
      value={text}
      inputMode="decimal"
      contentBefore="¥"
      disabled={disabled}
      data-testid={`field-${field.name}`}
      onChange={(_, d) => {
        setText(d.value)
        onChange(d.value.trim() === '' ? null : (yuanToFen(d.value) ?? d.value))
      }}
    />
  )
}

/** How each field type is edited in the form. */
export const EDITORS: Record<FieldType, Editor> = {
  text: TextEditor,
  password: TextEditor,
  textarea: ({ value, onChange, disabled, field }) => (
    <Textarea
      value={str(value)}
      disabled={disabled}
      onChange={(_, d) => onChange(d.value)}
      resize="vertical"
      data-testid={`field-${field.name}`}
    />
  ),
  richtext: ({ value, onChange, disabled, field }) => (
    <RichText
      value={str(value)}
      onChange={onChange}
      disabled={disabled}
      testId={`field-${field.name}`}
      label={field.label}
    />
  ),
  number: ({ value, onChange, disabled, field }) => (
    <SpinButton
      value={value === '' || value === null || value === undefined ? null : Number(value)}
      disabled={disabled}
      data-testid={`field-${field.name}`}
      onChange={(_, d) =>
        onChange(d.value ?? (d.displayValue === undefined || d.displayValue === '' ? null : Number(d.displayValue)))
      }
    />
  ),
  money: MoneyEditor,
  switch: ({ value, onChange, disabled, field }) => (
    <Switch
      checked={value === 1 || value === '1' || value === true}
      disabled={disabled}
      onChange={(_, d) => onChange(d.checked ? 1 : 0)}
      data-testid={`field-${field.name}`}
    />
  ),
  date: ({ value, onChange, disabled, field }) => (
    <Input
      type="date"
      value={str(value).slice(0, 10)}
      disabled={disabled}
      onChange={(_, d) => onChange(d.value)}
      data-testid={`field-${field.name}`}
    />
  ),
  datetime: ({ value, onChange, disabled, field }) => (
    <Input
      type="datetime-local"
      step={1}
      value={str(value).replace(' ', 'T')}
      disabled={disabled}
      onChange={(_, d) => onChange(d.value.replace('T', ' ').padEnd(19, ':00').slice(0, 19))}
      data-testid={`field-${field.name}`}
    />
  ),
  select: SelectEditor,
  dict: DictEditor,
  tree: TreeEditor,
  image: ({ value, onChange, disabled, field }) => (
    <Upload
      value={str(value)}
      onChange={onChange}
      disabled={disabled}
      images
      rule={field.upload ?? { accept: ['jpg', 'jpeg', 'png'], maxKB: 5000, max: 1 }}
    />
  ),
  file: ({ value, onChange, disabled, field }) => (
    <Upload
      value={str(value)}
      onChange={onChange}
      disabled={disabled}
      images={false}
      rule={field.upload ?? { accept: ['zip', 'rar', 'pdf'], maxKB: 50000, max: 1 }}
    />
  ),
}

export const EditorOf = (p: EditorProps) => <>{EDITORS[p.field.type ?? 'text'](p)}</>
