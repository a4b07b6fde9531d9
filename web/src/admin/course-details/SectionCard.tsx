import {
  Body1,
  Card,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
} from '@fluentui/react-components'
import type { ReactElement, ReactNode } from 'react'
import { useViewStyles } from './styles'

/** One titled part of a course page (a card with an h2), as both course pages lay them out. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string
  description?: ReactElement
  children: ReactNode
}) {
  const s = useViewStyles()
  return (
    <Card className={s.card}>
      <CardHeader header={<Title3 as="h2">{title}</Title3>} description={description} />
      {children}
    </Card>
  )
}

/** A column of a TableCard: its heading, and whether its cells are figures (aligned digits). */
export type Column = string | { label: string; numeric: true }

/**
 * A titled table of `rows`, one cell per column from `cells`; `empty` in its place when there are no rows. The
 * table is named by its title for a screen reader and carries `testId` for tests.
 */
export function TableCard<T>({
  title,
  testId,
  columns,
  rows,
  rowKey,
  cells,
  empty,
}: {
  title: string
  testId: string
  columns: Column[]
  rows: T[]
  rowKey: (row: T) => string
  cells: (row: T) => ReactNode[]
  empty: string
}) {
  const s = useViewStyles()
  const numeric = columns.map((c) => typeof c !== 'string')
  return (
    <SectionCard title={title}>
      {rows.length ? (
        <Table aria-label={title} data-testid={testId}>
          <TableHeader>
            <TableRow>
              {columns.map((c, i) => (
                <TableHeaderCell key={i}>{typeof c === 'string' ? c : c.label}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {cells(row).map((cell, i) => (
                  <TableCell key={i} className={numeric[i] ? s.number : undefined}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Body1>{empty}</Body1>
      )}
    </SectionCard>
  )
}
