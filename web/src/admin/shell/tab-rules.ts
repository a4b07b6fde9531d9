/** A tab of the tab bar: the page path (with its query) and the label to show. */
export interface Tab {
  path: string
  label: string
  labelEn?: string
}

export const WELCOME: Tab = { path: '/wel/index', label: '首页', labelEn: 'Home' }

/**
 * The tab rules of spec §4, as pure functions of the tab list:
 * no duplicates; the last tab cannot be closed; closing the active tab opens
 * the previous one; close-all resets to the welcome tab; close-others keeps
 * the active and first tabs.
 */
export function addTab(tabs: Tab[], tab: Tab): Tab[] {
  return tabs.some((t) => t.path === tab.path) ? tabs : [...tabs, tab]
}

/**
 * A page that switches in place what it shows (the course picker of a course's overview) keeps one tab: the tab of
 * `from` becomes `to` where it stood, or goes when `to` is open already. The welcome tab never changes.
 */
export function retarget(tabs: Tab[], from: string, to: Tab): Tab[] {
  if (tabs.some((t) => t.path === to.path))
    return from === to.path || from === WELCOME.path ? tabs : tabs.filter((t) => t.path !== from)
  if (from === WELCOME.path || !tabs.some((t) => t.path === from)) return addTab(tabs, to)
  return tabs.map((t) => (t.path === from ? to : t))
}

export function closeTab(tabs: Tab[], path: string, active: string): { tabs: Tab[]; active: string } {
  if (tabs.length <= 1 || (path === WELCOME.path && tabs[0].path === WELCOME.path)) return { tabs, active }
  const i = tabs.findIndex((t) => t.path === path)
  if (i < 0) return { tabs, active }
  const next = tabs.filter((t) => t.path !== path)
  return { tabs: next, active: path === active ? next[Math.max(0, i - 1)].path : active }
}

export function closeOthers(tabs: Tab[], active: string): Tab[] {
  return tabs.filter((t, i) => i === 0 || t.path === active)
}

export const closeAll = (): { tabs: Tab[]; active: string } => ({ tabs: [WELCOME], active: WELCOME.path })
