import { and, eq, inArray } from 'drizzle-orm'
import { dept, role, user } from '../../../../db/schema/index.ts'
import type { Ctx } from '../../../lib/context.ts'
import { badRequest, notFound } from '../../../lib/errors.ts'
import { isId } from '../../../lib/ids.ts'
import { first } from '../../../lib/rows.ts'
import { publicRows } from '../../../lib/tenant-rows.ts'

const WHY = "a colleague's name, department and roles are what a process form shows about its people"

/**
 * A person as process forms and the modeller's pickers show them (blade-workflow/design/process/user/detail): a
 * user of the caller's school by id (the caller when none is given), with department and role names. Nothing
 * private: no contact details, no account settings.
 */
export async function processUser(ctx: Ctx, id: string | undefined) {
  const wanted = id || ctx.actor.userId
  if (!isId(wanted)) throw badRequest('validation.id', { field: 'id' }, 'id')
  const row = await first(
    ctx.db
      .select({
        id: user.id,
        account: user.account,
        name: user.name,
        realName: user.realName,
        avatar: user.avatar,
        deptId: user.deptId,
        roleId: user.roleId,
      })
      .from(user)
      .where(and(publicRows(user, ctx.actor.tenantId, { why: WHY }), eq(user.id, wanted))),
  )
  if (!row) throw notFound()
  const ids = (s: string) => s.split(',').filter(Boolean)
  const depts = ids(row.deptId).length
    ? await ctx.db
        .select({ name: dept.deptName })
        .from(dept)
        .where(and(publicRows(dept, ctx.actor.tenantId, { why: WHY }), inArray(dept.id, ids(row.deptId))))
    : []
  const roles = ids(row.roleId).length
    ? await ctx.db
        .select({ name: role.roleName })
        .from(role)
        .where(and(publicRows(role, ctx.actor.tenantId, { why: WHY }), inArray(role.id, ids(row.roleId))))
    : []
  return {
    ...row,
    deptName: depts.map((d) => d.name).join(','),
    roleName: roles.map((r) => r.name).join(','),
  }
}
