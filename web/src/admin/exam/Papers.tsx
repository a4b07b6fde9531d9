import { useState } from 'react'
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Input,
  Option,
  SpinButton,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components'
import { TaskListLtrRegular } from '@fluentui/react-icons'
import { paperFields } from '../../../../db/fields/exam'
import type { Page } from '../../shared/api'
import { useFetch, write } from '../../shared/data'
import { useDict, dictLabel } from '../../shared/dict'
import { notify } from '../../shared/notify'
import { usePermissions } from '../../shared/permissions'
import { screenFields } from '../../shared/resource/fields'
import ResourcePage from '../../shared/resource/ResourcePage'
import type { ResourceScreen, Row } from '../../shared/resource/schema'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'
import { plain } from './plain'

interface BankRow {
  id: string
  content: string
  type: number
  hard: number
  score: number
}
interface PaperDetail {
  id: string
  name: string
  questions: (BankRow & { points: number })[]
}

/** Picks a paper's questions from the bank and sets each one's points; the total follows on the server. */
function PaperQuestionsDialog({ paperId, onClose }: { paperId: string; onClose: () => void }) {
  const say = useSay()
  const types = useDict('question_type', true)
  const [type, setType] = useState('')
  const [text, setText] = useState('')
  const { data: detail } = useFetch<PaperDetail>('/api/hm-paper/paper/detail', { id: paperId })
  const { data: bank } = useFetch<Page<BankRow>>('/api/hm-question/question/list', {
    current: 1,
    size: 200,
    type: type || undefined,
    content: text || undefined,
  })
  const [chosen, setChosen] = useState<Map<string, number> | null>(null)
  const picked = chosen ?? new Map((detail?.questions ?? []).map((q) => [q.id, q.points]))
  const known = new Map([...(detail?.questions ?? []), ...(bank?.records ?? [])].map((q) => [q.id, q]))
  const set = (id: string, points: number | null) => {
    const next = new Map(picked)
    if (points === null) next.delete(id)
    else next.set(id, points)
    setChosen(next)
  }
  const total = [...picked.values()].reduce((a, b) => a + b, 0)
  const save = async () => {
    await write(
      '/api/hm-paper/paper/submit',
      { body: { id: paperId, questions: [...picked].map(([questionId, score]) => ({ questionId, score })) } },
      { invalidates: ['/api/hm-paper/paper'] },
    )
    notify.success(say('updatedSuccessfully'))
    onClose()
  }
  const rows = [
    ...new Map([
      ...[...picked.keys()].map((id) => [id, known.get(id)] as const),
      ...(bank?.records ?? []).map((q) => [q.id, q] as const),
    ]).values(),
  ].filter((q): q is BankRow => !!q)
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 900 }} data-testid="paper-questions">
        <DialogBody>
          <DialogTitle>
            {say(L('试卷题目', 'Paper questions'))} · {detail?.name}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <div style={{ display: 'flex', gap: 8 }}>
              <Dropdown
                placeholder={say(L('全部题型', 'All types'))}
                value={types.find((t) => t.dictKey === type) ? dictLabel(types.find((t) => t.dictKey === type)!) : ''}
                onOptionSelect={(_, d) => setType(d.optionValue ?? '')}
              >
                <Option value="">{say(L('全部题型', 'All types'))}</Option>
                {types.map((t) => (
                  <Option key={t.dictKey} value={t.dictKey}>
                    {dictLabel(t)}
                  </Option>
                ))}
              </Dropdown>
              <Input
                placeholder={say(L('搜索题干', 'Search stems'))}
                value={text}
                onChange={(_, d) => setText(d.value)}
              />
              <Text style={{ marginLeft: 'auto' }} weight="semibold" data-testid="paper-total">
                {say(L('已选', 'Chosen'))} {picked.size} · {say(L('总分', 'Total'))} {total}
              </Text>
            </div>
            <div style={{ maxHeight: 420, overflow: 'auto' }}>
              <Table size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell style={{ width: 40 }} />
                    <TableHeaderCell>{say(L('题干', 'Stem'))}</TableHeaderCell>
                    <TableHeaderCell style={{ width: 110 }}>{say(L('题型', 'Type'))}</TableHeaderCell>
                    <TableHeaderCell style={{ width: 120 }}>{say(L('分值', 'Points'))}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((q) => (
                    <TableRow key={q.id}>
                      <TableCell>
                        <Checkbox
                          checked={picked.has(q.id)}
                          onChange={(_, d) => set(q.id, d.checked ? q.score : null)}
                          aria-label={plain(q.content)}
                        />
                      </TableCell>
                      <TableCell>{plain(q.content).slice(0, 80)}</TableCell>
                      <TableCell>
                        {(() => {
                          const t = types.find((x) => x.dictKey === String(q.type))
                          return t ? dictLabel(t) : q.type
                        })()}
                      </TableCell>
                      <TableCell>
                        {picked.has(q.id) && (
                          <SpinButton
                            size="small"
                            value={picked.get(q.id)}
                            min={0}
                            max={1000}
                            onChange={(_, d) => set(q.id, d.value ?? Number(d.displayValue) ?? 0)}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={() => void save()} data-testid="paper-questions-save">
              {say('submit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Papers (competitions use them too): name, type, total; questions and points in their own dialog. */
export default function Papers() {
  const say = useSay()
  const perms = usePermissions()
  const [editing, setEditing] = useState<string | null>(null)
  const screen: ResourceScreen = {
    base: '/api/hm-paper/paper',
    perm: 'exam:paper',
    title: L('试卷管理', 'Papers'),
    fields: screenFields(paperFields, {
      name: { search: true },
      type: { search: true, width: 120 },
      score: { form: false, width: 90 },
      status: { width: 90 },
      createTime: { form: false, width: 170 },
    }),
    rowActions: (row: Row) =>
      perms.has('exam:paper:edit') && (
        <Button
          size="small"
          appearance="transparent"
          icon={<TaskListLtrRegular />}
          onClick={() => setEditing(String(row.id))}
          data-testid="row-questions"
        >
          {say(L('题目', 'Questions'))}
        </Button>
      ),
  }
  return (
    <>
      <ResourcePage screen={screen} />
      {editing && <PaperQuestionsDialog paperId={editing} onClose={() => setEditing(null)} />}
    </>
  )
}
