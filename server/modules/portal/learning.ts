/**
 * A learner's own side of the course pages, declared as views of the enrolment, course and rating resources:
 * signing up and "my courses" (the caller's own enrolments), saving progress, and rating a course. Reads are
 * the caller's own rows (ownRows) or what the school lists; each verb is signed-in unless it only reads.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  course,
  courseEvaluate,
  courseSection,
  courseStatistics,
  courseUser,
  sectionWare,
} from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { pageQuery } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { PUBLIC, SIGNED_IN } from '../../lib/permissions.ts'
import { given, paging, text } from '../../lib/request-schema.ts'
import { said, viewsOf } from '../../lib/resource-views.ts'
import { notDeleted, ownRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { courseResource } from '../course/course.ts'
import { ENROL, SOURCE, courseUserResource, enrol, enrolmentOf } from '../course/enrolment.ts'
import { checkStars, evaluateResource, withCourseAndUser } from '../course/evaluate.ts'
import { PORTAL, approved, courseOr404, outline, publicCourses } from './course.ts'

type Enrolment = Pick<typeof courseUser.$inferSelect, 'courseId' | 'status' | 'createTime'>

/** My courses as cards, with my enrolment status and progress (share of courseware finished). */
async function myCourses(ctx: Ctx, enrolments: Enrolment[]) {
  const ids = [...new Set(enrolments.map((e) => e.courseId))]
  const courses = ids.length
    ? await ctx.db
        .select()
        .from(course)
        .where(and(inArray(course.id, ids), notDeleted(course)))
    : []
  const cards = await publicCourses(ctx, courses)
  const prog = ids.length
    ? await ctx.db
        .select({
          courseId: courseStatistics.courseId,
          done: sql<number>`sum(case when ${courseStatistics.progress} >= 90 then 1 else 0 end)`.mapWith(Number),
          last: sql<string>`max(${courseStatistics.updateTime})`,
        })
        .from(courseStatistics)
        .where(
          and(
            inArray(courseStatistics.courseId, ids),
            eq(courseStatistics.userId, ctx.actor.userId),
            notDeleted(courseStatistics),
          ),
        )
        .groupBy(courseStatistics.courseId)
    : []
  const wareCounts = ids.length
    ? await ctx.db
        .select({ courseId: courseSection.courseId, n: count() })
        .from(sectionWare)
        .innerJoin(courseSection, eq(courseSection.id, sectionWare.sectionId))
        .where(and(inArray(courseSection.courseId, ids), notDeleted(sectionWare), notDeleted(courseSection)))
        .groupBy(courseSection.courseId)
    : []
  return enrolments.flatMap((e) => {
    const card = cards.find((c) => c.id === e.courseId)
    if (!card) return []
    const p = prog.find((x) => x.courseId === card.id),
      n = wareCounts.find((x) => x.courseId === card.id)?.n ?? 0
    return [
      {
        ...card,
        enrolStatus: e.status,
        enrolTime: e.createTime,
        lastLearnTime: p?.last ?? null,
        progress: n ? Math.round(((p?.done ?? 0) / n) * 100) : 0,
      },
    ]
  })
}

