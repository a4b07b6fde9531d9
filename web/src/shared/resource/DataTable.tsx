import {
  Button,
  Card,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useState, type ReactNode } from 'react'
import { CellOf } from './cells'
import type { Field, Row } from './schema'
import { useSay } from './text'

const useStyles = makeStyles({
  wrap: { overflowX: 'auto', backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  toggle: { minWidth: 0, padding: 0, width: '20px', height: '20px', marginRight: '4px' },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  row: { cursor: 'default' },
})

interface Props {
  fields: Field[]
  rows: Row[]
  tree: boolean
  layout: 'table' | 'cards'
  selectable: boolean
  selected: Set<string>
  onSelect: (ids: Set<string>) => void
  actions: (row: Row) => ReactNode
  onRowClick?: (row: Row) => void
}

/** The list: a table (tree rows expand in place) or a card grid; a selection column for batch actions. */
export default function DataTable({
  fields,
  rows,
  tree,
  layout,
  selectable,
  selected,
  onSelect,
  actions,
  onRowClick,
}: Props) {
  const s = useStyles()
  const say = useSay()
  const [open, setOpen] = useState<Set<string>>(new Set())
  const columns = fields.filter((f) => f.list !== false)

  const visible: { row: Row; depth: number }[] = []
  const walk = (rs: Row[], depth: number) =>
    rs.forEach((r) => {
      visible.push({ row: r, depth })
      if (tree && r.children?.length && open.has(String(r.id))) walk(r.children, depth + 1)
    })
  walk(rows, 0)

  if (!rows.length)
    return (
      <div className={s.wrap}>
        <div className={s.empty}>{say('empty')}</div>
      </div>
    )

  const toggleRow = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    onSelect(next)
  }

  if (layout === 'cards') {
    return (
      <div className={s.cards}>
        {rows.map((r) => (
          <Card key={String(r.id)} onClick={onRowClick ? () => onRowClick(r) : undefined}>
            {columns.map((f, i) =>
              i === 0 ? (
                <Text key={f.name} weight="semibold" size={400}>
                  <CellOf field={f} row={r} />
                </Text>
              ) : (
                <Text key={f.name} size={200}>
                  {say(f.label)}：<CellOf field={f} row={r} />
                </Text>
              ),
            )}
            <div className={s.actions}>{actions(r)}</div>
          </Card>
        ))}
      </div>
    )
  }

  const allIds = visible.map((v) => String(v.row.id))
  const allChecked = allIds.length > 0 && allIds.every((id) => selected.has(id))
  return (
    <div className={s.wrap}>
      {/* auto layout: columns take their content's width and the wrapper scrolls, instead of squeezing text into a letter per line */}
      <Table
        size="small"
        aria-label="list"
        data-testid="resource-table"
        style={{ tableLayout: 'auto', minWidth: '100%', width: 'max-content' }}
      >
        <TableHeader>
          <TableRow>
            {selectable && (
              <TableHeaderCell style={{ width: 44 }}>
                <Checkbox
                  checked={allChecked ? true : selected.size ? 'mixed' : false}
                  onChange={() => onSelect(allChecked ? new Set() : new Set(allIds))}
                  aria-label="select all"
                />
              </TableHeaderCell>
            )}
            {columns.map((f) => (
              <TableHeaderCell key={f.name} style={{ whiteSpace: 'nowrap', ...(f.width ? { minWidth: f.width } : {}) }}>
                {say(f.label)}
              </TableHeaderCell>
            ))}
            <TableHeaderCell>{say('actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {visible.map(({ row, depth }) => {
            const id = String(row.id)
            return (
              <TableRow
                key={id}
                className={s.row}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                data-testid={`row-${id}`}
              >
                {selectable && (
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    <Checkbox checked={selected.has(id)} onChange={() => toggleRow(id)} aria-label="select" />
                  </TableCell>
                )}
                {columns.map((f, i) => (
                  <TableCell
                    key={f.name}
                    style={{ whiteSpace: 'nowrap', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    <span
                      style={
                        i === 0 && tree
                          ? { paddingLeft: depth * 20, display: 'inline-flex', alignItems: 'center' }
                          : undefined
                      }
                    >
                      {i === 0 &&
                        tree &&
                        (row.children?.length ? (
                          <Button
                            className={s.toggle}
                            appearance="subtle"
                            size="small"
                            icon={open.has(id) ? <ChevronDownRegular /> : <ChevronRightRegular />}
                            onClick={(e) => {
                              e.stopPropagation()
                              setOpen((o) => {
                                const n = new Set(o)
                                if (n.has(id)) n.delete(id)
                                else n.add(id)
                                return n
                              })
                            }}
                          />
                        ) : (
                          <span style={{ width: 24, display: 'inline-block' }} />
                        ))}
                      <CellOf field={f} row={row} />
                    </span>
                  </TableCell>
                ))}
                <TableCell onClick={(e) => e.stopPropagation()}>
                  <div className={s.actions}>{actions(row)}</div>
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </div>
  )
}
