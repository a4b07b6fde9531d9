import { useEffect, useSyncExternalStore } from 'react'
import { api } from './api'
import { onSessionReset } from './session'

interface ButtonNode { code?: string; children?: ButtonNode[] }

/**
 * The signed-in user's permission codes, from GET menu/buttons (a tree whose
 * nodes carry codes). Screens hide what the user lacks; the server enforces.
 */
let codes: Set<string> | null = null
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()
const publish = () => listeners.forEach((l) => l())

onSessionReset(() => { codes = null; loading = null; publish() })

function load() {
  loading ??= api.get<ButtonNode[]>('/api/blade-system/menu/buttons', undefined, { silent: true }).then((tree) => {
    const set = new Set<string>()
    const walk = (ns: ButtonNode[]) => ns.forEach((n) => { if (n.code) set.add(n.code); walk(n.children ?? []) })
    walk(tree)
    codes = set
  }, () => { codes = new Set() }).finally(publish)
  return loading
}

export function usePermissions() {
  const current = useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l) }, () => codes)
  useEffect(() => { if (!current) void load() }, [current])
  return { ready: !!current, has: (code: string) => !!current?.has(code) }
}
