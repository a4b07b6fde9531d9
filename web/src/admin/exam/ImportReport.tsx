import {
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { dictLabel, useDict } from '../../shared/dict'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import { plain } from './plain'

interface Named {
  line: number
  question?: string
  category?: string
}
export interface Report {
  format: string
  total: number
  valid: number
  imported: number
  dryRun: boolean
  skipInvalid: boolean
  errors: (Named & { field?: string; reason: string })[]
  notes: (Named & { note: string })[]
  preview: { type: number; content: string; score: number }[]
}

/** A long reason wraps over several lines: the row's other cells stay on its first line, next to its start. */
const top = { verticalAlign: 'top' } as const

/**
 * Rows that name a question: its line, name and category, then what is said about it. Fluent's table lays out its
 * columns fixed, so on a phone the fixed columns would leave the last one no width (each row then stands as tall as
 * its reason spelt a letter a line): the table keeps a minimum width and the box scrolls sideways instead.
 */
function QuestionTable({ rows, last, testId }: { rows: (Named & { text: string })[]; last: string; testId: string }) {
  const say = useSay()
  return (
    <div style={{ maxHeight: 240, overflow: 'auto' }}>
      <Table size="small" data-testid={testId} style={{ minWidth: 640 }}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 60 }}>{say(L('行', 'Line'))}</TableHeaderCell>
            <TableHeaderCell style={{ width: 180 }}>{say(L('题目', 'Question'))}</TableHeaderCell>
            <TableHeaderCell style={{ width: 120 }}>{say(L('分类', 'Category'))}</TableHeaderCell>
            <TableHeaderCell>{last}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              <TableCell style={top}>{r.line}</TableCell>
              <TableCell style={top}>{r.question ?? ''}</TableCell>
              <TableCell style={top}>{r.category ?? ''}</TableCell>
              <TableCell style={top}>{r.text}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/**
 * The dry run's answer: how many questions can be imported, which were converted (with the note saying how) and
 * which are refused (with why), then the first rows as they would be stored.
 */
export function ImportReportView({ report }: { report: Report }) {
  const say = useSay()
  const types = useDict('question_type', true)
  const typeName = (type: number) => {
    const item = types.find((t) => t.dictKey === String(type))
    return item ? dictLabel(item) : String(type)
  }
  const refused = report.errors.length
  return (
    <>
      <MessageBar intent={refused ? (report.valid ? 'warning' : 'error') : 'success'}>
        <MessageBarBody data-testid="import-summary">
          {say(
            L(
              `共 ${report.total} 道题：${report.valid} 道可以导入（其中 ${new Set(report.notes.map((n) => n.line)).size} 道有转换），${refused} 道有误`,
              `${report.total} question(s): ${report.valid} can be imported (${new Set(report.notes.map((n) => n.line)).size} converted), ${refused} refused`,
            ),
          )}
        </MessageBarBody>
      </MessageBar>
      {refused > 0 && (
        <QuestionTable
          testId="import-errors"
          last={say(L('原因', 'Reason'))}
          rows={report.errors.map((e) => ({ ...e, text: e.field ? `${e.field}: ${e.reason}` : e.reason }))}
        />
      )}
      {report.notes.length > 0 && (
        <QuestionTable
          testId="import-notes"
          last={say(L('转换说明', 'Converted'))}
          rows={report.notes.map((n) => ({ ...n, text: n.note }))}
        />
      )}
      {report.preview.length > 0 && (
        <Table size="small" data-testid="import-preview">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 110 }}>{say(L('题型', 'Type'))}</TableHeaderCell>
              <TableHeaderCell>{say(L('题干', 'Stem'))}</TableHeaderCell>
              <TableHeaderCell style={{ width: 70 }}>{say(L('分值', 'Points'))}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.preview.map((q, i) => (
              <TableRow key={i}>
                <TableCell>{typeName(q.type)}</TableCell>
                <TableCell>{plain(q.content).slice(0, 90)}</TableCell>
                <TableCell>{q.score}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  )
}
