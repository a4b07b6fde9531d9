import { useState } from 'react'
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { StarFilled, StarRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api } from '../../shared/api'
import { write } from '../../shared/data'
import QuestionInput, { type LearnerQuestion } from './QuestionInput'
import RichText from './RichText'
import type { Answer } from './useAnswerSync'
import './locale'
import './practice-locale'

export interface PracticeQuestion extends LearnerQuestion {
  score?: number
  collected?: boolean
  hard?: number
}
export interface Revealed {
  correctOptionIds: string[]
  blanks: string[][]
  referenceAnswer: string | null
  analysis: string | null
  options: { id: string; label: string }[]
}
export interface Checked {
  score: number | null
  correct: 0 | 1 | 2 | null
  points: number
  question: Revealed
}

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  feedback: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
})

/** What the key says, in the learner's terms: option letters, blank answers or the reference text. */
export function keyText(r: Revealed, q: LearnerQuestion) {
  if (r.correctOptionIds.length)
    return r.correctOptionIds.map((id) => String.fromCharCode(65 + q.options.findIndex((o) => o.id === id))).join(', ')
  if (r.blanks.length) return r.blanks.map((alts) => alts.join(' / ')).join('；')
  return null
}

export function Feedback({ q, checked }: { q: LearnerQuestion; checked: Checked }) {
  const s = useStyles()
  const { t } = useTranslation('practice')
  const key = keyText(checked.question, q)
  return (
    <div className={s.feedback} data-testid={`feedback-${q.id}`}>
      {checked.correct !== null && (
        <Text
          weight="semibold"
          style={{
            color:
              checked.correct === 1
                ? tokens.colorPaletteGreenForeground1
                : checked.correct === 2
                  ? tokens.colorPaletteMarigoldForeground1
                  : tokens.colorPaletteRedForeground1,
          }}
        >
          {t(checked.correct === 1 ? 'right' : checked.correct === 2 ? 'partly' : 'wrong')} ·{' '}
          {t('score', { s: checked.score ?? 0, p: checked.points })}
        </Text>
      )}
      {key && (
        <Text>
          {t('key')}：{key}
        </Text>
      )}
      {checked.question.referenceAnswer && (
        <>
          <Text weight="semibold">{t('reference')}</Text>
          <RichText html={checked.question.referenceAnswer} />
        </>
      )}
      {checked.question.analysis && (
        <>
          <Text weight="semibold">{t('analysis')}</Text>
          <RichText html={checked.question.analysis} />
        </>
      )}
    </div>
  )
}

/** One practice question: answer, check (immediate feedback with the key and analysis), favourite. */
export default function PracticeCard({
  q,
  index,
  total,
  extra,
  onCollect,
}: {
  q: PracticeQuestion
  index: number
  total: number
  extra?: React.ReactNode
  onCollect?: () => void
}) {
  const s = useStyles()
  const { t } = useTranslation('practice')
  const { t: te } = useTranslation('exam')
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [checked, setChecked] = useState<Checked | null>(null)
  const [collected, setCollected] = useState(!!q.collected)
  const check = async () =>
    setChecked(await api.post<Checked>('/api/nep-wbp/question/checkAnswer', { questionId: q.id, answer }))
  const toggle = async () => {
    if (collected)
      await write(
        '/api/nep-wbp/userQuestionCollect/cancelQuestionCollect',
        { params: { questionId: q.id } },
        { invalidates: ['/api/nep-wbp/userQuestionCollect'] },
      ).catch(() => undefined)
    else
      await write(
        '/api/nep-wbp/userQuestionCollect/saveQuestionCollect',
        { body: { questionId: q.id } },
        { invalidates: ['/api/nep-wbp/userQuestionCollect'] },
      )
    setCollected(!collected)
    onCollect?.()
  }
  return (
    <Card className={s.card} data-testid={`practice-${q.id}`}>
      <div className={s.head}>
        <Badge appearance="tint">{te(`type.${q.type}`)}</Badge>
        <Text size={200}>{t('of', { i: index + 1, n: total })}</Text>
        {q.score !== undefined && <Text size={200}>{te('points', { n: q.score })}</Text>}
        <Button
          style={{ marginLeft: 'auto' }}
          appearance="subtle"
          icon={collected ? <StarFilled color="#f7b500" /> : <StarRegular />}
          onClick={() => void toggle()}
          data-testid="practice-collect"
        >
          {t(collected ? 'uncollect' : 'collect')}
        </Button>
      </div>
      <RichText html={q.content} />
      <QuestionInput q={q} value={answer} disabled={!!checked} onChange={setAnswer} />
      {extra}
      {checked ? (
        <Feedback q={q} checked={checked} />
      ) : (
        <Button
          appearance="primary"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => void check()}
          data-testid="practice-check"
        >
          {t('check')}
        </Button>
      )}
    </Card>
  )
}
