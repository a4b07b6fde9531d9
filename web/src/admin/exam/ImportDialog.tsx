import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components'
import { request } from '../../shared/api'
import { invalidate } from '../../shared/data'
import { notify } from '../../shared/notify'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import { plain } from './plain'

interface Report {
  format: string
  total: number
  imported: number
  dryRun: boolean
  errors: { line: number; field?: string; reason: string }[]
  preview: { type: number; content: string; score: number }[]
}

const send = (file: File, dryRun: boolean) => {
  const form = new FormData()
  form.append('file', file)
  return request<Report>('POST', '/api/hm-question/question/import', {
    body: form,
    params: dryRun ? { dryRun: 1 } : {},
  })
}

/**
 * Import a bank file: it is checked first (nothing stored) and the first rows
 * are previewed, or every rejected row is listed with its line and reason;
 * only a clean file can then be imported, in one transaction.
 */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const say = useSay()
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<Report | null>(null)
  const [busy, setBusy] = useState(false)
  const check = async (f: File) => {
    setFile(f)
    setReport(null)
    setBusy(true)
    try {
      setReport(await send(f, true))
    } finally {
      setBusy(false)
    }
  }
  const run = async () => {
    if (!file) return
    setBusy(true)
    try {
      const r = await send(file, false)
      if (r.errors.length) return setReport(r)
      notify.success(say(L(`已导入 ${r.imported} 道题`, `imported ${r.imported} question(s)`)))
      void invalidate('/api/hm-question/question')
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 820 }} data-testid="import-dialog">
        <DialogBody>
          <DialogTitle>{say(L('导入题库', 'Import questions'))}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Text>
              {say(
                L(
                  '支持 JSON、CSV、XLSX 与 Moodle XML（.xml）。任一行有误则不会导入任何题目。',
                  'JSON, CSV, XLSX and Moodle XML (.xml). If any row is rejected, nothing is imported.',
                ),
              )}
            </Text>
            <input
              type="file"
              accept=".json,.csv,.xlsx,.xml"
              onChange={(e) => {
                const f = e.target.files?.[0]
                if (f) void check(f)
              }}
              data-testid="import-file"
            />
            {report && report.errors.length > 0 && (
              <>
                <MessageBar intent="error">
                  <MessageBarBody>
                    {say(
                      L(
                        `${report.total} 行中有 ${report.errors.length} 行有误，未导入任何题目`,
                        `${report.errors.length} of ${report.total} row(s) rejected; nothing imported`,
                      ),
                    )}
                  </MessageBarBody>
                </MessageBar>
                <div style={{ maxHeight: 300, overflow: 'auto' }}>
                  <Table size="small" data-testid="import-errors">
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell style={{ width: 70 }}>{say(L('行', 'Line'))}</TableHeaderCell>
                        <TableHeaderCell style={{ width: 110 }}>{say(L('字段', 'Field'))}</TableHeaderCell>
                        <TableHeaderCell>{say(L('原因', 'Reason'))}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {report.errors.map((e, i) => (
                        <TableRow key={i}>
                          <TableCell>{e.line}</TableCell>
                          <TableCell>{e.field ?? ''}</TableCell>
                          <TableCell>{e.reason}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              </>
            )}
            {report && report.errors.length === 0 && (
              <>
                <MessageBar intent="success">
                  <MessageBarBody>
                    {say(
                      L(
                        `共 ${report.total} 道题，检查通过。前几行预览：`,
                        `${report.total} question(s), all valid. The first rows:`,
                      ),
                    )}
                  </MessageBarBody>
                </MessageBar>
                <Table size="small" data-testid="import-preview">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell style={{ width: 70 }}>{say(L('题型', 'Type'))}</TableHeaderCell>
                      <TableHeaderCell>{say(L('题干', 'Stem'))}</TableHeaderCell>
                      <TableHeaderCell style={{ width: 70 }}>{say(L('分值', 'Points'))}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.preview.map((q, i) => (
                      <TableRow key={i}>
                        <TableCell>{q.type}</TableCell>
                        <TableCell>{plain(q.content).slice(0, 90)}</TableCell>
                        <TableCell>{q.score}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button
              appearance="primary"
              disabled={busy || !report || report.errors.length > 0}
              onClick={() => void run()}
              data-testid="import-run"
            >
              {say(L('导入', 'Import'))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
