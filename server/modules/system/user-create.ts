import { and, inArray } from 'drizzle-orm'
import { role } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { roleResource } from './role.ts'
import { userResource } from './user.ts'

/** An account made by the CLI (with the system actor) through the user resource: roles by id or by alias. */
export interface CreateUserInput {
  account: string
  password?: string
  realName?: string
  name?: string
  email?: string
  phone?: string
  roleAliases?: string[]
  roleId?: string
  deptId?: string
}

export async function createUser(ctx: Ctx, input: CreateUserInput) {
  let roleId = input.roleId
  if (!roleId && input.roleAliases?.length) {
    const rows = await ctx.db
      .select({ id: role.id })
      .from(role)
      .where(and(await roleResource.scope(ctx), inArray(role.roleAlias, input.roleAliases)))
    if (rows.length !== input.roleAliases.length) throw badRequest('user.foreignRef', { field: 'roleId' }, 'roleId')
    roleId = rows.map((r) => r.id).join(',')
  }
  const { roleAliases: _, ...rest } = input
  return userResource.ops.submit(ctx, {
    ...rest,
    roleId: roleId ?? '',
    deptId: input.deptId ?? '',
    name: input.name ?? input.realName ?? input.account,
    realName: input.realName ?? input.name ?? input.account,
  })
}