/** The caller's enrolments: my courses, and signing up for one. */
export const portalEnrolmentViews = viewsOf(courseUserResource, [
  {
    path: '/api/nep-wbp/courseUser',
    why: "a learner's own enrolments",
    own: true,
    fields: ['courseId', 'status', 'createTime', 'updateTime'],
    routes: ['list'],
    paths: { list: '/showMyCourse' },
    // Enrolments in courses that still exist (of one type when asked), the latest touched first (ties in
    // the order they were made, as the list has always answered them).
    where: (ctx, q) =>
      inArray(
        courseUser.courseId,
        ctx.db
          .select({ id: course.id })
          .from(course)
          .where(and(notDeleted(course), ...(q.type ? [eq(course.type, Number(q.type))] : []))),
      ),
    query: { list: { type: text('1 courses, 2 practice courses') } },
    orderBy: (c) => [desc(c.updateTime), asc(c.id)],
    rows: (ctx, rows) => myCourses(ctx, rows as Enrolment[]),
    actions: {
      // Enrolment: approved at once, or pending when the course needs review (isAuth).
      signUp: {
        body: { courseId: given('the course'), id: given('the course (older clients)') },
        run: async (ctx, { query, body }) => {
          const b = { ...query, ...body }
          const c = await courseOr404(ctx, b.courseId ?? b.id)
          const before = await enrolmentOf(ctx, c.id)
          if (before && before.status !== ENROL.rejected)
            throw badRequest(
              before.status === ENROL.approved ? 'enrol.already' : 'enrol.pending',
              { field: 'courseId' },
              'courseId',
            )
          // A priced course or camp is joined by paying its order (blade-pay/order/submit), never by signing up.
          if (c.price > 0) throw badRequest('enrol.paid', { field: 'courseId' }, 'courseId')
          const status = c.isAuth ? ENROL.pending : ENROL.approved
          await enrol(ctx, c.id, ctx.actor.userId, SOURCE.signUp, status)
          return said({ status }, status === ENROL.pending ? 'enrol.pending' : 'enrol.done')
        },
      },
    },
  },
])

/** Learning progress of one courseware of a listed course; the learn page resumes from position. */
export const portalProgressViews = viewsOf(courseResource, [
  {
    path: '/api/nep-wbp/courseStatistics',
    why: PORTAL,
    fields: ['id'],
    routes: [],
    where: () => eq(course.status, 1),
    perm: SIGNED_IN,
    actions: {
      save: {
        body: {
          courseId: given('the course'),
          wareId: given('the courseware'),
          position: given('where the learner is, in seconds or pages'),
          progress: given('share seen, 0–100'),
        },
        run: async (ctx, { body: b, services }) => {
          const c = await courseOr404(ctx, b.courseId)
          if (!(await approved(ctx, c.id))) throw badRequest('enrol.notEnrolled', { field: 'courseId' }, 'courseId')
          const wareId = typeof b.wareId === 'string' ? b.wareId : ''
          const { sections } = await outline(ctx, services, c)
          const sec = sections.find((x) => x.wares.some((w) => w.id === wareId))
          if (!sec) throw badRequest('validation.invalid', { field: 'wareId' }, 'wareId')
          const position = Number(b.position ?? 0),
            progress = Number(b.progress ?? 0)
          if (!Number.isFinite(position) || position < 0)
            throw badRequest('validation.invalid', { field: 'position' }, 'position')
          if (!Number.isFinite(progress) || progress < 0 || progress > 100)
            throw badRequest('validation.invalid', { field: 'progress' }, 'progress')
          const stamp = now()
          const [row] = await ctx.db
            .select()
            .from(courseStatistics)
            .where(and(ownRows(courseStatistics, ctx), eq(courseStatistics.wareId, wareId)))
          // Progress never goes backwards (re-watching the start keeps "finished").
          if (row)
            await ctx.db
              .update(courseStatistics)
              .set({
                position,
                progress: Math.max(row.progress, Math.round(progress)),
                sectionId: sec.id,
                isDeleted: 0,
                updateTime: stamp,
              })
              .where(eq(courseStatistics.id, row.id))
          else
            await ctx.db.insert(courseStatistics).values({
              id: newId(),
              tenantId: ctx.actor.tenantId,
              courseId: c.id,
              sectionId: sec.id,
              wareId,
              userId: ctx.actor.userId,
              position,
              progress: Math.round(progress),
              createUser: ctx.actor.userId,
              createTime: stamp,
              updateUser: ctx.actor.userId,
              updateTime: stamp,
            })
          return { wareId, position, progress: Math.max(row?.progress ?? 0, Math.round(progress)) }
        },
      },
    },
  },
])

