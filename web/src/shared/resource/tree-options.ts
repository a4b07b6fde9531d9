import { useMemo } from 'react'
import { useTree } from '../data'

export interface TreeNode {
  id?: string
  value?: string
  key?: string
  title?: string
  name?: string
  label?: string
  children?: TreeNode[]
  disabled?: boolean
}
export interface FlatOption {
  value: string
  label: string
  depth: number
  disabled?: boolean
}

/** A tree of options flattened in order, with its depth for indentation. */
export function flattenTree(nodes: TreeNode[], depth = 0, labelKey?: string): FlatOption[] {
  return nodes.flatMap((n) => [
    {
      value: String(n.value ?? n.id ?? n.key),
      label: String((labelKey && (n as Record<string, unknown>)[labelKey]) ?? n.title ?? n.name ?? n.label ?? n.id),
      depth,
      disabled: n.disabled,
    },
    ...flattenTree(n.children ?? [], depth + 1, labelKey),
  ])
}

const none: FlatOption[] = []

/** Options of a tree (or list) endpoint, flattened; shared and refreshed through the data layer. */
export function useTreeOptions(url?: string, params?: Record<string, string>, labelKey?: string): FlatOption[] {
  const { data } = useTree<TreeNode[] | { records: TreeNode[] }>(url, params)
  // A list endpoint may answer a page; its records are the options then.
  return useMemo(
    () => (data ? flattenTree(Array.isArray(data) ? data : (data.records ?? []), 0, labelKey) : none),
    [data, labelKey],
  )
}
