/**
 * What a teacher reads about one of their courses (/wel/CourseDetails) and one of its chapters (/wel/viewChapter):
 * the chapters with their material counts, the enrolments, each approved learner's progress and the ratings; and for
 * a chapter its courseware, questions and downloads with every approved learner's progress on each courseware.
 * The course or chapter is found in the caller's scope by the action before these run (a colleague's course, or
 * another school's, is a 404); the rows read here are that course's, whoever wrote them (learners write progress
 * and ratings), so they are bounded by the school and the course, not by the caller's own rows.
 */
import { and, asc, avg, count, eq, inArray } from 'drizzle-orm'
import {
  course,
  courseEvaluate,
  courseSection,
  courseStatistics,
  courseUser,
  courseWare,
  download,
  question,
  sectionDownload,
  sectionQuestion,
  sectionWare,
  user,
} from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'
import { ENROL } from './enrol-status.ts'

/** Seen this far (percent), a courseware counts as finished (as on the learner's "my courses" and the report). */
export const FINISHED_AT = 90

const COURSE_ROWS = "learners' progress, enrolments and ratings belong to the course the caller may see"

type CourseRow = typeof course.$inferSelect
type SectionRow = typeof courseSection.$inferSelect

export interface LearnerProgress {
  userId: string
  realName: string
  account: string
  /** Courseware finished, of `wares`. */
  done: number
  /** 0–100: the share finished. */
  progress: number
  lastLearnTime: string | null
}

export interface CourseOverview {
  id: string
  title: string
  type: number
  /** Courseware links across the chapters. */
  wares: number
  enrolled: { approved: number; pending: number; rejected: number }
  /** Mean progress of the approved learners, and how many finished everything. */
  average: number
  completed: number
  chapters: {
    id: string
    title: string
    sort: number
    wares: number
    questions: number
    downloads: number
    average: number
    completed: number
  }[]
  learners: LearnerProgress[]
  ratings: { count: number; target: number; content: number; method: number; effect: number; overall: number }
}

export interface ChapterProgress {
  id: string
  title: string
  content: string | null
  course: { id: string; title: string }
  wares: { id: string; title: string; type: number; screen: number; finished: number; average: number }[]
  /** The stem is sanitised rich text; the page shows the title, or the stem's text when there is none. */
  questions: { id: string; title: string | null; content: string; type: number; hard: number }[]
  downloads: { id: string; title: string }[]
  learners: (LearnerProgress & { wares: Record<string, number> })[]
}

const percent = (done: number, of: number) => (of ? Math.round((done / of) * 100) : 0)
const mean = (values: number[]) => (values.length ? Math.round(values.reduce((t, v) => t + v, 0) / values.length) : 0)

/** The course's approved learners (by account) with what each has seen of its courseware: wareId → percent. */
async function learnersOf(ctx: Ctx, courseId: string) {
  const enrolled = await ctx.db
    .select({ userId: courseUser.userId, realName: user.realName, account: user.account })
    .from(courseUser)
    .innerJoin(user, eq(user.id, courseUser.userId))
    .where(
      and(
        tenantRows(courseUser, ctx.actor.tenantId, { why: COURSE_ROWS }),
        eq(courseUser.courseId, courseId),
        eq(courseUser.status, ENROL.approved),
      ),
    )
    .orderBy(asc(user.account))
  const ids = enrolled.map((e) => e.userId)
  const seen = ids.length
    ? await ctx.db
        .select({
          userId: courseStatistics.userId,
          wareId: courseStatistics.wareId,
          progress: courseStatistics.progress,
          at: courseStatistics.updateTime,
        })
        .from(courseStatistics)
        .where(
          and(
            tenantRows(courseStatistics, ctx.actor.tenantId, { why: COURSE_ROWS }),
            eq(courseStatistics.courseId, courseId),
            inArray(courseStatistics.userId, ids),
          ),
        )
    : []
  return enrolled.map((e) => {
    const mine = seen.filter((s) => s.userId === e.userId)
    const last = mine.reduce<string | null>((m, s) => (s.at && (!m || s.at > m) ? s.at : m), null)
    return {
      userId: e.userId,
      realName: e.realName || e.account,
      account: e.account,
      seen: new Map(mine.map((s) => [s.wareId, s.progress])),
      lastLearnTime: last,
    }
  })
}

type Learner = Awaited<ReturnType<typeof learnersOf>>[number]

