import { createLightTheme, type Theme } from '@fluentui/react-components'
import { useSyncExternalStore } from 'react'
import { store } from '../../shared/storage'
import { brandRamp } from './brand-colour'

// The portal builds its theme from the same ramp.
export { brandRamp }

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

const themes = new Map<string, Theme>()
const fluentTheme = (id: string) => {
  if (!themes.has(id))
    themes.set(id, createLightTheme(brandRamp(THEMES.find((t) => t.id === id)?.color ?? THEMES[0].color)))
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
    return () => {
      listeners.delete(l)
    }
  },
}

/** The chosen theme, persisted across reloads. */
export function useTheme() {
  const id = useSyncExternalStore(themeStore.subscribe, themeStore.get)
  return { id, fluent: fluentTheme(id), color: THEMES.find((t) => t.id === id)?.color ?? THEMES[0].color }
}
