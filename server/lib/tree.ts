/** Rows with id/parentId become a nested tree; a row whose parent is missing (or out of scope) becomes a root. */
export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): (T & { children?: (T & { children?: unknown[] })[]; hasChildren: boolean })[] {
  type N = T & { children?: N[]; hasChildren: boolean }
  const byId = new Map<string, N>(rows.map((r) => [r.id, { ...r, hasChildren: false }]))
  const roots: N[] = []
  for (const n of byId.values()) {
    const parent = byId.get(n.parentId)
    if (parent && parent !== n) {
      ;(parent.children ??= []).push(n)
      parent.hasChildren = true
    } else roots.push(n)
  }
  return roots
}

/** The SpringBlade TreeNode shape pickers use: id, parentId, title, key, value, children, hasChildren. */
export const treeNode = <T extends { id: string; parentId: string }>(r: T, title: string) =>
  ({ id: r.id, parentId: r.parentId, title, key: r.id, value: r.id })
