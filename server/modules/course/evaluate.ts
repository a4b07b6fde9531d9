import { evaluateFields } from '../../../db/fields/course.ts'
import { inArray } from 'drizzle-orm'
import { course, courseEvaluate, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineResource } from '../../lib/resource.ts'
import './messages.ts'

export const STARS = ['targetEvaluate', 'contentEvaluate', 'methodEvaluate', 'effectEvaluate'] as const

/** Four ratings of 1–5 stars each. */
export function checkStars(v: Record<string, unknown>, required: boolean) {
  for (const f of STARS) {
    const n = v[f]
    if (n === undefined && !required) continue
    if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 5)
      throw badRequest('rating.stars', { field: f }, f)
  }
}

/** Course evaluations as staff see them (moderation: hide with status 0, remove). */
export const evaluateResource = defineResource({
  table: courseEvaluate,
  path: '/api/hm-courseEvaluate/courseEvaluate',
  code: 'content:evaluate',
  // Ratings are written by learners (portal); staff only moderate them.
  perms: { add: 'content:evaluate:edit' },
  search: ['evaluate'],
  filters: ['courseId', 'userId', 'status'],
  dates: ['createTime'],
  fields: evaluateFields,
  // The page shows the course title and the rater's name and avatar (the plain /list stays the rows).
  read: { on: ['page'], rows: (ctx, rows) => withCourseAndUser(ctx, rows as (typeof courseEvaluate.$inferSelect)[]) },
  beforeWrite: (_ctx, w) => {
    if (w.op !== 'remove') checkStars(w.values, w.op === 'insert')
  },
})

export async function withCourseAndUser(ctx: Ctx, rows: (typeof courseEvaluate.$inferSelect)[]) {
  const cids = [...new Set(rows.map((r) => r.courseId))],
    uids = [...new Set(rows.map((r) => r.userId))]
  const courses = cids.length
    ? await ctx.db.select({ id: course.id, title: course.title }).from(course).where(inArray(course.id, cids))
    : []
  const users = uids.length
    ? await ctx.db
        .select({ id: user.id, realName: user.realName, account: user.account, avatar: user.avatar })
        .from(user)
        .where(inArray(user.id, uids))
    : []
  return rows.map((r) => {
    const u = users.find((x) => x.id === r.userId)
    return {
      ...r,
      courseName: courses.find((c) => c.id === r.courseId)?.title ?? '',
      userName: u ? u.realName || u.account : '',
      avatar: u?.avatar ?? '',
    }
  })
}
