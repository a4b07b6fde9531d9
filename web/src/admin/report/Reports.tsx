import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Link,
  Option,
} from '@fluentui/react-components'
import { DocumentAddRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { REPORT_FORMATS, REPORT_KINDS, reportFields } from '../../../../db/fields/report'
import { api } from '../../shared/api'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ActionContext, ResourceScreen } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

const BASE = '/api/blade-report/report/rest'
type ReportKind = (typeof REPORT_KINDS)[number]
type ReportFormat = (typeof REPORT_FORMATS)[number]

const fields = screenFields(reportFields, {
  name: { search: true, width: 320 },
  kind: { search: true, width: 140 },
  format: { width: 90 },
  state: { search: true, width: 100 },
  fileSize: { width: 100 },
  error: { list: false },
  subjectId: { list: false },
  lang: { list: false },
  remark: { list: false },
})

/** Where the subjects of each kind are listed: the exams and the courses the caller may see. */
const SUBJECTS: Record<ReportKind, string> = {
  examResults: '/api/hm-paperTime/paperTime/list',
  courseProgress: '/api/hm-course/course/list',
}

const kindLabel = (k: ReportKind) => reportFields.kind.options.find((o) => o.value === k)!.label
const formatLabel = (f: ReportFormat) => reportFields.format.options.find((o) => o.value === f)!.label

/** Asks for a report: what it is about (an exam or a course the caller may see) and the file format. */
function GenerateButton({ ctx }: { ctx: ActionContext }) {
  const say = useSay()
  const [open, setOpen] = useState(false)
  const [kind, setKind] = useState<ReportKind>('examResults')
  const [format, setFormat] = useState<ReportFormat>('pdf')
  const [subjects, setSubjects] = useState<{ id: string; title: string }[]>([])
  const [subject, setSubject] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!open) return
    let live = true
    void api
      .get<{ records: { id: string; title: string }[] }>(SUBJECTS[kind], { current: 1, size: 200 })
      .then((page) => {
        if (!live) return
        setSubjects(page.records)
        setSubject(page.records[0]?.id ?? '')
      })
    return () => {
      live = false
    }
  }, [open, kind])
  const generate = async () => {
    setBusy(true)
    try {
      await api.post(`${BASE}/generate`, { kind, format, subjectId: subject })
      notify.success(say(L('已开始生成，完成后可在列表中下载', 'Generating: download it from the list when ready')))
      setOpen(false)
      ctx.reload()
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button icon={<DocumentAddRegular />} onClick={() => setOpen(true)} data-testid="report-generate">
        {say(L('生成报表', 'Generate report'))}
      </Button>
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{say(L('生成报表', 'Generate report'))}</DialogTitle>
            <DialogContent style={{ display: 'grid', gap: 12 }}>
              <Field label={say(reportFields.kind.label)}>
                <Dropdown
                  value={say(kindLabel(kind))}
                  selectedOptions={[kind]}
                  onOptionSelect={(_, d) => {
                    // The other kind's subjects load next: until they do, nothing of the old kind stays chosen.
                    setKind(d.optionValue as ReportKind)
                    setSubjects([])
                    setSubject('')
                  }}
                  data-testid="report-kind"
                >
                  {REPORT_KINDS.map((k) => (
                    <Option key={k} value={k}>
                      {say(kindLabel(k))}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field
                label={say(reportFields.subjectId.label)}
                validationMessage={
                  subjects.length ? undefined : say(L('没有可选的考试或课程', 'No exam or course to choose'))
                }
              >
                <Dropdown
                  value={subjects.find((s) => s.id === subject)?.title ?? ''}
                  selectedOptions={[subject]}
                  onOptionSelect={(_, d) => setSubject(d.optionValue ?? '')}
                  data-testid="report-subject"
                >
                  {subjects.map((s) => (
                    <Option key={s.id} value={s.id}>
                      {s.title}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={say(reportFields.format.label)}>
                <Dropdown
                  value={say(formatLabel(format))}
                  selectedOptions={[format]}
                  onOptionSelect={(_, d) => setFormat(d.optionValue as ReportFormat)}
                  data-testid="report-format"
                >
                  {REPORT_FORMATS.map((f) => (
                    <Option key={f} value={f}>
                      {say(formatLabel(f))}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>{say('cancel')}</Button>
              <Button
                appearance="primary"
                disabled={!subject || busy}
                onClick={() => void generate()}
                data-testid="report-generate-start"
              >
                {say(L('生成', 'Generate'))}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  )
}

/**
 * Printable reports (an exam's results, a course's progress) the caller asked for: generated by a job, listed with
 * their state, downloaded when ready; removing one deletes its file.
 */
export default function Reports() {
  const say = useSay()
  const perms = usePermissions()
  const screen: ResourceScreen = {
    base: BASE,
    perm: 'report:report',
    title: L('报表', 'Reports'),
    fields,
    toolbar: (ctx) => perms.has('report:report:generate') && <GenerateButton ctx={ctx} />,
    rowActions: (row) =>
      typeof row.downloadUrl === 'string' ? (
        <Link href={row.downloadUrl} download data-testid="report-download">
          {say(L('下载', 'Download'))}
        </Link>
      ) : row.state === 2 ? (
        <Badge appearance="tint" color="danger" title={String(row.error ?? '')}>
          {say(L('失败', 'Failed'))}
        </Badge>
      ) : null,
  }
  return <ResourcePage screen={screen} />
}
