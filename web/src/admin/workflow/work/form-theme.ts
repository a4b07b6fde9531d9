import type { CSSProperties } from 'react'
import { THEME_COLOUR, themeSizeProblem } from '../../../../../db/fields/workflow'

/** A form theme as design/form/theme answers it: colours and sizes, each optional. */
export interface FormTheme {
  themeKey?: string
  name?: string
  borderWidth?: string | null
  borderColor?: string | null
  labelColor?: string | null
  labelBg?: string | null
  labelWidth?: string | null
  labelFontSize?: string | null
  valueColor?: string | null
  valueBg?: string | null
  valueFontSize?: string | null
}

export interface ThemeStyles {
  grid: CSSProperties
  label: CSSProperties
  value: CSSProperties
}

/*
 * The server admits only colours and bounded sizes; the screen checks them again with the same rules before they
 * become styles, so a value written around the API (an old row, a restore) is dropped rather than shown.
 */
const colour = (v: string | null | undefined) => (v && THEME_COLOUR.test(v) ? v : undefined)
const size = (v: string | null | undefined) => (v && !themeSizeProblem(v) ? v : undefined)

/** The theme as styles for the read-only form's grid, labels and values (nothing when there is no theme). */
export function themeStyles(theme: FormTheme | null | undefined): ThemeStyles | undefined {
  if (!theme) return undefined
  const borderWidth = size(theme.borderWidth)
  const borderColor = colour(theme.borderColor)
  const border =
    borderWidth || borderColor ? `${borderWidth ?? '1px'} solid ${borderColor ?? 'currentColor'}` : undefined
  const cell: CSSProperties = { border, padding: border ? '6px 10px' : undefined }
  const labelWidth = size(theme.labelWidth)
  return {
    grid: {
      gridTemplateColumns: labelWidth ? `${labelWidth} 1fr` : undefined,
      columnGap: border ? 0 : undefined,
      rowGap: border ? 0 : undefined,
    },
    label: {
      ...cell,
      color: colour(theme.labelColor),
      background: colour(theme.labelBg),
      fontSize: size(theme.labelFontSize),
    },
    value: {
      ...cell,
      color: colour(theme.valueColor),
      background: colour(theme.valueBg),
      fontSize: size(theme.valueFontSize),
    },
  }
}
