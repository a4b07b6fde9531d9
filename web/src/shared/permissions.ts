import { useMemo } from 'react'
import { useFetch } from './data'

interface ButtonNode {
  code?: string
  children?: ButtonNode[]
}

function codesOf(tree: ButtonNode[]) {
  const set = new Set<string>()
  const walk = (ns: ButtonNode[]) =>
    ns.forEach((n) => {
      if (n.code) set.add(n.code)
      walk(n.children ?? [])
    })
  walk(tree)
  return set
}

/**
 * The signed-in user's permission codes, from GET menu/buttons (a tree whose
 * nodes carry codes). Screens hide what the user lacks; the server enforces.
 * Editing menus or grants refreshes them (they live under the menu resource).
 */
export function usePermissions() {
  const q = useFetch<ButtonNode[]>('/api/blade-system/menu/buttons', undefined, { silent: true, staleTime: 300_000 })
  const codes = useMemo(() => (q.data ? codesOf(q.data) : null), [q.data])
  return { ready: !!codes || q.isError, has: (code: string) => !!codes?.has(code) }
}
