import { Button, Field as FluentField, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { EditorOf } from './editors'
import type { Field } from './schema'
import { useSay } from './text'

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/** The search fields of a screen (spec: search span 6, i.e. four to a row); Enter searches. */
export default function SearchBar({
  fields,
  value,
  onSearch,
}: {
  fields: Field[]
  value: Record<string, string>
  onSearch: (v: Record<string, string | undefined>) => void
}) {
  const s = useStyles()
  const say = useSay()
  const [draft, setDraft] = useState<Record<string, unknown>>(value)
  // The URL's filters change when this bar searches and when something else does (back button, a shared link).
  // Only the latter replaces the draft: the URL catches up with a search a moment later, and by then the user
  // may be typing the next one, which must not be overwritten with the previous search.
  const [seen, setSeen] = useState(() => filterKey(fields, value))
  const [searched, setSearched] = useState<string | null>(null)
  const key = filterKey(fields, value)
  if (key !== seen) {
    setSeen(key)
    if (key !== searched) setDraft(value)
  }
  if (!fields.length) return null
  const search = (v: Record<string, unknown>) => {
    const next = Object.fromEntries(
      fields.map((f) => [f.name, v[f.name] === undefined || v[f.name] === null ? undefined : String(v[f.name])]),
    )
    setSearched(filterKey(fields, next))
    onSearch(next)
  }
  const submit = () => search(draft)
  return (
    <div
      className={s.root}
      onKeyDown={(e) => {
        if (e.key === 'Enter') submit()
      }}
      data-testid="search-bar"
    >
      {fields.map((f) => (
        <FluentField key={f.name} label={say(f.label)}>
          <EditorOf
            field={{ ...f, type: f.type === 'textarea' || f.type === 'richtext' ? 'text' : f.type }}
            value={draft[f.name]}
            onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))}
          />
        </FluentField>
      ))}
      <div className={s.buttons}>
        <Button appearance="primary" icon={<SearchRegular />} onClick={submit} data-testid="search-submit">
          {say('search')}
        </Button>
        <Button
          icon={<ArrowResetRegular />}
          onClick={() => {
            setDraft({})
            search({})
          }}
        >
          {say('reset')}
        </Button>
      </div>
    </div>
  )
}

/** The search fields' non-empty values, in field order: what the URL holds after a search. */
const filterKey = (fields: Field[], v: Record<string, unknown>) =>
  JSON.stringify(
    fields.flatMap((f) =>
      v[f.name] === undefined || v[f.name] === null || v[f.name] === '' ? [] : [[f.name, String(v[f.name])]],
    ),
  )
