import { badRequest } from './errors.ts'

/** `ids=1,2,3` from a query, a form or a JSON body (string or array); 400 unless every one is an id. */
export function parseIds(v: unknown): string[] {
  const list = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []
  const ids = list.map((s) => s.trim()).filter(Boolean)
  if (!ids.length || ids.length > 1000 || !ids.every((s) => /^\d{1,20}$/.test(s)))
    throw badRequest('validation.ids', { field: 'ids' }, 'ids')
  return ids
}
