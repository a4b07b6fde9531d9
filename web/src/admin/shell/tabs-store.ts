import { useSyncExternalStore } from 'react'
import { onSessionReset } from '../../shared/session'
import { store } from '../../shared/storage'
import { addTab, closeAll, closeOthers, closeTab, retarget, WELCOME, type Tab } from './tab-rules'

/** The open tabs, persisted, and cleared on sign-in and sign-out (spec §4). */
let tabs: Tab[] = store.get<Tab[]>('tabs', [WELCOME])
if (!tabs.length || tabs[0].path !== WELCOME.path) tabs = [WELCOME, ...tabs.filter((t) => t.path !== WELCOME.path)]
const listeners = new Set<() => void>()
const set = (next: Tab[]) => {
  tabs = next
  store.set('tabs', tabs)
  listeners.forEach((l) => l())
}

onSessionReset(() => set([WELCOME]))

export const tabsStore = {
  get: () => tabs,
  subscribe(l: () => void) {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  },
  open: (tab: Tab) => set(addTab(tabs, tab)),
  /** The tab of `from` now shows `tab` (a page that switched in place). */
  retarget: (from: string, tab: Tab) => set(retarget(tabs, from, tab)),
  /** Returns the path to show next. */
  close(path: string, active: string): string {
    const r = closeTab(tabs, path, active)
    set(r.tabs)
    return r.active
  },
  closeOthers: (active: string) => set(closeOthers(tabs, active)),
  closeAll(): string {
    const r = closeAll()
    set(r.tabs)
    return r.active
  },
}

/**
 * Navigation options for a page that switches what it shows in place (another course on its overview): the browser
 * entry and the tab are replaced rather than a second tab of the same screen opened. `from` is the current path and
 * query.
 */
export const inPlace = (from: string) => ({ replace: true, state: { replacesTab: from } })

const replacedTab = (state: unknown): string | undefined => {
  const from = (state as { replacesTab?: unknown } | null)?.replacesTab
  return typeof from === 'string' ? from : undefined
}

/** Opens the tab for a page shown at `path`, or retargets the one it replaced in place. */
export function showTab(tab: Tab, state: unknown) {
  const from = replacedTab(state)
  if (from) tabsStore.retarget(from, tab)
  else tabsStore.open(tab)
}

export const useTabs = () => useSyncExternalStore(tabsStore.subscribe, tabsStore.get)
