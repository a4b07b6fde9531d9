import { useEffect, useSyncExternalStore } from 'react'
import { api } from '../../shared/api'
import { onSessionReset, session } from '../../shared/session'
import { store } from '../../shared/storage'
import { visibleMenu, type MenuItem } from './menu-tree'

export interface TopMenu { id: string; code: string; name: string; alias?: string | null; source?: string; path?: string }

interface MenuState { tree: MenuItem[]; tops: TopMenu[]; topMenuId: string; loaded: boolean }

/** The signed-in user's menu (GET menu/routes), its top menus and the chosen one. */
let state: MenuState = { tree: [], tops: [], topMenuId: store.get('topMenuId', ''), loaded: false }
const listeners = new Set<() => void>()
const set = (next: Partial<MenuState>) => {
  state = { ...state, ...next }
  listeners.forEach((l) => l())
}
let loading: Promise<void> | null = null

onSessionReset(() => {
  store.remove('topMenuId')
  set({ tree: [], tops: [], topMenuId: '', loaded: false })
})

export const menuStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l)
    return () => { listeners.delete(l) }
  },
  load(force = false): Promise<void> {
    if (loading && !force) return loading
    loading = (async () => {
      const tops = await api.get<TopMenu[]>('/api/blade-system/menu/top-menu').catch(() => [])
      const topMenuId = tops.some((t) => t.id === state.topMenuId) ? state.topMenuId : ''
      const tree = await api.get<MenuItem[]>('/api/blade-system/menu/routes', { topMenuId }).catch(() => [])
      set({ tops, topMenuId, tree: visibleMenu(tree, session.get().roles), loaded: true })
    })()
    return loading
  },
  async chooseTop(topMenuId: string) {
    store.set('topMenuId', topMenuId)
    set({ topMenuId })
    await menuStore.load(true)
  },
}

/** The menu, loaded once per session. */
export function useMenu() {
  const s = useSyncExternalStore(menuStore.subscribe, menuStore.get)
  useEffect(() => { if (!s.loaded) void menuStore.load() }, [s.loaded])
  return s
}
