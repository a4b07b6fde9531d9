/** A row with its nested children, as tree tables and pickers show it. */
export type Tree<T> = T & { children?: Tree<T>[]; hasChildren: boolean }

/** Rows with id/parentId become a nested tree; a row whose parent is missing (or out of scope) becomes a root. */
export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): Tree<T>[] {
  const byId = new Map<string, Tree<T>>(rows.map((r) => [r.id, { ...r, hasChildren: false }]))
  const roots: Tree<T>[] = []
  for (const n of byId.values()) {
    const parent = byId.get(n.parentId)
    if (parent && parent !== n) {
      ;(parent.children ??= []).push(n)
      parent.hasChildren = true
    } else roots.push(n)
  }
  return roots
}

/** The SpringBlade TreeNode shape pickers use: id, parentId, title, key, value (children and hasChildren come from buildTree). */
export const treeNode = (r: { id: string; parentId: string }, title: string) => ({
  id: r.id,
  parentId: r.parentId,
  title,
  key: r.id,
  value: r.id,
})
