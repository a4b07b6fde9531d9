import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

type Screen = LazyExoticComponent<ComponentType>

/**
 * Menu path → screen. Admin routes are built from the menu the server
 * returns: a menu entry whose path is here renders this screen in the shell.
 * Each area exports its own map from <area>/screens.ts; this file merges them
 * (a glob, so an area that does not exist yet simply contributes nothing).
 */
const areas = import.meta.glob<{ default?: Record<string, Screen>; [k: string]: unknown }>('./*/screens.ts', {
  eager: true,
})

export const screens: Record<string, Screen> = Object.assign(
  {
    '/wel/index': lazy(() => import('./pages/Welcome')),
    '/wel/dashboard': lazy(() => import('./pages/Dashboard')),
    '/info/index': lazy(() => import('./pages/Info')),
  },
  ...Object.values(areas).flatMap((m) =>
    Object.values(m).filter((v): v is Record<string, Screen> => !!v && typeof v === 'object'),
  ),
)

/** Labels of pages that are not menu entries, for their tabs. */
export const pageLabels: Record<string, { zh: string; en: string }> = {
  '/wel/index': { zh: '首页', en: 'Home' },
  '/wel/dashboard': { zh: '数据看板', en: 'Dashboard' },
  '/info/index': { zh: '个人信息', en: 'Personal info' },
  '/dict-horizontal/index': { zh: '字典管理（横向）', en: 'Dictionaries (side by side)' },
  '/dict-vertical/index': { zh: '字典管理（纵向）', en: 'Dictionaries (stacked)' },
}
