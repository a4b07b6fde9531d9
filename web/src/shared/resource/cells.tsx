import { Badge, Image } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { fenToYuan } from '../../../../db/fields/types'
import { dictLabel, useDict } from '../dict'
import type { Field, FieldType, Row } from './schema'
import { useSay } from './text'
import { useTreeOptions } from './tree-options'

type Cell = (p: { field: Field; value: unknown; row: Row }) => ReactNode

const Plain: Cell = ({ value }) => (value === null || value === undefined ? '' : String(value))

function DictCell({ field, value }: { field: Field; value: unknown }) {
  const items = useDict(field.dict?.code, field.dict?.biz)
  const keys = String(value ?? '')
    .split(',')
    .filter(Boolean)
  return (
    <>
      {keys
        .map((k) => {
          const it = items.find((i) => i.dictKey === k)
          return it ? dictLabel(it) : k
        })
        .join(', ')}
    </>
  )
}

function SelectCell({ field, value }: { field: Field; value: unknown }) {
  const say = useSay()
  const o = field.options?.find((x) => String(x.value) === String(value))
  return <>{o ? say(o.label) : String(value ?? '')}</>
}

function TreeCell({ field, value }: { field: Field; value: unknown }) {
  const options = useTreeOptions(field.tree?.url, field.tree?.params, field.tree?.label)
  const ids = String(value ?? '')
    .split(',')
    .filter(Boolean)
  return <>{ids.map((id) => options.find((o) => o.value === id)?.label ?? id).join(', ')}</>
}

function SwitchCell({ value }: { value: unknown }) {
  const say = useSay()
  const on = value === 1 || value === '1' || value === true
  return (
    <Badge appearance="tint" color={on ? 'success' : 'informative'}>
      {say(on ? 'yes' : 'no')}
    </Badge>
  )
}

/** Up to three thumbnails, each named after the column (a picture with no name is read out as its file path). */
function Images({ field, value }: { field: Field; value: unknown }) {
  const say = useSay()
  const srcs = String(value ?? '')
    .split(',')
    .filter(Boolean)
    .slice(0, 3)
  const name = say(field.label)
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      {srcs.map((src, i) => (
        <Image
          key={src}
          src={src}
          alt={srcs.length > 1 ? `${name} ${i + 1}` : name}
          width={36}
          height={36}
          fit="cover"
          shape="rounded"
        />
      ))}
    </span>
  )
}

const Files: Cell = ({ value }) => (
  <>
    {String(value ?? '')
      .split(',')
      .filter(Boolean)
      .map((href) => (
        <a key={href} href={href} target="_blank" rel="noreferrer">
          {href.split('/').pop()}
        </a>
      ))}
  </>
)

/** How each field type shows in a list cell and in the view dialog. */
export const CELLS: Record<FieldType, Cell> = {
  text: Plain,
  textarea: Plain,
  number: Plain,
  money: ({ value }) => (typeof value === 'number' ? fenToYuan(value) : String(value ?? '')),
  date: ({ value }) => String(value ?? '').slice(0, 10),
  datetime: Plain,
  password: () => '••••••',
  select: SelectCell,
  dict: DictCell,
  switch: SwitchCell,
  tree: TreeCell,
  image: Images,
  file: Files,
  richtext: ({ value }) =>
    String(value ?? '')
      .replace(/<[^>]+>/g, '')
      .slice(0, 80),
}

export const CellOf = ({ field, row }: { field: Field; row: Row }) => {
  const C = CELLS[field.type ?? 'text']
  return <>{C({ field, value: row[field.name], row })}</>
}
