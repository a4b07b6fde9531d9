/** A message as the current user received it (isRead 1 = unread, 0 = read). */
export interface Message {
  id: string
  type: number
  title: string
  content?: string
  isRead: number
  createTime: string
  createUserName?: string
}

/** How many unread messages my/topList reports: a page carries its total, a bare list is counted. */
export function unreadCount(data: unknown): number {
  if (Array.isArray(data)) return data.filter((m: Partial<Message>) => Number(m.isRead ?? 1) === 1).length
  if (data && typeof data === 'object' && typeof (data as { total?: unknown }).total === 'number')
    return (data as { total: number }).total
  return 0
}
