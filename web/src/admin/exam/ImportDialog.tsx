import { useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components'
import { request } from '../../shared/api'
import { invalidate } from '../../shared/data'
import { notify } from '../../shared/notify'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import { ImportReportView, type Report } from './ImportReport'

const send = (file: File, o: { dryRun?: boolean; skipInvalid?: boolean }) => {
  const form = new FormData()
  form.append('file', file)
  return request<Report>('POST', '/api/hm-question/question/import', {
    body: form,
    params: { ...(o.dryRun ? { dryRun: 1 } : {}), ...(o.skipInvalid ? { skipInvalid: 1 } : {}) },
  })
}

/**
 * Import a bank file: it is checked first (nothing stored) and the report lists what can be imported, what was
 * converted and what is refused with why. A clean file is imported as is; a file with refused questions only
 * when the teacher chooses to import it without them.
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
      setReport(await send(f, { dryRun: true }))
    } finally {
      setBusy(false)
    }
  }
  const run = async (skipInvalid: boolean) => {
    if (!file) return
    setBusy(true)
    try {
      const r = await send(file, { skipInvalid })
      if (!r.imported) return setReport(r)
      notify.success(
        say(
          r.errors.length
            ? L(
                `已导入 ${r.imported} 道题，${r.errors.length} 道有误未导入`,
                `imported ${r.imported} question(s); ${r.errors.length} refused and left out`,
              )
            : L(`已导入 ${r.imported} 道题`, `imported ${r.imported} question(s)`),
        ),
      )
      void invalidate('/api/hm-question/question')
      onClose()
    } finally {
      setBusy(false)
    }
  }
  const refused = report?.errors.length ?? 0
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 900 }} data-testid="import-dialog">
        <DialogBody>
          <DialogTitle>{say(L('导入题库', 'Import questions'))}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Text>
              {say(
                L(
                  '支持 JSON、CSV、XLSX 与 Moodle XML（.xml）。先检查文件：有误的题目会列出原因，可选择不导入它们而导入其余题目。',
                  'JSON, CSV, XLSX and Moodle XML (.xml). The file is checked first: refused questions are listed with why, and you may import the rest without them.',
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
            {report && <ImportReportView report={report} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            {refused > 0 && (report?.valid ?? 0) > 0 && (
              <Button disabled={busy} onClick={() => void run(true)} data-testid="import-skip-invalid">
                {say(
                  L(
                    `不导入有误的 ${refused} 道，导入其余 ${report!.valid} 道`,
                    `Import ${report!.valid} without the ${refused} refused`,
                  ),
                )}
              </Button>
            )}
            <Button
              appearance="primary"
              disabled={busy || !report || refused > 0 || !report.valid}
              onClick={() => void run(false)}
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
