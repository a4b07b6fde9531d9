import { useSearchParams } from 'react-router-dom'
import { siteConfig } from '../config'

/**
 * List state lives in the URL (DESIGN): page, size and filters survive a
 * reload, a shared link and the back button.
 */
export function useListState(filterNames: string[]) {
  const [params, setParams] = useSearchParams()
  const current = Math.max(1, Number(params.get('current')) || 1)
  const size = siteConfig.pageSizes.includes(Number(params.get('size')))
    ? Number(params.get('size'))
    : siteConfig.pageSizes[0]
  const filters: Record<string, string> = {}
  for (const n of filterNames) {
    const v = params.get(n)
    if (v) filters[n] = v
  }
  const update = (change: Record<string, string | number | undefined>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        for (const [k, v] of Object.entries(change)) {
          if (v === undefined || v === '') next.delete(k)
          else next.set(k, String(v))
        }
        return next
      },
      { replace: true },
    )
  return {
    current,
    size,
    filters,
    setPage: (c: number, s: number) =>
      update({ current: c === 1 ? undefined : c, size: s === siteConfig.pageSizes[0] ? undefined : s }),
    setFilters: (f: Record<string, string | undefined>) =>
      update({ ...Object.fromEntries(filterNames.map((n) => [n, f[n]])), current: undefined }),
    setFilter: (name: string, value: string | undefined) => update({ [name]: value, current: undefined }),
  }
}
