/**
 * What a list request's query parameters ask of a resource: its search,
 * filter and date parameters as SQL conditions, and the keys a keyed
 * resource's remove takes. Pure functions of the declaration and the query.
 */
import { eq, gte, lt, type SQL } from 'drizzle-orm'
import { contains, startsWith } from './like.ts'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { badRequest } from './errors.ts'
import type { Query, ResourceOptions } from './resource-types.ts'

/** The parts of a declaration that name query parameters. */
type Searchable = Pick<ResourceOptions<SQLiteTable>, 'search' | 'filters' | 'dates'>

/** Keys of a keyed resource: `a,b` or an array, each a non-empty code. */
export function parseKeys(v: unknown): string[] {
  const list = (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [])
    .map((x) => x.trim())
    .filter(Boolean)
  if (!list.length || list.length > 1000 || list.some((x) => x.length > 64))
    throw badRequest('validation.ids', { field: 'ids' }, 'ids')
  return list
}

/** The query's search (LIKE), filter (equals) and date parameters as conditions; a malformed date is a 400 naming it. */
export function queryFilters(o: Searchable, cols: Record<string, SQLiteColumn>, q: Query): SQL[] {
  const out: SQL[] = []
  for (const f of o.search ?? []) {
    const v = q[`${f}_like`] ?? q[f]
    // The user's text is matched literally: % and _ are escaped, not wildcards.
    if (v) out.push(contains(cols[f], v))
  }
  for (const f of o.filters ?? []) {
    const v = q[f] ?? q[`${f}_equal`]
    if (v !== undefined && v !== '') out.push(eq(cols[f], cols[f].dataType === 'number' ? Number(v) : v))
  }
  for (const f of o.dates ?? []) {
    const day = q[f],
      ge = q[`${f}_datege`],
      lt_ = q[`${f}_datelt`]
    for (const [name, v] of [
      [f, day],
      [`${f}_datege`, ge],
      [`${f}_datelt`, lt_],
    ] as const)
      if (v && !/^\d{4}-\d{2}-\d{2}/.test(v)) throw badRequest('validation.date', { field: name }, name)
    if (day) out.push(startsWith(cols[f], day.slice(0, 10)))
    if (ge) out.push(gte(cols[f], ge))
    if (lt_) out.push(lt(cols[f], lt_))
  }
  return out
}

/** The query without search and filter parameters: only what the tree's own condition reads. */
export const treeWhereOnly = (o: Searchable, q: Query): Query =>
  Object.fromEntries(
    Object.entries(q).filter(
      ([k]) =>
        ![...(o.search ?? []), ...(o.filters ?? []), ...(o.dates ?? [])].some((f) => k === f || k.startsWith(`${f}_`)),
    ),
  )
