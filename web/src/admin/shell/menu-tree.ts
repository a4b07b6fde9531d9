/** A node of GET /api/blade-system/menu/routes. */
export interface MenuItem {
  id: string
  parentId: string
  code: string
  name: string
  alias?: string | null
  path?: string | null
  source?: string | null
  isOpen?: number
  category?: number
  meta?: { roles?: string[]; isTab?: boolean; isAuth?: boolean } | null
  children?: MenuItem[]
}

export const isWebAddress = (path?: string | null) => !!path && /^https?:\/\//i.test(path)
/** Menu entries carrying a web address open in the embedded frame. */
export const frameRoute = (url: string) => `/myiframe/${encodeURIComponent(url)}`
export const menuLabel = (m: Pick<MenuItem, 'name' | 'alias'>, lang: string) =>
  lang === 'en' && m.alias ? m.alias : m.name

/** Items restricted by role (meta.roles) are hidden from users holding none of those roles. */
export function visibleMenu(tree: MenuItem[], roles: string[]): MenuItem[] {
  return tree
    .filter((m) => !m.meta?.roles?.length || m.meta.roles.some((r) => roles.includes(r)))
    .map((m) => ({ ...m, children: m.children ? visibleMenu(m.children, roles) : undefined }))
}

export function flatten(tree: MenuItem[]): MenuItem[] {
  return tree.flatMap((m) => [m, ...flatten(m.children ?? [])])
}

/** Menu search (spec §5): leaves whose name starts with the text, case-insensitively, in either language. */
export function searchMenu(tree: MenuItem[], text: string): MenuItem[] {
  const q = text.trim().toLowerCase()
  if (!q) return []
  return flatten(tree).filter(
    (m) =>
      !m.children?.length &&
      m.path &&
      (m.name.toLowerCase().startsWith(q) || (m.alias ?? '').toLowerCase().startsWith(q)),
  )
}
