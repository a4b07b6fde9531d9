import { useState } from 'react'
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  SpinButton,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components'
import { ChartMultipleRegular, CheckmarkStarburstRegular, PeopleRegular, SendRegular } from '@fluentui/react-icons'
import { paperTimeFields } from '../../../../db/fields/exam'
import { api, type Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { useConfirm } from '../../shared/useConfirm'
import { L } from '../system/fields'
import { Bars } from './ExamCharts'
import { plain } from './plain'

interface SittingRow {
  id: string
  userName: string
  state: number
  score: number | null
  objectiveScore: number | null
  submitTime: string | null
  submitKind: number | null
}
interface SheetQuestion {
  id: string
  type: number
  content: string
  points: number
  given: unknown
  score: number | null
  comment: string | null
  objective: boolean
  answer: string | null
  options: { id: string; label: string; content: string; isCorrect: number }[]
}
interface Stats {
  sat: number
  average: number
  highest: number
  lowest: number
  distribution: { band: string; count: number }[]
  questions: { questionId: string; content: string; correctRate: number }[]
  classes: { className: string; average: number }[]
}

const STATE = { 1: L('答题中', 'Answering'), 2: L('待批改', 'To correct'), 3: L('已批改', 'Corrected') } as const

function shown(q: SheetQuestion) {
  if (q.given === null || q.given === undefined) return '—'
  if (Array.isArray(q.given) && q.options.length)
    return q.given.map((id) => q.options.find((o) => o.id === id)?.label ?? '?').join(', ')
  return Array.isArray(q.given) ? q.given.join(' / ') : String(q.given)
}

/** One paper, question by question: the answer given, the key, points and a comment; subjective ones need a score. */
function CorrectDialog({ sittingId, onClose }: { sittingId: string; onClose: () => void }) {
  const say = useSay()
  const { data } = useFetch<{ sitting: SittingRow; questions: SheetQuestion[] }>(
    '/api/hm-paperTime/paperTimeUser/viewScore',
    { id: sittingId },
  )
  const [edits, setEdits] = useState<Record<string, { score?: number; comment?: string }>>({})
  const save = async () => {
    await write(
      '/api/hm-paperTime/paperTimeUser/correctingPapers',
      { body: { id: sittingId, items: Object.entries(edits).map(([questionId, e]) => ({ questionId, ...e })) } },
      { invalidates: ['/api/hm-paperTime/paperTimeUser'] },
    )
    notify.success(say('operationSuccessful'))
    onClose()
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 900 }} data-testid="correct-dialog">
        <DialogBody>
          <DialogTitle>
            {say(L('批改', 'Correct'))} · {data?.sitting.userName}
          </DialogTitle>
          <DialogContent
            style={{ display: 'flex', flexDirection: 'column', gap: 12, maxHeight: 560, overflow: 'auto' }}
          >
            {data?.questions.map((q, i) => (
              <div key={q.id} style={{ borderBottom: '1px solid #eee', paddingBottom: 8 }}>
                <Text weight="semibold">
                  {i + 1}. {plain(q.content)}（{q.points}）
                </Text>
                <div>
                  <Text size={200}>
                    {say(L('作答', 'Answer'))}：{shown(q)}
                  </Text>
                </div>
                <div>
                  <Text size={200}>
                    {say(L('参考', 'Key'))}：
                    {q.options.length
                      ? q.options
                          .filter((o) => o.isCorrect)
                          .map((o) => o.label)
                          .join(', ')
                      : plain(q.answer)}
                  </Text>
                </div>
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 4 }}>
                  <SpinButton
                    size="small"
                    style={{ width: 110 }}
                    min={0}
                    max={q.points}
                    step={0.5}
                    value={edits[q.id]?.score ?? q.score ?? null}
                    placeholder={say(L('得分', 'Score'))}
                    onChange={(_, d) =>
                      setEdits((e) => ({ ...e, [q.id]: { ...e[q.id], score: d.value ?? Number(d.displayValue) } }))
                    }
                    data-testid={`correct-score-${i}`}
                  />
                  <Input
                    style={{ flex: 1 }}
                    placeholder={say(L('评语', 'Comment'))}
                    value={edits[q.id]?.comment ?? q.comment ?? ''}
                    onChange={(_, d) => setEdits((e) => ({ ...e, [q.id]: { ...e[q.id], comment: d.value } }))}
                  />
                  {!q.objective && q.score === null && edits[q.id]?.score === undefined && (
                    <Badge color="warning">{say(L('待批改', 'To correct'))}</Badge>
                  )}
                </div>
              </div>
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={() => void save()} data-testid="correct-save">
              {say('submit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** The candidates who opened the exam, with their state and score; each paper opens for correction. */
function SittingsDialog({ exam, onClose }: { exam: Row; onClose: () => void }) {
  const say = useSay()
  const perms = usePermissions()
  const [correcting, setCorrecting] = useState<string | null>(null)
  const { data } = useFetch<Page<SittingRow>>('/api/hm-paperTime/paperTimeUser/list', {
    paperTimeId: exam.id,
    current: 1,
    size: 200,
  })
  return (
    <>
      <Dialog
        open
        onOpenChange={(_, d) => {
          if (!d.open) onClose()
        }}
      >
        <DialogSurface style={{ maxWidth: 820 }} data-testid="sittings-dialog">
          <DialogBody>
            <DialogTitle>
              {say(L('考生答卷', 'Papers handed in'))} · {String(exam.title)}
            </DialogTitle>
            <DialogContent>
              <Table size="small">
                <TableHeader>
                  <TableRow>
                    {[
                      L('考生', 'Candidate'),
                      L('状态', 'State'),
                      L('客观题', 'Objective'),
                      L('总分', 'Score'),
                      L('提交时间', 'Submitted'),
                      L('操作', 'Actions'),
                    ].map((h, i) => (
                      <TableHeaderCell key={i}>{say(h)}</TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data?.records.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>{s.userName}</TableCell>
                      <TableCell>
                        <Badge
                          appearance="tint"
                          color={s.state === 3 ? 'success' : s.state === 2 ? 'warning' : 'informative'}
                        >
                          {say(STATE[s.state as 1 | 2 | 3])}
                          {s.submitKind === 2 ? ` · ${say(L('自动交卷', 'auto'))}` : ''}
                        </Badge>
                      </TableCell>
                      <TableCell>{s.objectiveScore ?? '—'}</TableCell>
                      <TableCell>{s.score ?? '—'}</TableCell>
                      <TableCell>{s.submitTime ?? '—'}</TableCell>
                      <TableCell>
                        {s.state >= 2 && perms.has('exam:paperTime:correct') && (
                          <Button size="small" onClick={() => setCorrecting(s.id)} data-testid="sitting-correct">
                            {say(L('批改', 'Correct'))}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {data && !data.records.length && (
                <Text>{say(L('还没有考生开始答题', 'No candidate has started yet'))}</Text>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{say('close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {correcting && <CorrectDialog sittingId={correcting} onClose={() => setCorrecting(null)} />}
    </>
  )
}

/** Score distribution, per-question correct rate and per-class averages, exportable to XLSX. */
function StatsDialog({ exam, onClose }: { exam: Row; onClose: () => void }) {
  const say = useSay()
  const { data } = useFetch<Stats>('/api/hm-paperTime/paperTime/statistics', { id: exam.id })
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 900 }} data-testid="stats-dialog">
        <DialogBody>
          <DialogTitle>
            {say(L('成绩统计', 'Statistics'))} · {String(exam.title)}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {data && (
              <>
                <Text>
                  {say(L('已批改', 'Corrected'))} {data.sat} · {say(L('平均分', 'Average'))} {data.average} ·{' '}
                  {say(L('最高', 'Highest'))} {data.highest} · {say(L('最低', 'Lowest'))} {data.lowest}
                </Text>
                <Text weight="semibold">
                  {say(L('分数分布（占总分百分比）', 'Score distribution (% of the total)'))}
                </Text>
                <Bars
                  labels={data.distribution.map((d) => d.band)}
                  values={data.distribution.map((d) => d.count)}
                  testId="chart-distribution"
                />
                <Text weight="semibold">{say(L('每题正确率', 'Correct rate per question'))}</Text>
                <Bars
                  labels={data.questions.map((q, i) => `${i + 1}. ${q.content}`)}
                  values={data.questions.map((q) => q.correctRate)}
                  suffix="%"
                  color="#107c10"
                  testId="chart-questions"
                />
                <Text weight="semibold">{say(L('班级平均分', 'Class averages'))}</Text>
                <Bars
                  labels={data.classes.map((c) => c.className)}
                  values={data.classes.map((c) => c.average)}
                  color="#8764b8"
                  testId="chart-classes"
                />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() =>
                void api.download(
                  '/api/hm-paperTime/paperTime/exportStatistics',
                  { id: exam.id },
                  `exam-${String(exam.id)}.xlsx`,
                )
              }
              data-testid="stats-export"
            >
              {say(L('导出 Excel', 'Export to Excel'))}
            </Button>
            <Button appearance="primary" onClick={onClose}>
              {say('close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Exams: window, duration, papers drawn per candidate, candidates from groups and classes; papers handed in, correction, distribution, statistics. */
export default function Exams() {
  const say = useSay()
  const perms = usePermissions()
  const { confirm, dialog } = useConfirm()
  const [open, setOpen] = useState<{ kind: 'sittings' | 'stats'; row: Row } | null>(null)
  const distribute = async (row: Row) => {
    if (
      !(await confirm(
        say(L('发布后考生即可查看成绩，确定发布？', 'Candidates will see their scores. Distribute the results?')),
      ))
    )
      return
    await write(
      '/api/hm-paperTime/paperTime/distributeResults',
      { params: { id: String(row.id) } },
      { invalidates: ['/api/hm-paperTime/paperTime'] },
    )
    notify.success(say('operationSuccessful'))
  }
  const screen: ResourceScreen = {
    base: '/api/hm-paperTime/paperTime',
    perm: 'exam:paperTime',
    title: L('考试管理', 'Exams'),
    fields: screenFields(paperTimeFields, {
      title: { search: true, span: 24 },
      startTime: { width: 170 },
      endTime: { width: 170 },
      duration: { width: 90 },
      paperIds: { list: false, span: 24 },
      groupIds: { list: false },
      classIds: { list: false },
      candidatesNumber: { form: false, width: 90 },
      showScore: { list: false },
      shuffle: { list: false },
      category: { search: true, width: 110 },
      distributed: { form: false, width: 100 },
      cover: { list: false },
      content: { list: false, span: 24 },
      status: { width: 90 },
      createTime: { list: false, form: false },
    }),
    rowActions: (row: Row) => (
      <>
        {perms.has('exam:paperTime') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<PeopleRegular />}
            onClick={() => setOpen({ kind: 'sittings', row })}
            data-testid="row-sittings"
          >
            {say(L('答卷', 'Papers'))}
          </Button>
        )}
        {perms.has('exam:paperTime') && (
          <Button
            size="small"
            appearance="transparent"
            icon={<ChartMultipleRegular />}
            onClick={() => setOpen({ kind: 'stats', row })}
            data-testid="row-stats"
          >
            {say(L('统计', 'Statistics'))}
          </Button>
        )}
        {perms.has('exam:paperTime:distribute') &&
          (row.distributed === 1 ? (
            <Badge appearance="tint" color="success" icon={<CheckmarkStarburstRegular />}>
              {say(L('已发布', 'Distributed'))}
            </Badge>
          ) : (
            <Button
              size="small"
              appearance="transparent"
              icon={<SendRegular />}
              onClick={() => void distribute(row)}
              data-testid="row-distribute"
            >
              {say(L('发布成绩', 'Distribute'))}
            </Button>
          ))}
      </>
    ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {open?.kind === 'sittings' && <SittingsDialog exam={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === 'stats' && <StatsDialog exam={open.row} onClose={() => setOpen(null)} />}
      {dialog}
    </>
  )
}