const STAR_FIELDS = {
  targetEvaluate: given('1–5 stars'),
  contentEvaluate: given('1–5 stars'),
  methodEvaluate: given('1–5 stars'),
  effectEvaluate: given('1–5 stars'),
}

/** Ratings of a course: the listed ones to everyone; one rating per enrolled learner, which a resubmit edits. */
export const portalRatingViews = viewsOf(evaluateResource, [
  {
    path: '/api/nep-wbp/courseEvaluate',
    why: PORTAL,
    fields: ['id'],
    routes: [],
    // What staff left listed.
    where: () => eq(courseEvaluate.status, 1),
    actions: {
      // Listed ratings, newest first, and for a signed-in learner their own (to edit) and whether they may rate.
      detail: {
        method: 'GET',
        perm: PUBLIC,
        query: { ...paging(), courseId: text('course'), id: text('course (older clients)') },
        run: async (ctx, { query, where }) => {
          const c = await courseOr404(ctx, query.courseId ?? query.id)
          const { current, size, offset } = parsePaging(query)
          const { rows, total } = await pageQuery(
            ctx.db,
            {
              table: courseEvaluate,
              where: and(where, eq(courseEvaluate.courseId, c.id)),
              orderBy: [desc(courseEvaluate.id)],
              keyDesc: courseEvaluate.id,
            },
            size,
            offset,
          )
          const named = (await withCourseAndUser(ctx, rows as (typeof courseEvaluate.$inferSelect)[])).map(
            ({ userId: _u, tenantId: _t, createUser: _c, updateUser: _uu, createDept: _d, ...r }) => r,
          )
          let mine = null,
            canRate = false
          if (ctx.actor.kind === 'user') {
            ;[mine] = await ctx.db
              .select()
              .from(courseEvaluate)
              .where(and(ownRows(courseEvaluate, ctx), eq(courseEvaluate.courseId, c.id)))
            canRate = await approved(ctx, c.id)
          }
          return { ...pageOf(named, total, current, size), mine: mine ?? null, canRate }
        },
      },
      submit: {
        perm: SIGNED_IN,
        body: { courseId: given('the course'), ...STAR_FIELDS, evaluate: given('what the learner says') },
        run: async (ctx, { body: b }) => {
          const c = await courseOr404(ctx, b.courseId)
          if (!(await approved(ctx, c.id))) throw badRequest('rating.notEnrolled', { field: 'courseId' }, 'courseId')
          checkStars(b, true)
          const [mine] = await ctx.db
            .select({ id: courseEvaluate.id })
            .from(courseEvaluate)
            .where(and(ownRows(courseEvaluate, ctx), eq(courseEvaluate.courseId, c.id)))
          const words = typeof b.evaluate === 'string' ? b.evaluate.trim().slice(0, 1000) : ''
          const stars = {
            targetEvaluate: b.targetEvaluate as number,
            contentEvaluate: b.contentEvaluate as number,
            methodEvaluate: b.methodEvaluate as number,
            effectEvaluate: b.effectEvaluate as number,
            evaluate: words,
          }
          const stamp = now()
          // One rating per learner and course: a second submit edits it. Staff's listing decision (status) stays.
          if (mine) {
            await ctx.db
              .update(courseEvaluate)
              .set({ ...stars, isDeleted: 0, updateUser: ctx.actor.userId, updateTime: stamp })
              .where(eq(courseEvaluate.id, mine.id))
            return said({ id: mine.id, courseId: c.id, ...stars }, 'ok.updated')
          }
          const row = {
            id: newId(),
            tenantId: ctx.actor.tenantId,
            courseId: c.id,
            userId: ctx.actor.userId,
            ...stars,
            status: 1,
            createUser: ctx.actor.userId,
            createDept: ctx.actor.deptIds[0] ?? null,
            createTime: stamp,
            updateUser: ctx.actor.userId,
            updateTime: stamp,
          }
          await ctx.db.insert(courseEvaluate).values(row)
          return said(row, 'ok.added')
        },
      },
    },
  },
])
