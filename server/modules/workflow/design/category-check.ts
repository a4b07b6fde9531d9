import { and, eq } from 'drizzle-orm'
import { wfCategory } from '../../../../db/schema/workflow.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest } from '../../../lib/errors.ts'
import { first } from '../../../lib/rows.ts'
import { scope } from '../../../lib/scope.ts'
import './messages.ts'

/**
 * A category a model, form or deployment is filed under: one of the caller's school (400 naming `field`
 * otherwise). Empty means none.
 */
export async function checkCategory(ctx: Ctx, id: unknown, field = 'categoryId'): Promise<string | null> {
  if (id === undefined || id === null || id === '' || id === '0') return null
  const found = await first(
    ctx.db
      .select({ id: wfCategory.id })
      .from(wfCategory)
      .where(
        and(
          await scope(wfCategory, ctx, { dataScope: false, why: 'any category of the school may file a process' }),
          eq(wfCategory.id, String(id)),
        ),
      ),
  )
  if (!found) throw badRequest('workflow.design.categoryMissing', { field }, field)
  return found.id
}
