/**
 * Statistics for the dashboard and its export: courses (enrolments, completion, ratings, enrolments per day), exercises
 * (graded answers to exam questions: attempts, accuracy per question and knowledge point, the hardest questions) and
 * users (learners active per day and per department). Every figure counts only the courses and exams the caller may
 * see (their menus' data scopes: a teacher their own) within their school, over the last `days` days.
 *
 * At 10,000 learners and a million answers (tests/bench/statistics.ts) each figure is one aggregate in the database,
 * never rows carried into JavaScript to count: exercises read the summary report_answer_day (kept by triggers on
 * hm_paper_answer; db/migrations 0037), users read report_learner_day (kept by triggers on progress and sittings;
 * 0039) and course completion a covering index on hm_course_statistics (0037).
 */
import { and, count, countDistinct, eq, gt, gte, inArray, or, sql } from 'drizzle-orm'
import {
  course,
  courseEvaluate,
  courseSection,
  courseStatistics,
  courseUser,
  dept,
  paperTime,
  question,
  reportAnswerDay,
  reportLearnerDay,
  sectionWare,
  user,
} from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { richTextToPlain } from '../../lib/rich-text.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { formatDateTime } from '../../lib/time.ts'
import { courseResource } from '../course/course.ts'
import { ENROL } from '../course/enrolment.ts'
import { paperTimeResource } from '../exam/paper-time.ts'

const SUMMARY = "a summary row counts the school's activity; the subjects it is joined to carry the caller's scope"

/** Seen this far (percent), a courseware counts as finished (as on the learner's "my courses"). */
const DONE_AT = 90
const HARDEST = 10
/** Hot courses whose enrolments are drawn day by day. */
const HOT = 5

/** The first moment counted: midnight `days - 1` days ago, so the last 1 day is today and the range is whole days. */
const since = (days: number) =>
  `${formatDateTime(new Date(Date.now() - (days - 1) * 86_400_000)).slice(0, 10)} 00:00:00`
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0)
/** The day of a stored 'yyyy-MM-dd HH:mm:ss' time. */
const dayOf = (col: unknown) => sql<string>`substr(${col}, 1, 10)`
const total = (col: unknown) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number)

async function visibleCourses(ctx: Ctx) {
  return ctx.db
    .select({ id: course.id, title: course.title })
    .from(course)
    .where(await courseResource.scope(ctx))
}

/** The ids of the exams the caller may see, as a subquery (not run: a builder, so it is not awaited). */
const visibleExams = async (ctx: Ctx) => {
  const scope = await paperTimeResource.scope(ctx)
  return { ids: ctx.db.select({ id: paperTime.id }).from(paperTime).where(scope) }
}

