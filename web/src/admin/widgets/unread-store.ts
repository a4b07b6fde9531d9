import { invalidate, useFetch } from '../../shared/data'
import { unreadCount } from './unread'

const BASE = '/api/blade-message/message'
const POLL_MS = 60_000

/**
 * The unread-message count, shared by the bell and the welcome page so both
 * move together: any write to messages (read, delete, send) refreshes it, and
 * it is polled while shown. null until known (or while the service fails).
 */
export function useUnread(): number | null {
  const q = useFetch<unknown>(`${BASE}/my/topList`, undefined, { silent: true, refetchInterval: POLL_MS, staleTime: 0 })
  return q.data === undefined || q.isError ? null : unreadCount(q.data)
}

/** Reading a message is a GET that marks it read: the count and lists are read again. */
export const refreshMessages = () => invalidate(BASE)
