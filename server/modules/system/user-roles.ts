import type { Ctx } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { recordUsual } from '../../lib/logs.ts'
import { roleIdList } from '../../lib/role-assignment.ts'

/** Roles added or taken away by a write: both count as handing out that role. */
export const changedRoles = (before: unknown, after: unknown) => {
  const a = new Set(roleIdList(before)),
    b = new Set(roleIdList(after))
  return [...[...b].filter((id) => !a.has(id)), ...[...a].filter((id) => !b.has(id))]
}

/**
 * Records a change of a user's roles in the usual log: who, whom, from which roles to which. Inside the write's
 * transaction `db` is its handle, so the record commits or rolls back with the change.
 */
export async function recordRoleChange(
  ctx: Ctx,
  account: unknown,
  before: unknown,
  after: unknown,
  db: Db = ctx.db,
): Promise<void> {
  if (!changedRoles(before, after).length) return
  await recordUsual(
    { db },
    ctx.actor.tenantId,
    'roles changed',
    { by: ctx.actor.account, account, from: roleIdList(before), to: roleIdList(after) },
    ctx.actor.account,
  )
}
