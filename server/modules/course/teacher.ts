import { and, eq, inArray } from 'drizzle-orm'
import { role, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'

/** Checks that a chosen owner is a teacher of the caller's tenant (spec: teachers are chosen from users with role teacher). */
export async function assertTeacher(ctx: Ctx, userId: string) {
  const [u] = await ctx.db
    .select({ roleId: user.roleId })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.tenantId, ctx.actor.tenantId), eq(user.isDeleted, 0)))
  const ids = u?.roleId.split(',').filter(Boolean) ?? []
  const roles = ids.length
    ? await ctx.db
        .select({ alias: role.roleAlias })
        .from(role)
        .where(and(inArray(role.id, ids), eq(role.isDeleted, 0)))
    : []
  if (!roles.some((r) => r.alias === 'teacher')) throw badRequest('course.teacher', { field: 'teacherId' }, 'teacherId')
}

/** id → realName for the users named in rows (teacher names, learners' names). */
export async function realNames(ctx: Ctx, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const want = [...new Set(ids.filter((x): x is string => !!x))]
  if (!want.length) return new Map()
  const rows = await ctx.db
    .select({ id: user.id, realName: user.realName, account: user.account })
    .from(user)
    .where(inArray(user.id, want))
  return new Map(rows.map((r) => [r.id, r.realName || r.account]))
}
