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
  Field,
  Input,
  Option,
  Radio,
  SpinButton,
  Textarea,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { write } from '../../shared/data'
import { dictLabel, useDict } from '../../shared/dict'
import { notify } from '../../shared/notify'
import { useSay } from '../../shared/resource/text'
import { L } from '../system/fields'

export interface QuestionValue {
  id?: string
  type: number
  hard: number
  score: number
  content: string
  analysis?: string | null
  answer?: string | null
  courseName?: string | null
  bankType?: string | null
  options: { id?: string; content: string; isCorrect: number | boolean }[]
  blanks: string[][]
}

export const emptyQuestion = (): QuestionValue => ({
  type: 1,
  hard: 1,
  score: 1,
  content: '',
  options: [
    { content: '', isCorrect: 1 },
    { content: '', isCorrect: 0 },
  ],
  blanks: [['']],
})

const JUDGE = [
  { content: '正确', isCorrect: 1 },
  { content: '错误', isCorrect: 0 },
]
const letter = (i: number) => String.fromCharCode(65 + i)

/**
 * Adds or edits a question with its structure: options with the correct ones
 * marked (one for single choice and true/false), blanks with accepted
 * alternatives separated by "|", a reference answer for short answers. The
 * server checks everything again and names the field at fault.
 */
