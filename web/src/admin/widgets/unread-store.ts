import { useSyncExternalStore } from 'react'
import { api } from '../../shared/api'
import { unreadCount } from './unread'

/**
 * The unread-message count, shared by the bell and the welcome page so both
 * move together when a message is read. null until known (or while the
 * message service does not answer).
 */
let value: number | null = null
const listeners = new Set<() => void>()

export const unreadStore = {
  get: () => value,
  subscribe(l: () => void) {
    listeners.add(l)
    return () => { listeners.delete(l) }
  },
  async refresh() {
    try {
      value = unreadCount(await api.get<unknown>('/api/blade-message/message/my/topList', undefined, { silent: true }))
    } catch {
      value = null
    }
    listeners.forEach((l) => l())
  },
}

export const useUnread = () => useSyncExternalStore(unreadStore.subscribe, unreadStore.get)
