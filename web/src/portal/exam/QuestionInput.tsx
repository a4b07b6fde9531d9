import { Checkbox, Input, Radio, RadioGroup, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import RichText from './RichText'
import type { Answer } from './useAnswerSync'

export interface LearnerQuestion {
  id: string
  type: number
  content: string
  points?: number
  options: { id: string; label: string; content: string }[]
  blankCount: number
}

const useStyles = makeStyles({
  options: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  option: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  blanks: { display: 'grid', gap: tokens.spacingVerticalS, maxWidth: '420px' },
})

/** The input for one question by type; options are lettered by their position on this candidate's paper. */
export default function QuestionInput({
  q,
  value,
  disabled,
  onChange,
}: {
  q: LearnerQuestion
  value: Answer | null | undefined
  disabled?: boolean
  onChange: (a: Answer) => void
}) {
  const s = useStyles()
  const { t } = useTranslation('exam')
  const letter = (i: number) => String.fromCharCode(65 + i)
  const label = (o: LearnerQuestion['options'][number], i: number) => (
    <span className={s.option}>
      <b>{letter(i)}.</b>
      <RichText html={o.content} />
    </span>
  )
  if (q.type === 1 || q.type === 3) {
    const v = Array.isArray(value) ? (value[0] ?? '') : ''
    return (
      <RadioGroup value={v} disabled={disabled} onChange={(_, d) => onChange([d.value])} className={s.options}>
        {q.options.map((o, i) => (
          <Radio key={o.id} value={o.id} label={label(o, i)} data-testid={`option-${q.id}-${i}`} />
        ))}
      </RadioGroup>
    )
  }
  if (q.type === 2) {
    const set = new Set(Array.isArray(value) ? value : [])
    return (
      <div className={s.options}>
        {q.options.map((o, i) => (
          <Checkbox
            key={o.id}
            checked={set.has(o.id)}
            disabled={disabled}
            label={label(o, i)}
            data-testid={`option-${q.id}-${i}`}
            onChange={(_, d) =>
              onChange(q.options.map((x) => x.id).filter((id) => (id === o.id ? !!d.checked : set.has(id))))
            }
          />
        ))}
      </div>
    )
  }
  if (q.type === 4) {
    const list = Array.isArray(value) ? value : []
    return (
      <div className={s.blanks}>
        {Array.from({ length: q.blankCount }, (_, i) => (
          <Input
            key={i}
            value={list[i] ?? ''}
            disabled={disabled}
            aria-label={t('blank', { n: i + 1 })}
            placeholder={t('blank', { n: i + 1 })}
            data-testid={`blank-${q.id}-${i}`}
            onChange={(_, d) =>
              onChange(Array.from({ length: q.blankCount }, (_, j) => (j === i ? d.value : (list[j] ?? ''))))
            }
          />
        ))}
      </div>
    )
  }
  return (
    <Textarea
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      resize="vertical"
      rows={5}
      placeholder={t('shortPlaceholder')}
      aria-label={t('shortPlaceholder')}
      data-testid={`text-${q.id}`}
      onChange={(_, d) => onChange(d.value)}
    />
  )
}
