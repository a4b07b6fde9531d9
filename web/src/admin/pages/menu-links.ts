/** A node of GET /api/blade-system/menu/routes (SpringBlade's shape, the fields used here). */
export interface MenuNode { id: string; name: string; alias?: string; path: string; source?: string; isOpen?: number; children?: MenuNode[] }

export interface QuickLink { id: string; name: string; alias: string; source?: string; to: string; external: boolean }

/**
 * The screens a user can reach, for the welcome page: every leaf of the menu
 * tree that has a path, in menu order. A web address opens in the embedded
 * frame (/myiframe/<encoded address>), as the shell does for such entries.
 */
export function quickLinks(tree: MenuNode[], limit = 12): QuickLink[] {
  const out: QuickLink[] = []
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      if (out.length >= limit) return
      if (n.children?.length) walk(n.children)
      else if (n.path) {
        const external = /^https?:\/\//i.test(n.path)
        out.push({ id: n.id, name: n.name, alias: n.alias || n.name, source: n.source, external, to: external ? `/myiframe/${encodeURIComponent(n.path)}` : n.path })
      }
    }
  }
  walk(tree)
  return out
}

/** The greeting key for an hour of the day. */
export const greetingKey = (hour: number) => (hour < 5 ? 'night' : hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : hour < 23 ? 'evening' : 'night')
