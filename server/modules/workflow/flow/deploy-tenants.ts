import { tenant } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { ApiError, badRequest } from '../../../lib/errors.ts'
import { isAdministrator } from '../../../lib/permissions.ts'
import { first } from '../../../lib/rows.ts'
import { tenantRows } from '../../../lib/tenant-rows.ts'
import { transact } from '../../../lib/transaction.ts'
import { deployDefinition } from '../engine/operations.ts'
import '../design/messages.ts'

/** The schools a classic deployment goes to: those listed (platform administrator only), else the caller's. */
export async function targetTenants(ctx: Ctx, tenantIds: unknown): Promise<string[]> {
  const listed = (
    Array.isArray(tenantIds) ? tenantIds.map(String) : typeof tenantIds === 'string' ? tenantIds.split(',') : []
  )
    .map((s) => s.trim())
    .filter(Boolean)
  const wanted = [...new Set(listed)]
  if (!wanted.length) return [ctx.actor.tenantId]
  if (wanted.some((id) => id !== ctx.actor.tenantId) && !(await isAdministrator(ctx)))
    throw new ApiError(403, 'workflow.design.tenantIds')
  if (wanted.some((id) => id.length > 12)) throw badRequest('validation.invalid', { field: 'tenantIds' }, 'tenantIds')
  for (const id of wanted) {
    const found = await first(
      ctx.db
        .select({ tenantId: tenant.tenantId })
        .from(tenant)
        .where(tenantRows(tenant, id, { why: 'the platform administrator deploys to the schools it names' })),
    )
    if (!found) throw badRequest('workflow.design.tenantMissing', { tenantId: id, field: 'tenantIds' }, 'tenantIds')
  }
  return wanted
}

export interface Definition {
  xml: string
  name?: string | null
  modelId?: string | null
  categoryId?: string | null
  description?: string | null
  icon?: string | null
}

/**
 * Deploys definitions to schools in one transaction: all or none. The model and category are the caller's
 * school's rows, so another school's copy is filed under neither.
 */
export function deployToTenants(ctx: Ctx, tenants: string[], defs: Definition[]) {
  return transact(ctx, async (tx) => {
    const out = []
    for (const tenantId of tenants)
      for (const d of defs) {
        const own = tenantId === ctx.actor.tenantId
        const r = await deployDefinition(tx, {
          tenantId,
          xml: d.xml,
          name: d.name,
          modelId: own ? d.modelId : null,
          categoryId: own ? d.categoryId : null,
          description: d.description,
          icon: own ? d.icon : null,
          userId: ctx.actor.userId ?? '',
          deptId: own ? (ctx.actor.deptIds[0] ?? null) : null,
        })
        out.push({ tenantId, ...r })
      }
    return out
  })
}
