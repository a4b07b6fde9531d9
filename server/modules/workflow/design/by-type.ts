import { and, asc, eq, ne } from 'drizzle-orm'
import { dictBiz } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'

/**
 * Rows grouped by their `type`, each group named by the school's business dictionary (in the caller's language):
 * what the modeller's and form designer's pickers show. Types the dictionary does not name come last, by their key.
 */
export async function byType<R extends { type: string }>(ctx: Ctx, code: string, rows: R[]) {
  const items = await ctx.db
    .select({ key: dictBiz.dictKey, zh: dictBiz.dictValue, en: dictBiz.dictValueEn })
    .from(dictBiz)
    .where(
      and(
        tenantRows(dictBiz, ctx.actor.tenantId, { why: "a dictionary's labels are the school's own to read" }),
        eq(dictBiz.code, code),
        ne(dictBiz.parentId, '0'),
      ),
    )
    .orderBy(asc(dictBiz.sort))
  const label = new Map(items.map((i) => [i.key, ctx.lang === 'en' ? (i.en ?? i.zh) : i.zh]))
  const order = [...label.keys(), ...[...new Set(rows.map((r) => r.type))].filter((t) => !label.has(t)).sort()]
  return order
    .map((type) => ({ type, name: label.get(type) ?? type, children: rows.filter((r) => r.type === type) }))
    .filter((g) => g.children.length)
}
