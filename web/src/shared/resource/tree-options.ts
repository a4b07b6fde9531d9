import { useEffect, useState } from 'react'
import { api } from '../api'

export interface TreeNode { id?: string; value?: string; key?: string; title?: string; name?: string; label?: string; children?: TreeNode[]; disabled?: boolean }
export interface FlatOption { value: string; label: string; depth: number; disabled?: boolean }

/** A tree of options flattened in order, with its depth for indentation. */
export function flattenTree(nodes: TreeNode[], depth = 0, labelKey?: string): FlatOption[] {
  return nodes.flatMap((n) => [
    { value: String(n.value ?? n.id ?? n.key), label: String((labelKey && (n as Record<string, unknown>)[labelKey]) ?? n.title ?? n.name ?? n.label ?? n.id), depth, disabled: n.disabled },
    ...flattenTree(n.children ?? [], depth + 1, labelKey),
  ])
}

const cache = new Map<string, Promise<FlatOption[]>>()

/** Options of a tree endpoint; cached per URL for the page's life unless `fresh`. */
export function useTreeOptions(url?: string, params?: Record<string, string>, labelKey?: string, fresh = false): FlatOption[] {
  const [options, setOptions] = useState<FlatOption[]>([])
  const key = `${url}?${new URLSearchParams(params).toString()}`
  useEffect(() => {
    if (!url) return
    // A list endpoint may answer a page; its records are the options then.
    if (fresh || !cache.has(key)) cache.set(key, api.get<TreeNode[] | { records: TreeNode[] }>(url, params, { silent: true }).then((t) => flattenTree(Array.isArray(t) ? t : t.records ?? [], 0, labelKey), () => []))
    void cache.get(key)!.then(setOptions)
  }, [key])
  return options
}