export async function courseStatisticsOf(ctx: Ctx, days: number) {
  const courses = await visibleCourses(ctx)
  const ids = courses.map((c) => c.id)
  if (!ids.length) return { courses: [], enrolmentsByDay: [], hotByDay: [] }
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
  // Learners who finished every courseware of a course, counted per course in the database.
  const finished = ctx.db
    .select({ courseId: courseStatistics.courseId, n: count().as('n') })
    .from(courseStatistics)
    .where(
      and(
        inArray(courseStatistics.courseId, ids),
        gte(courseStatistics.progress, DONE_AT),
        notDeleted(courseStatistics),
      ),
    )
    .groupBy(courseStatistics.courseId, courseStatistics.userId)
    .as('finished')
  const done = await ctx.db
    .select({ courseId: finished.courseId, n: count() })
    .from(finished)
    .where(
      gte(
        finished.n,
        sql`(${ctx.db
          .select({ n: count() })
          .from(sectionWare)
          .innerJoin(courseSection, eq(courseSection.id, sectionWare.sectionId))
          .where(
            and(eq(courseSection.courseId, finished.courseId), notDeleted(sectionWare), notDeleted(courseSection)),
          )})`,
      ),
    )
    .groupBy(finished.courseId)
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
  // Enrolments per course and day: the day's total, and the hot courses' own lines.
  const byDay = await ctx.db
    .select({ day: dayOf(courseUser.createTime), courseId: courseUser.courseId, n: count() })
    .from(courseUser)
    .where(and(enrolled, gte(courseUser.createTime, since(days))))
    .groupBy(dayOf(courseUser.createTime), courseUser.courseId)
    .orderBy(dayOf(courseUser.createTime))
  const rows = courses.map((c) => {
    const n = enrolments.find((e) => e.courseId === c.id)?.n ?? 0
    const w = wares.find((x) => x.courseId === c.id)?.n ?? 0
    const completed = w ? (done.find((d) => d.courseId === c.id)?.n ?? 0) : 0
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
  const perDay = new Map<string, number>()
  for (const d of byDay) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.n)
  const hot = new Map(rows.slice(0, HOT).map((c) => [c.courseId, c.title]))
  return {
    courses: rows,
    enrolmentsByDay: [...perDay].map(([day, n]) => ({ day, count: n })),
    hotByDay: byDay
      .filter((d) => hot.has(d.courseId))
      .map((d) => ({ day: d.day, courseId: d.courseId, title: hot.get(d.courseId)!, count: d.n })),
  }
}

export async function exerciseStatisticsOf(ctx: Ctx, days: number) {
  const answered = total(reportAnswerDay.answered)
  const answers = await ctx.db
    .select({
      questionId: reportAnswerDay.questionId,
      content: question.content,
      point: question.examCenter,
      answered,
      right: total(reportAnswerDay.rightCount),
    })
    .from(reportAnswerDay)
    .innerJoin(question, eq(question.id, reportAnswerDay.questionId))
    .where(
      and(
        tenantRows(reportAnswerDay, ctx.actor.tenantId, { why: SUMMARY }),
        inArray(reportAnswerDay.paperTimeId, (await visibleExams(ctx)).ids),
        gte(reportAnswerDay.day, since(days).slice(0, 10)),
      ),
    )
    .groupBy(reportAnswerDay.questionId, question.content, question.examCenter)
    .having(gt(answered, 0))
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
  // A learner is active on a day they studied a course or opened an exam the caller may see (report_learner_day).
  const courses = ctx.db
    .select({ id: course.id })
    .from(course)
    .where(await courseResource.scope(ctx))
  const active = and(
    tenantRows(reportLearnerDay, ctx.actor.tenantId, { why: SUMMARY }),
    gte(reportLearnerDay.day, since(days).slice(0, 10)),
    or(
      inArray(reportLearnerDay.subjectId, courses),
      inArray(reportLearnerDay.subjectId, (await visibleExams(ctx)).ids),
    ),
  )
  const perDay = await ctx.db
    .select({ day: reportLearnerDay.day, n: countDistinct(reportLearnerDay.userId) })
    .from(reportLearnerDay)
    .where(active)
    .groupBy(reportLearnerDay.day)
    .orderBy(reportLearnerDay.day)
  const byDept = await ctx.db
    .select({ deptId: user.deptId, deptName: dept.deptName, n: count() })
    .from(user)
    .leftJoin(dept, eq(dept.id, user.deptId))
    .where(
      and(
        inArray(
          user.id,
          ctx.db.selectDistinct({ userId: reportLearnerDay.userId }).from(reportLearnerDay).where(active),
        ),
        notDeleted(user),
      ),
    )
    .groupBy(user.deptId, dept.deptName)
  return {
    // Every active learner is in one department row (no department is a row of its own).
    activeLearners: byDept.reduce((t, d) => t + d.n, 0),
    activeByDay: perDay.map((d) => ({ day: d.day, count: d.n })),
    byDept: byDept
      .map((d) => ({ deptId: d.deptId, deptName: d.deptName ?? '', count: d.n }))
      .sort((a, b) => b.count - a.count),
  }
}
