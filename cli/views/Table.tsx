import { Box, Text } from 'ink'

/** A plain column table sized to its content (CJK characters count double). */
const width = (s: string) => [...s].reduce((n, c) => n + (/[\u1100-\uffff]/.test(c) ? 2 : 1), 0)
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - width(s)))

export function Table({
  columns,
  rows,
  footer,
}: {
  columns: string[]
  rows: Record<string, unknown>[]
  footer?: string
}) {
  const cells = rows.map((r) => columns.map((c) => (r[c] === null || r[c] === undefined ? '' : String(r[c]))))
  const widths = columns.map((c, i) => Math.max(width(c), ...cells.map((row) => width(row[i]))))
  return (
    <Box flexDirection="column">
      <Text bold>{columns.map((c, i) => pad(c, widths[i])).join('  ')}</Text>
      {cells.map((row, j) => (
        <Text key={j}>{row.map((v, i) => pad(v, widths[i])).join('  ')}</Text>
      ))}
      {footer ? <Text color="gray">{footer}</Text> : null}
    </Box>
  )
}
