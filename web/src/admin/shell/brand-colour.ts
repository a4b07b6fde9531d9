import type { BrandVariants } from '@fluentui/react-components'

const hex = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, '0')
const mix = (c: string, to: number, amount: number) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16))
  return `#${hex(r + (to - r) * amount)}${hex(g + (to - g) * amount)}${hex(b + (to - b) * amount)}`
}

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
const luminance = (c: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(c.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * The theme colour as far darkened as white text on it (primary buttons, the
 * active tab, the selected menu entry) and it as text on white (links) need
 * to read: 4.5:1, WCAG AA. Light theme colours such as the default #409EFF
 * are too pale for white text as they are.
 */
export function readableBrand(color: string): string {
  let c = color.toLowerCase()
  for (let amount = 0.02; contrast(c, '#ffffff') < 4.6 && amount < 1; amount += 0.02) c = mix(color, 0, amount)
  return c
}

/** Fluent's 16-step brand ramp from one colour: darker below 80, the (readable) colour at 80, lighter above. */
export function brandRamp(theme: string): BrandVariants {
  const color = readableBrand(theme)
  const steps = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const
  const ramp = {} as Record<number, string>
  for (const s of steps)
    ramp[s] = s < 80 ? mix(color, 0, (80 - s) / 80) : s === 80 ? color : mix(color, 255, ((s - 80) / 80) * 0.85)
  return ramp as unknown as BrandVariants
}
