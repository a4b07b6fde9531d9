import { keepPreviousData } from '@tanstack/react-query'
import { useMemo, useSyncExternalStore } from 'react'
import { invalidate, useFetch } from '../../shared/data'
import { onSessionReset, useSession } from '../../shared/session'
import { store } from '../../shared/storage'
import { visibleMenu, type MenuItem } from './menu-tree'

export interface TopMenu {
  id: string
  code: string
  name: string
  alias?: string | null
  source?: string
  path?: string
}

/** The chosen top menu persists across reloads; the menus themselves come through the data layer. */
let chosenTop: string = store.get('topMenuId', '')
const listeners = new Set<() => void>()
const setTop = (id: string) => {
  chosenTop = id
  listeners.forEach((l) => l())
}

onSessionReset(() => {
  store.remove('topMenuId')
  setTop('')
})

export const menuStore = {
  chooseTop(topMenuId: string) {
    store.set('topMenuId', topMenuId)
    setTop(topMenuId)
  },
  /** After the role or department changed: the menus are read again. */
  reload: () => invalidate('/api/blade-system/menu'),
}

/** The signed-in user's menu (GET menu/routes), its top menus and the chosen one; refreshed when menus are edited. */
export function useMenu() {
  const { roles } = useSession()
  const stored = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => {
        listeners.delete(l)
      }
    },
    () => chosenTop,
  )
  const tops = useFetch<TopMenu[]>('/api/blade-system/menu/top-menu')
  // The stored choice is read at once (beside the top menus); a choice that no longer exists falls back to all menus.
  const topMenuId = !stored || (tops.data && !tops.data.some((t) => t.id === stored)) ? '' : stored
  const routes = useFetch<MenuItem[]>(
    '/api/blade-system/menu/routes',
    { topMenuId },
    { placeholderData: keepPreviousData },
  )
  const tree = useMemo(() => visibleMenu(routes.data ?? [], roles), [routes.data, roles])
  return { tree, tops: tops.data ?? [], topMenuId, loaded: routes.data !== undefined || routes.isError }
}
