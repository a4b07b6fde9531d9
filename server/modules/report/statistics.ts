/**
 * Statistics for the dashboard and its export: courses (enrolments, completion, ratings, enrolments per day), exercises
 * (answers to exam questions: attempts, accuracy per question and knowledge point, the hardest questions) and users
 * (learners active per day and per department). Every figure counts only the courses and exams the caller may see
 * (their menus' data scopes: a teacher their own) within their school, over the last `days` days.
 */
import { and, count, countDistinct, eq, gte, inArray, sql } from 'drizzle-orm'
import {
  course,
  courseEvaluate,
  courseSection,
  courseStatistics,
  courseUser,
  dept,
  paperAnswer,
  paperTime,
  paperTimeUser,
  question,
  sectionWare,
  user,
} from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { richTextToPlain } from '../../lib/rich-text.ts'
import { notDeleted } from '../../lib/tenant-rows.ts'
import { formatDateTime } from '../../lib/time.ts'
import { courseResource } from '../course/course.ts'
import { ENROL } from '../course/enrolment.ts'
import { paperTimeResource } from '../exam/paper-time.ts'

/** Seen this far (percent), a courseware counts as finished (as on the learner's "my courses"). */
const DONE_AT = 90
const HARDEST = 10

const since = (days: number) => formatDateTime(new Date(Date.now() - days * 86_400_000))
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0)
/** The day of a stored 'yyyy-MM-dd HH:mm:ss' time. */
const dayOf = (col: unknown) => sql<string>`substr(${col}, 1, 10)`

async function visibleCourses(ctx: Ctx) {
  return ctx.db
    .select({ id: course.id, title: course.title })
    .from(course)
    .where(await courseResource.scope(ctx))
}

export async function courseStatisticsOf(ctx: Ctx, days: number) {
  const courses = await visibleCourses(ctx)
  const ids = courses.map((c) => c.id)
  if (!ids.length) return { courses: [], enrolmentsByDay: [] }
  const enrolled = and(inArray(courseUser.courseId, ids), eq(courseUser.status, ENROL.approved), notDeleted(courseUser))
  const enrolments = await ctx.db
    .select({ courseId: courseUser.courseId, n: count() })
    .from(courseUser)
    .where(enrolled)
    .groupBy(courseUser.courseId)
  const wares = await ctx.db
    .select({ courseId: courseSection.courseId, n: count() })
    .from(sectionWare)
    .innerJoin(courseSection, eq(courseSection.id, sectionWare.sectionId))
    .where(and(inArray(courseSection.courseId, ids), notDeleted(sectionWare), notDeleted(courseSection)))
    .groupBy(courseSection.courseId)
  const done = await ctx.db
    .select({ courseId: courseStatistics.courseId, userId: courseStatistics.userId, n: count() })
    .from(courseStatistics)
    .where(
      and(
        inArray(courseStatistics.courseId, ids),
        gte(courseStatistics.progress, DONE_AT),
        notDeleted(courseStatistics),
      ),
    )
    .groupBy(courseStatistics.courseId, courseStatistics.userId)
  const ratings = await ctx.db
    .select({
      courseId: courseEvaluate.courseId,
      n: count(),
      stars:
        sql<number>`avg((${courseEvaluate.targetEvaluate} + ${courseEvaluate.contentEvaluate} + ${courseEvaluate.methodEvaluate} + ${courseEvaluate.effectEvaluate}) / 4.0)`.mapWith(
          Number,
        ),
    })
    .from(courseEvaluate)
    .where(and(inArray(courseEvaluate.courseId, ids), notDeleted(courseEvaluate)))
    .groupBy(courseEvaluate.courseId)
  const byDay = await ctx.db
    .select({ day: dayOf(courseUser.createTime), n: count() })
    .from(courseUser)
    .where(and(enrolled, gte(courseUser.createTime, since(days))))
    .groupBy(dayOf(courseUser.createTime))
    .orderBy(dayOf(courseUser.createTime))
  const rows = courses.map((c) => {
    const n = enrolments.find((e) => e.courseId === c.id)?.n ?? 0
    const w = wares.find((x) => x.courseId === c.id)?.n ?? 0
    const completed = w ? done.filter((d) => d.courseId === c.id && d.n >= w).length : 0
    const r = ratings.find((x) => x.courseId === c.id)
    return {
      courseId: c.id,
      title: c.title,
      enrolments: n,
      completed,
      completionRate: rate(completed, n),
      ratings: r?.n ?? 0,
      rating: r ? Math.round(r.stars * 10) / 10 : 0,
    }
  })
  // Hot courses first: the most enrolments, then the best rated.
  rows.sort((a, b) => b.enrolments - a.enrolments || b.rating - a.rating)
  return { courses: rows, enrolmentsByDay: byDay.map((d) => ({ day: d.day, count: d.n })) }
}