/** How many of `wareIds` (links, so a courseware linked twice counts twice) the learner finished. */
const finished = (l: Learner, wareIds: string[]) => wareIds.filter((w) => (l.seen.get(w) ?? 0) >= FINISHED_AT).length

const progressOf = (l: Learner, wareIds: string[]): LearnerProgress => {
  const done = finished(l, wareIds)
  return {
    userId: l.userId,
    realName: l.realName,
    account: l.account,
    done,
    progress: percent(done, wareIds.length),
    lastLearnTime: l.lastLearnTime,
  }
}

/** A count of a link table's rows per chapter. */
async function linkCounts(
  ctx: Ctx,
  table: typeof sectionQuestion | typeof sectionDownload,
  sectionIds: string[],
): Promise<Map<string, number>> {
  if (!sectionIds.length) return new Map()
  const rows = await ctx.db
    .select({ sectionId: table.sectionId, n: count() })
    .from(table)
    .where(and(tenantRows(table, ctx.actor.tenantId, { why: COURSE_ROWS }), inArray(table.sectionId, sectionIds)))
    .groupBy(table.sectionId)
  return new Map(rows.map((r) => [r.sectionId, r.n]))
}

/** The courseware links of the chapters, in link order. */
async function wareLinks(ctx: Ctx, sectionIds: string[]) {
  if (!sectionIds.length) return []
  return ctx.db
    .select({ sectionId: sectionWare.sectionId, wareId: sectionWare.wareId })
    .from(sectionWare)
    .where(
      and(
        tenantRows(sectionWare, ctx.actor.tenantId, { why: COURSE_ROWS }),
        inArray(sectionWare.sectionId, sectionIds),
      ),
    )
    .orderBy(asc(sectionWare.sort), asc(sectionWare.id))
}

/** The course's chapters, in their order. */
const chaptersOf = (ctx: Ctx, courseId: string) =>
  ctx.db
    .select({ id: courseSection.id, title: courseSection.title, sort: courseSection.sort })
    .from(courseSection)
    .where(
      and(tenantRows(courseSection, ctx.actor.tenantId, { why: COURSE_ROWS }), eq(courseSection.courseId, courseId)),
    )
    .orderBy(asc(courseSection.sort), asc(courseSection.id))

/** Every approved learner's progress over the whole course, its mean and how many finished: the printable report's. */
export async function courseProgress(ctx: Ctx, row: CourseRow) {
  const links = await wareLinks(
    ctx,
    (await chaptersOf(ctx, row.id)).map((c) => c.id),
  )
  const wareIds = links.map((l) => l.wareId)
  const learners = (await learnersOf(ctx, row.id)).map((l) => progressOf(l, wareIds))
  return { title: row.title, wares: wareIds.length, ...summary(learners, wareIds.length), learners }
}

export type CourseProgress = Awaited<ReturnType<typeof courseProgress>>

/** The mean progress of `learners`, and how many of them finished all `wares`. */
const summary = (learners: LearnerProgress[], wares: number) => ({
  average: mean(learners.map((p) => p.progress)),
  completed: learners.filter((p) => wares > 0 && p.done >= wares).length,
})

