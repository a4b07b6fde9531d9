import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components'
import { useSyncExternalStore } from 'react'
import { store } from '../../shared/storage'

/** The 11 colour themes (spec §2); the first is the default theme colour #409EFF. */
export const THEMES = [
  { id: 'theme-default', color: '#409EFF' },
  { id: 'theme-main', color: '#1B79C3' },
  { id: 'theme-cyan', color: '#13A8A8' },
  { id: 'theme-green', color: '#389E0D' },
  { id: 'theme-gold', color: '#D48806' },
  { id: 'theme-volcano', color: '#D4380D' },
  { id: 'theme-red', color: '#CF1322' },
  { id: 'theme-magenta', color: '#C41D7F' },
  { id: 'theme-purple', color: '#722ED1' },
  { id: 'theme-geekblue', color: '#2F54EB' },
  { id: 'theme-graphite', color: '#434343' },
] as const

const hex = (n: number) => Math.round(Math.max(0, Math.min(255, n))).toString(16).padStart(2, '0')
const mix = (c: string, to: number, amount: number) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16))
  return `#${hex(r + (to - r) * amount)}${hex(g + (to - g) * amount)}${hex(b + (to - b) * amount)}`
}

/** Fluent's 16-step brand ramp from one colour: darker below 80, the colour at 80, lighter above. */
export function brandRamp(color: string): BrandVariants {
  const steps = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const
  const ramp = {} as Record<number, string>
  for (const s of steps) ramp[s] = s < 80 ? mix(color, 0, (80 - s) / 80) : s === 80 ? color : mix(color, 255, ((s - 80) / 80) * 0.85)
  return ramp as unknown as BrandVariants
}

const themes = new Map<string, Theme>()
const fluentTheme = (id: string) => {
  if (!themes.has(id)) themes.set(id, createLightTheme(brandRamp(THEMES.find((t) => t.id === id)?.color ?? THEMES[0].color)))
  return themes.get(id)!
}

let current = store.get<string>('theme', THEMES[0].id)
const listeners = new Set<() => void>()

export const themeStore = {
  get: () => current,
  set(id: string) {
    current = THEMES.some((t) => t.id === id) ? id : THEMES[0].id
    store.set('theme', current)
    listeners.forEach((l) => l())
  },
  subscribe(l: () => void) {
    listeners.add(l)
    return () => { listeners.delete(l) }
  },
}

/** The chosen theme, persisted across reloads. */
export function useTheme() {
  const id = useSyncExternalStore(themeStore.subscribe, themeStore.get)
  return { id, fluent: fluentTheme(id), color: THEMES.find((t) => t.id === id)?.color ?? THEMES[0].color }
}
