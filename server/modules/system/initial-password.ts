import { and, eq } from 'drizzle-orm'
import { param } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { first } from '../../lib/rows.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

/** A tenant's initial password (param account.initPassword), for new and reset accounts. */
export async function initialPassword(ctx: Ctx, tenantId = ctx.actor.tenantId): Promise<string> {
  const row = await first(
    ctx.db
      .select({ v: param.paramValue })
      .from(param)
      .where(
        and(
          tenantRows(param, tenantId, { why: "the school's setting, whoever creates or resets an account" }),
          eq(param.paramKey, 'account.initPassword'),
        ),
      ),
  )
  return row?.v || '123456'
}