/** One course as its teacher follows it: chapters, enrolments, learners' progress and ratings. */
export async function courseOverview(ctx: Ctx, row: CourseRow): Promise<CourseOverview> {
  const chapters = await chaptersOf(ctx, row.id)
  const sectionIds = chapters.map((c) => c.id)
  const links = await wareLinks(ctx, sectionIds)
  const questions = await linkCounts(ctx, sectionQuestion, sectionIds)
  const downloads = await linkCounts(ctx, sectionDownload, sectionIds)
  const learners = await learnersOf(ctx, row.id)
  const enrolments = await ctx.db
    .select({ status: courseUser.status, n: count() })
    .from(courseUser)
    .where(and(tenantRows(courseUser, ctx.actor.tenantId, { why: COURSE_ROWS }), eq(courseUser.courseId, row.id)))
    .groupBy(courseUser.status)
  const [stars] = await ctx.db
    .select({
      n: count(),
      target: avg(courseEvaluate.targetEvaluate),
      content: avg(courseEvaluate.contentEvaluate),
      method: avg(courseEvaluate.methodEvaluate),
      effect: avg(courseEvaluate.effectEvaluate),
    })
    .from(courseEvaluate)
    .where(
      and(tenantRows(courseEvaluate, ctx.actor.tenantId, { why: COURSE_ROWS }), eq(courseEvaluate.courseId, row.id)),
    )

  const allWares = links.map((l) => l.wareId)
  const progress = learners.map((l) => progressOf(l, allWares))
  const enrolledWith = (status: number) => enrolments.find((e) => e.status === status)?.n ?? 0
  // avg() answers a decimal string (or null with no rows) on both engines: one decimal place is what a star shows.
  const star = (v: string | null) => (v === null ? 0 : Math.round(Number(v) * 10) / 10)
  const ratings = {
    count: stars?.n ?? 0,
    target: star(stars?.target ?? null),
    content: star(stars?.content ?? null),
    method: star(stars?.method ?? null),
    effect: star(stars?.effect ?? null),
  }
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    wares: allWares.length,
    enrolled: {
      approved: enrolledWith(ENROL.approved),
      pending: enrolledWith(ENROL.pending),
      rejected: enrolledWith(ENROL.rejected),
    },
    ...summary(progress, allWares.length),
    chapters: chapters.map((c) => {
      const wares = links.filter((l) => l.sectionId === c.id).map((l) => l.wareId)
      return {
        ...c,
        wares: wares.length,
        questions: questions.get(c.id) ?? 0,
        downloads: downloads.get(c.id) ?? 0,
        ...summary(
          learners.map((l) => progressOf(l, wares)),
          wares.length,
        ),
      }
    }),
    learners: progress,
    ratings: {
      ...ratings,
      overall: ratings.count
        ? Math.round(((ratings.target + ratings.content + ratings.method + ratings.effect) / 4) * 10) / 10
        : 0,
    },
  }
}

/** One chapter: its text, courseware, questions and downloads, and each approved learner's progress on it. */
export async function chapterProgress(ctx: Ctx, section: SectionRow, owner: CourseRow): Promise<ChapterProgress> {
  const links = await wareLinks(ctx, [section.id])
  const wareRows = links.length
    ? await ctx.db
        .select({ id: courseWare.id, title: courseWare.title, type: courseWare.type, screen: courseWare.screen })
        .from(courseWare)
        .where(
          and(
            tenantRows(courseWare, ctx.actor.tenantId, { why: COURSE_ROWS }),
            inArray(
              courseWare.id,
              links.map((l) => l.wareId),
            ),
          ),
        )
    : []
  const wares = links.flatMap((l) => wareRows.filter((w) => w.id === l.wareId))
  const questionRows = await ctx.db
    .select({
      id: question.id,
      title: question.title,
      content: question.content,
      type: question.type,
      hard: question.hard,
    })
    .from(sectionQuestion)
    .innerJoin(question, eq(question.id, sectionQuestion.questionId))
    .where(
      and(
        tenantRows(sectionQuestion, ctx.actor.tenantId, { why: COURSE_ROWS }),
        tenantRows(question, ctx.actor.tenantId, { why: COURSE_ROWS }),
        eq(sectionQuestion.sectionId, section.id),
      ),
    )
    .orderBy(asc(sectionQuestion.sort), asc(sectionQuestion.id))
  const downloads = await ctx.db
    .select({ id: download.id, title: download.title })
    .from(sectionDownload)
    .innerJoin(download, eq(download.id, sectionDownload.downloadId))
    .where(
      and(
        tenantRows(sectionDownload, ctx.actor.tenantId, { why: COURSE_ROWS }),
        tenantRows(download, ctx.actor.tenantId, { why: COURSE_ROWS }),
        eq(sectionDownload.sectionId, section.id),
      ),
    )
    .orderBy(asc(sectionDownload.sort), asc(sectionDownload.id))
  const learners = await learnersOf(ctx, owner.id)
  const wareIds = wares.map((w) => w.id)
  return {
    id: section.id,
    title: section.title,
    content: section.content,
    course: { id: owner.id, title: owner.title },
    wares: wares.map((w) => ({
      ...w,
      finished: learners.filter((l) => (l.seen.get(w.id) ?? 0) >= FINISHED_AT).length,
      average: mean(learners.map((l) => l.seen.get(w.id) ?? 0)),
    })),
    questions: questionRows,
    downloads,
    learners: learners.map((l) => ({
      ...progressOf(l, wareIds),
      wares: Object.fromEntries(wareIds.map((w) => [w, l.seen.get(w) ?? 0])),
    })),
  }
}
