import { describe, expect, it } from 'vitest'
import { brandRamp, contrast, readableBrand } from './brand-colour'
import { THEMES } from './theme'

describe('brand colour', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 1)
    expect(contrast('#409eff', '#ffffff')).toBeCloseTo(2.78, 1)
  })
  it('darkens every theme colour until white text on it reads at 4.5:1, and leaves dark ones alone', () => {
    for (const { color: c } of THEMES) expect(contrast(readableBrand(c), '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(readableBrand('#434343')).toBe('#434343')
    expect(brandRamp('#409EFF')[80]).toBe(readableBrand('#409EFF'))
  })
})
