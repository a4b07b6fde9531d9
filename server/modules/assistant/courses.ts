import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { course, courseUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { ownRows } from '../../lib/tenant-rows.ts'
import { ENROL } from '../course/enrolment.ts'
import { approved, live } from '../portal/course.ts'

type CourseRow = typeof course.$inferSelect

/** Free and joined without a review: any learner of the school may take its material up at once. */
const open = () => and(eq(course.isAuth, 0), eq(course.price, 0))

/**
 * Courses a learner may ask about: listed courses of their school (courseOr404 finds only those) that they are
 * enrolled in (approved), or that are open.
 */
export async function mayAsk(ctx: Ctx, c: Pick<CourseRow, 'id' | 'isAuth' | 'price'>): Promise<boolean> {
  return (c.isAuth === 0 && c.price === 0) || (await approved(ctx, c.id))
}

/** The course picker: the learner's enrolled courses first, then the open ones (at most 200). */
export async function askableCourses(ctx: Ctx): Promise<{ id: string; title: string; enrolled: boolean }[]> {
  const mine = (
    await ctx.db
      .select({ id: courseUser.courseId })
      .from(courseUser)
      .where(and(ownRows(courseUser, ctx), eq(courseUser.status, ENROL.approved)))
  ).map((r) => r.id)
  const rows = await ctx.db
    .select({ id: course.id, title: course.title })
    .from(course)
    .where(and(live(ctx), mine.length ? or(inArray(course.id, mine), open()) : open()))
    .orderBy(asc(course.sort), asc(course.id))
    .limit(200)
  const enrolled = new Set(mine)
  return rows
    .map((r) => ({ ...r, enrolled: enrolled.has(r.id) }))
    .sort((a, b) => Number(b.enrolled) - Number(a.enrolled))
}
