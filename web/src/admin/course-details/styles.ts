import { makeStyles, tokens } from '@fluentui/react-components'

/** The layout both course pages share (overview and chapter). */
export const useViewStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  picker: { maxWidth: '420px' },
  card: { padding: tokens.spacingHorizontalL },
  stars: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  muted: { color: tokens.colorNeutralForeground2 },
  number: { fontVariantNumeric: 'tabular-nums' },
})
