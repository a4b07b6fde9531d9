import { useSyncExternalStore } from 'react'
import { onSessionReset } from '../../shared/session'
import { store } from '../../shared/storage'
import { addTab, closeAll, closeOthers, closeTab, WELCOME, type Tab } from './tab-rules'

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

export const useTabs = () => useSyncExternalStore(tabsStore.subscribe, tabsStore.get)
