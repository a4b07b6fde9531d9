import { Text, makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, 32%) 1fr 44px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  track: {
    height: '14px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    overflow: 'hidden',
  },
  fill: {
    height: '100%',
    borderRadius: tokens.borderRadiusMedium,
    backgroundImage: 'linear-gradient(90deg, #409EFF, #1B79C3)',
    transitionProperty: 'width',
    transitionDuration: tokens.durationSlow,
  },
  value: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  columns: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: '6px',
    height: '180px',
    paddingTop: tokens.spacingVerticalL,
  },
  col: {
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    height: '100%',
    justifyContent: 'flex-end',
    minWidth: 0,
  },
  bar: {
    width: '100%',
    maxWidth: '36px',
    borderRadius: `${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium} 0 0`,
    backgroundImage: 'linear-gradient(180deg, #409EFF, #1B79C3)',
    minHeight: '2px',
  },
  tick: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  count: { fontSize: tokens.fontSizeBase100, fontVariantNumeric: 'tabular-nums' },
})

export interface Bar {
  label: string
  value: number
}

/** Horizontal bars (one row per label), scaled to the largest value. */
export function HorizontalBars({ bars, testId }: { bars: Bar[]; testId?: string }) {
  const s = useStyles()
  const max = Math.max(1, ...bars.map((b) => b.value))
  return (
    <div className={s.rows} data-testid={testId}>
      {bars.map((b) => (
        <div key={b.label} className={s.row} title={`${b.label}: ${b.value}`}>
          <Text className={s.label} size={200}>
            {b.label}
          </Text>
          <div className={s.track}>
            <div className={s.fill} style={{ width: `${(b.value / max) * 100}%` }} />
          </div>
          <Text className={s.value} size={200} weight="semibold">
            {b.value}
          </Text>
        </div>
      ))}
    </div>
  )
}

/** Vertical columns with the value above and the label below (a time series). */
export function ColumnChart({ bars, testId }: { bars: Bar[]; testId?: string }) {
  const s = useStyles()
  const max = Math.max(1, ...bars.map((b) => b.value))
  return (
    <div
      className={s.columns}
      data-testid={testId}
      role="img"
      aria-label={bars.map((b) => `${b.label}: ${b.value}`).join(', ')}
    >
      {bars.map((b) => (
        <div key={b.label} className={s.col} title={`${b.label}: ${b.value}`}>
          <span className={s.count}>{b.value}</span>
          <div className={s.bar} style={{ height: `${(b.value / max) * 78}%` }} />
          <span className={s.tick}>{b.label}</span>
        </div>
      ))}
    </div>
  )
}
