import { Card, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './locale'

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  figure: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS },
  value: {
    fontSize: '28px',
    lineHeight: '34px',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
  muted: { color: tokens.colorNeutralForeground2 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: '140px' },
  track: { flex: 1 },
  number: { fontVariantNumeric: 'tabular-nums', minWidth: '40px', textAlign: 'end' },
})

/** A row of headline figures, each a label over a large number. */
export function Figures({ items }: { items: { key: string; label: string; value: ReactNode; note?: string }[] }) {
  const s = useStyles()
  return (
    <div className={s.figures}>
      {items.map((f) => (
        <Card key={f.key} className={s.figure}>
          <Text className={s.muted} size={200}>
            {f.label}
          </Text>
          <div className={s.value} data-testid={`figure-${f.key}`}>
            {f.value}
          </div>
          {f.note && (
            <Text className={s.muted} size={200}>
              {f.note}
            </Text>
          )}
        </Card>
      ))}
    </div>
  )
}

/** A share (0–100) as a bar with its number; the number is what a screen reader and a test read. */
export function Percent({ value, label }: { value: number; label: string }) {
  const s = useStyles()
  const { t } = useTranslation('courseView')
  return (
    <span className={s.bar}>
      <ProgressBar className={s.track} value={value / 100} aria-label={label} thickness="large" />
      <Text className={s.number} data-testid="percent">
        {t('percent', { value })}
      </Text>
    </span>
  )
}
