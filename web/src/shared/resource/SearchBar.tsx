import { Button, Field as FluentField, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { EditorOf } from './editors'
import type { Field } from './schema'
import { useSay } from './text'

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/** The search fields of a screen (spec: search span 6, i.e. four to a row); Enter searches. */
export default function SearchBar({ fields, value, onSearch }: { fields: Field[]; value: Record<string, string>; onSearch: (v: Record<string, string | undefined>) => void }) {
  const s = useStyles()
  const say = useSay()
  const [draft, setDraft] = useState<Record<string, unknown>>(value)
  useEffect(() => setDraft(value), [JSON.stringify(value)])
  if (!fields.length) return null
  const submit = () => onSearch(Object.fromEntries(fields.map((f) => [f.name, draft[f.name] === undefined || draft[f.name] === null ? undefined : String(draft[f.name])])))
  return (
    <div className={s.root} onKeyDown={(e) => { if (e.key === 'Enter') submit() }} data-testid="search-bar">
      {fields.map((f) => (
        <FluentField key={f.name} label={say(f.label)}>
          <EditorOf field={{ ...f, type: f.type === 'textarea' || f.type === 'richtext' ? 'text' : f.type }} value={draft[f.name]} onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))} />
        </FluentField>
      ))}
      <div className={s.buttons}>
        <Button appearance="primary" icon={<SearchRegular />} onClick={submit} data-testid="search-submit">{say('search')}</Button>
        <Button icon={<ArrowResetRegular />} onClick={() => { setDraft({}); onSearch({}) }}>{say('reset')}</Button>
      </div>
    </div>
  )
}
