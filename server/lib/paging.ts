import { badRequest } from './errors.ts'

export const PAGE_SIZE_DEFAULT = 10
export const PAGE_SIZE_MAX = 200

/** Past this a page number is no page of any real list (and its offset would leave SQLite's integers). */
const PAGE_MAX = 1_000_000

const positive = (v: unknown, field: string, d: number) => {
  if (v === undefined || v === null || v === '') return d
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 || (field === 'current' && n > PAGE_MAX))
    throw badRequest('validation.page', { field }, field)
  return n
}

/** current is 1-based; size defaults to 10 and is clipped to 200 rather than refused. */
export function parsePaging(q: Record<string, unknown>) {
  const current = positive(q.current, 'current', 1)
  const size = Math.min(positive(q.size, 'size', PAGE_SIZE_DEFAULT), PAGE_SIZE_MAX)
  return { current, size, offset: (current - 1) * size }
}

export const pageOf = <T>(records: T[], total: number, current: number, size: number) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
})