export default function QuestionDialog({ initial, onClose }: { initial: QuestionValue; onClose: () => void }) {
  const say = useSay()
  const types = useDict('question_type', true)
  const hards = useDict('question_hard', true)
  const [q, setQ] = useState<QuestionValue>(initial)
  const patch = (p: Partial<QuestionValue>) => setQ((v) => ({ ...v, ...p }))
  const choice = q.type === 1 || q.type === 2
  const setType = (type: number) =>
    patch({
      type,
      options: type === 3 ? (q.type === 3 ? q.options : JUDGE) : q.type === 3 ? emptyQuestion().options : q.options,
    })
  const mark = (i: number, on: boolean) =>
    patch({
      options: q.options.map((o, j) => ({
        ...o,
        isCorrect: q.type === 2 ? (j === i ? on : !!Number(o.isCorrect)) : j === i ? 1 : 0,
      })),
    })
  const save = async () => {
    await write(
      '/api/hm-question/question/submit',
      {
        body: {
          ...q,
          options: q.type <= 3 ? q.options.map((o) => ({ ...o, isCorrect: o.isCorrect ? 1 : 0 })) : [],
          blanks: q.type === 4 ? q.blanks : [],
        },
      },
      { invalidates: ['/api/hm-question/question'] },
    )
    notify.success(say(q.id ? 'updatedSuccessfully' : 'addedSuccessfully'))
    onClose()
  }
  const pick = (items: ReturnType<typeof useDict>, value: number) => {
    const i = items.find((x) => x.dictKey === String(value))
    return i ? dictLabel(i) : ''
  }
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose()
      }}
    >
      <DialogSurface style={{ maxWidth: 760 }} data-testid="question-dialog">
        <DialogBody>
          <DialogTitle>
            {say(q.id ? 'edit' : 'add')} · {say(L('题目', 'Question'))}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
            <div style={{ display: 'flex', gap: 12 }}>
              <Field label={say(L('题型', 'Type'))} required style={{ flex: 1 }}>
                <Dropdown
                  value={pick(types, q.type)}
                  selectedOptions={[String(q.type)]}
                  onOptionSelect={(_, d) => setType(Number(d.optionValue))}
                  data-testid="q-type"
                >
                  {types.map((t) => (
                    <Option key={t.dictKey} value={t.dictKey}>
                      {dictLabel(t)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={say(L('难度', 'Difficulty'))} style={{ flex: 1 }}>
                <Dropdown
                  value={pick(hards, q.hard)}
                  selectedOptions={[String(q.hard)]}
                  onOptionSelect={(_, d) => patch({ hard: Number(d.optionValue) })}
                >
                  {hards.map((t) => (
                    <Option key={t.dictKey} value={t.dictKey}>
                      {dictLabel(t)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={say(L('分值', 'Points'))} style={{ width: 120 }}>
                <SpinButton
                  value={q.score}
                  min={0}
                  max={1000}
                  onChange={(_, d) => patch({ score: d.value ?? Number(d.displayValue) })}
                />
              </Field>
            </div>
            <Field
              label={say(L('题干', 'Stem'))}
              required
              hint={q.type === 4 ? say(L('用 ____ 标出每个空', 'mark each blank with ____')) : undefined}
            >
              <Textarea
                value={q.content}
                rows={3}
                resize="vertical"
                onChange={(_, d) => patch({ content: d.value })}
                data-testid="q-content"
              />
            </Field>
            {(choice || q.type === 3) && (
              <Field
                label={say(
                  q.type === 2
                    ? L('选项（勾选所有正确项）', 'Options (tick every correct one)')
                    : L('选项（选中正确项）', 'Options (choose the correct one)'),
                )}
              >
                <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
                  {q.options.map((o, i) => (
                    <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                      {q.type === 2 ? (
                        <Checkbox
                          checked={!!Number(o.isCorrect)}
                          onChange={(_, d) => mark(i, !!d.checked)}
                          aria-label={letter(i)}
                          data-testid={`q-correct-${i}`}
                        />
                      ) : (
                        <Radio
                          checked={!!Number(o.isCorrect)}
                          onChange={() => mark(i, true)}
                          aria-label={letter(i)}
                          data-testid={`q-correct-${i}`}
                        />
                      )}
                      <span style={{ width: 18 }}>{letter(i)}</span>
                      <Input
                        style={{ flex: 1 }}
                        value={o.content}
                        disabled={q.type === 3}
                        onChange={(_, d) =>
                          patch({ options: q.options.map((x, j) => (j === i ? { ...x, content: d.value } : x)) })
                        }
                        data-testid={`q-option-${i}`}
                      />
                      {choice && q.options.length > 2 && (
                        <Button
                          appearance="subtle"
                          icon={<DeleteRegular />}
                          aria-label={say('delete')}
                          onClick={() => patch({ options: q.options.filter((_, j) => j !== i) })}
                        />
                      )}
                    </div>
                  ))}
                  {choice && q.options.length < 8 && (
                    <Button
                      icon={<AddRegular />}
                      onClick={() => patch({ options: [...q.options, { content: '', isCorrect: 0 }] })}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {say(L('添加选项', 'Add an option'))}
                    </Button>
                  )}
                </div>
              </Field>
            )}
            {q.type === 4 && (
              <Field
                label={say(
                  L('每个空的可接受答案（多个用 | 分隔）', 'Accepted answers per blank (alternatives separated by |)'),
                )}
              >
                <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
                  {q.blanks.map((b, i) => (
                    <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                      <span style={{ width: 40 }}>{say(L(`第${i + 1}空`, `#${i + 1}`))}</span>
                      <Input
                        style={{ flex: 1 }}
                        value={b.join('|')}
                        onChange={(_, d) =>
                          patch({ blanks: q.blanks.map((x, j) => (j === i ? d.value.split('|') : x)) })
                        }
                        data-testid={`q-blank-${i}`}
                      />
                      {q.blanks.length > 1 && (
                        <Button
                          appearance="subtle"
                          icon={<DeleteRegular />}
                          aria-label={say('delete')}
                          onClick={() => patch({ blanks: q.blanks.filter((_, j) => j !== i) })}
                        />
                      )}
                    </div>
                  ))}
                  <Button
                    icon={<AddRegular />}
                    onClick={() => patch({ blanks: [...q.blanks, ['']] })}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {say(L('添加空', 'Add a blank'))}
                  </Button>
                </div>
              </Field>
            )}
            {q.type === 5 && (
              <Field label={say(L('参考答案', 'Reference answer'))}>
                <Textarea
                  value={q.answer ?? ''}
                  rows={3}
                  resize="vertical"
                  onChange={(_, d) => patch({ answer: d.value })}
                />
              </Field>
            )}
            <Field label={say(L('解析', 'Analysis'))}>
              <Textarea
                value={q.analysis ?? ''}
                rows={2}
                resize="vertical"
                onChange={(_, d) => patch({ analysis: d.value })}
              />
            </Field>
            <div style={{ display: 'flex', gap: 12 }}>
              <Field label={say(L('课程', 'Course'))} style={{ flex: 1 }}>
                <Input value={q.courseName ?? ''} onChange={(_, d) => patch({ courseName: d.value })} />
              </Field>
              <Field label={say(L('题库分类', 'Bank'))} style={{ flex: 1 }}>
                <Input value={q.bankType ?? ''} onChange={(_, d) => patch({ bankType: d.value })} />
              </Field>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say('cancel')}</Button>
            <Button appearance="primary" onClick={() => void save()} data-testid="q-save">
              {say('submit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
