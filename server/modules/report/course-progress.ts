/**
 * A course's progress as a printable report shows it: each approved learner's share of the course's courseware
 * finished (a courseware counts at 90 % seen, as on the learner's "my courses"), and when they last studied.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { course, courseSection, courseStatistics, courseUser, sectionWare, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { ENROL } from '../course/enrolment.ts'

/** Seen this far (percent), a courseware counts as finished. */
const DONE_AT = 90

export interface CourseProgress {
  title: string
  wares: number
  average: number
  completed: number
  learners: { name: string; account: string; done: number; progress: number; lastLearnTime: string }[]
}

export async function courseProgress(ctx: Ctx, row: typeof course.$inferSelect): Promise<CourseProgress> {
  const [wareCount] = await ctx.db
    .select({ n: count() })
    .from(sectionWare)
    .innerJoin(courseSection, eq(courseSection.id, sectionWare.sectionId))
    .where(and(eq(courseSection.courseId, row.id), notDeleted(sectionWare), notDeleted(courseSection)))
  const wares = wareCount?.n ?? 0
  const enrolled = await ctx.db
    .select({ userId: courseUser.userId, realName: user.realName, account: user.account })
    .from(courseUser)
    .innerJoin(user, eq(user.id, courseUser.userId))
    .where(and(eq(courseUser.courseId, row.id), eq(courseUser.status, ENROL.approved), notDeleted(courseUser)))
    .orderBy(asc(user.account))
  const ids = enrolled.map((e) => e.userId)
  const seen = ids.length
    ? await ctx.db
        .select({
          userId: courseStatistics.userId,
          done: sql<number>`sum(case when ${courseStatistics.progress} >= ${DONE_AT} then 1 else 0 end)`.mapWith(
            Number,
          ),
          last: sql<string>`max(${courseStatistics.updateTime})`,
        })
        .from(courseStatistics)
        .where(
          and(
            eq(courseStatistics.courseId, row.id),
            inArray(courseStatistics.userId, ids),
            notDeleted(courseStatistics),
          ),
        )
        .groupBy(courseStatistics.userId)
    : []
  const learners = enrolled.map((e) => {
    const s = seen.find((x) => x.userId === e.userId)
    const done = Math.min(s?.done ?? 0, wares)
    return {
      name: e.realName ?? e.account,
      account: e.account,
      done,
      progress: wares ? Math.round((done / wares) * 100) : 0,
      lastLearnTime: s?.last ?? '',
    }
  })
  return {
    title: row.title,
    wares,
    average: learners.length ? Math.round(learners.reduce((t, l) => t + l.progress, 0) / learners.length) : 0,
    completed: learners.filter((l) => wares > 0 && l.done >= wares).length,
    learners,
  }
}
