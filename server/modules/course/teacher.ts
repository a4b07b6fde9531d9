import { and, eq, inArray, sql } from 'drizzle-orm'
import { role, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { memberOf } from '../../lib/membership.ts'
import { first } from '../../lib/rows.ts'
import { roleResource } from '../system/role.ts'
import { userResource } from '../system/user.ts'

/** Checks that a chosen owner is a teacher of the caller's tenant (spec: teachers are chosen from users with role teacher). */
export async function assertTeacher(ctx: Ctx, userId: string) {
  const teachers = sql`SELECT ${role.id} FROM ${role} WHERE ${and(await roleResource.scope(ctx, { dataScope: false, why: 'which role is the teacher role is a fact of the tenant' }), eq(role.roleAlias, 'teacher'))}`
  const teacher = await first(
    ctx.db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          eq(user.id, userId),
          await userResource.scope(ctx, { dataScope: false, why: 'any teacher of the school may own a course' }),
          memberOf(user.roleId, teachers),
        ),
      ),
  )
  if (!teacher) throw badRequest('course.teacher', { field: 'teacherId' }, 'teacherId')
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