export async function exerciseStatisticsOf(ctx: Ctx, days: number) {
  const answers = await ctx.db
    .select({
      questionId: paperAnswer.questionId,
      content: question.content,
      point: question.examCenter,
      answered: count(),
      right: sql<number>`sum(case when ${paperAnswer.correct} = 1 then 1 else 0 end)`.mapWith(Number),
    })
    .from(paperAnswer)
    .innerJoin(paperTimeUser, eq(paperTimeUser.id, paperAnswer.paperTimeUserId))
    .innerJoin(paperTime, eq(paperTime.id, paperTimeUser.paperTimeId))
    .innerJoin(question, eq(question.id, paperAnswer.questionId))
    .where(and(await paperTimeResource.scope(ctx), gte(paperAnswer.saveTime, since(days))))
    .groupBy(paperAnswer.questionId, question.content, question.examCenter)
  const questions = answers.map((a) => ({
    questionId: a.questionId,
    content: richTextToPlain(a.content).slice(0, 80),
    point: a.point ?? '',
    answered: a.answered,
    correctRate: rate(a.right, a.answered),
  }))
  const points = new Map<string, { answered: number; right: number }>()
  for (const a of answers) {
    const p = points.get(a.point ?? '') ?? { answered: 0, right: 0 }
    points.set(a.point ?? '', { answered: p.answered + a.answered, right: p.right + a.right })
  }
  const attempts = answers.reduce((t, a) => t + a.answered, 0)
  return {
    attempts,
    correctRate: rate(
      answers.reduce((t, a) => t + a.right, 0),
      attempts,
    ),
    questions,
    points: [...points].map(([point, p]) => ({ point, answered: p.answered, correctRate: rate(p.right, p.answered) })),
    hardest: [...questions].sort((a, b) => a.correctRate - b.correctRate || b.answered - a.answered).slice(0, HARDEST),
  }
}

export async function userStatisticsOf(ctx: Ctx, days: number) {
  const from = since(days)
  const courseIds = (await visibleCourses(ctx)).map((c) => c.id)
  // A learner is active on a day they studied a course or opened an exam the caller may see.
  const studied = courseIds.length
    ? await ctx.db
        .selectDistinct({ userId: courseStatistics.userId, day: dayOf(courseStatistics.updateTime) })
        .from(courseStatistics)
        .where(
          and(
            inArray(courseStatistics.courseId, courseIds),
            gte(courseStatistics.updateTime, from),
            notDeleted(courseStatistics),
          ),
        )
    : []
  const sat = await ctx.db
    .selectDistinct({ userId: paperTimeUser.userId, day: dayOf(paperTimeUser.startTime) })
    .from(paperTimeUser)
    .innerJoin(paperTime, eq(paperTime.id, paperTimeUser.paperTimeId))
    .where(and(await paperTimeResource.scope(ctx), gte(paperTimeUser.startTime, from)))
  const perDay = new Map<string, Set<string>>()
  for (const a of [...studied, ...sat]) perDay.set(a.day, (perDay.get(a.day) ?? new Set()).add(a.userId))
  const active = [...new Set([...studied, ...sat].map((a) => a.userId))]
  const byDept = active.length
    ? await ctx.db
        .select({ deptId: user.deptId, deptName: dept.deptName, n: countDistinct(user.id) })
        .from(user)
        .leftJoin(dept, eq(dept.id, user.deptId))
        .where(and(inArray(user.id, active), notDeleted(user)))
        .groupBy(user.deptId, dept.deptName)
    : []
  return {
    activeLearners: active.length,
    activeByDay: [...perDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, users]) => ({ day, count: users.size })),
    byDept: byDept
      .map((d) => ({ deptId: d.deptId, deptName: d.deptName ?? '', count: d.n }))
      .sort((a, b) => b.count - a.count),
  }
}
