import { Elysia } from 'elysia'
import { and, asc, avg, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import { contains } from '../../lib/like.ts'
import { pageRows } from '../../lib/page-query.ts'
import {
  course,
  courseEvaluate,
  courseSection,
  courseSeries,
  courseStatistics,
  courseUser,
  courseWare,
  download,
  sectionDownload,
  sectionWare,
  series,
  wareStep,
} from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { PUBLIC, SIGNED_IN } from '../../lib/permissions.ts'
import { now } from '../../lib/time.ts'
import { newId } from '../../lib/ids.ts'
import { ENROL, SOURCE, enrol, enrolmentOf } from '../course/enrolment.ts'
import { checkStars, withCourseAndUser } from '../course/evaluate.ts'
import { realNames } from '../course/teacher.ts'
import { filesOf } from '../resource/files.ts'
import { linksOfTenant } from '../../lib/file-refs.ts'
import '../course/messages.ts'
import { ownRows, publicRows, notDeleted } from '../../lib/tenant-rows.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { paging, query as queryOf, text } from '../../lib/request-schema.ts'

const PORTAL = 'what the school publishes on its portal, to every visitor'

type CourseRow = typeof course.$inferSelect
/** Listed (status 1), live rows of the caller's tenant. */
const live = (ctx: Ctx) => and(publicRows(course, ctx.actor.tenantId, { why: PORTAL }), eq(course.status, 1))!

/** What a card or a detail page shows of a course: no internal columns. */
async function publicCourses(ctx: Ctx, rows: CourseRow[]) {
  const names = await realNames(
    ctx,
    rows.map((r) => r.createUser),
  )
  const ids = rows.map((r) => r.id)
  const learners = ids.length
    ? await ctx.db
        .select({ courseId: courseUser.courseId, n: count() })
        .from(courseUser)
        .where(and(inArray(courseUser.courseId, ids), eq(courseUser.status, ENROL.approved), notDeleted(courseUser)))
        .groupBy(courseUser.courseId)
    : []
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    cover: r.cover,
    intro: r.intro,
    specialId: r.specialId,
    cateId: r.cateId,
    levelId: r.levelId,
    isAuth: r.isAuth,
    isPractice: r.isPractice,
    createTime: r.createTime,
    teacherName: names.get(r.createUser ?? '') ?? '',
    learnerNum: learners.find((l) => l.courseId === r.id)?.n ?? 0,
  }))
}

async function courseOr404(ctx: Ctx, id: unknown): Promise<CourseRow> {
  if (typeof id !== 'string' || !/^\d{1,20}$/.test(id)) throw badRequest('validation.id', { field: 'id' }, 'id')
  const [row] = await ctx.db
    .select()
    .from(course)
    .where(and(live(ctx), eq(course.id, id)))
  if (!row) throw notFound()
  return row
}

/** May the caller open the course's materials? Approved enrolment only. */
async function approved(ctx: Ctx, courseId: string) {
  if (ctx.actor.kind !== 'user') return false
  return (await enrolmentOf(ctx, courseId))?.status === ENROL.approved
}

/** The course outline; with approved enrolment also the materials (signed links, Markdown, steps) and the learner's progress. */
async function outline(ctx: Ctx, s: Services, c: CourseRow) {
  const sections = await ctx.db
    .select()
    .from(courseSection)
    .where(and(eq(courseSection.courseId, c.id), notDeleted(courseSection)))
    .orderBy(asc(courseSection.sort), asc(courseSection.id))
  const sids = sections.map((x) => x.id)
  const links = sids.length
    ? await ctx.db
        .select()
        .from(sectionWare)
        .where(and(inArray(sectionWare.sectionId, sids), notDeleted(sectionWare)))
        .orderBy(asc(sectionWare.sort), asc(sectionWare.id))
    : []
  const wares = links.length
    ? await ctx.db
        .select()
        .from(courseWare)
        .where(
          and(
            inArray(
              courseWare.id,
              links.map((l) => l.wareId),
            ),
            notDeleted(courseWare),
          ),
        )
    : []
  // Materials are signed only when they are files of the course's school (an older row may name anything).
  const signable = await linksOfTenant(
    ctx.db,
    c.tenantId,
    wares.flatMap((w) => [w.fileAddress, w.playAddress]),
  )
  // Section downloads are public by title and size; the file itself is released by the lead form (downloadMessage/save).
  const dlinks = sids.length
    ? await ctx.db
        .select({
          sectionId: sectionDownload.sectionId,
          id: download.id,
          title: download.title,
          intro: download.intro,
          fileSize: download.fileSize,
          count: download.count,
          tag: download.tag,
        })
        .from(sectionDownload)
        .innerJoin(download, eq(download.id, sectionDownload.downloadId))
        .where(
          and(
            inArray(sectionDownload.sectionId, sids),
            notDeleted(sectionDownload),
            notDeleted(download),
            eq(download.status, 1),
          ),
        )
        .orderBy(asc(sectionDownload.sort), asc(sectionDownload.id))
    : []
  const open = await approved(ctx, c.id)
  const files = filesOf(s)
  const steps =
    open && wares.some((w) => w.type === 4)
      ? await ctx.db
          .select()
          .from(wareStep)
          .where(
            and(
              inArray(
                wareStep.wareId,
                wares.filter((w) => w.type === 4).map((w) => w.id),
              ),
              notDeleted(wareStep),
            ),
          )
          .orderBy(asc(wareStep.sort), asc(wareStep.id))
      : []
  const progress = open
    ? await ctx.db
        .select()
        .from(courseStatistics)
        .where(
          and(
            eq(courseStatistics.courseId, c.id),
            eq(courseStatistics.userId, ctx.actor.userId),
            notDeleted(courseStatistics),
          ),
        )
    : []
  return {
    enrolled: open,
    sections: sections.map((sec) => ({
      id: sec.id,
      title: sec.title,
      content: sec.content,
      downloads: dlinks.filter((d) => d.sectionId === sec.id).map(({ sectionId: _s, ...d }) => d),
      wares: links
        .filter((l) => l.sectionId === sec.id)
        .map((l) => wares.find((w) => w.id === l.wareId))
        .filter((w): w is typeof courseWare.$inferSelect => !!w)
        .map((w) => ({
          id: w.id,
          title: w.title,
          type: w.type,
          screen: w.screen,
          playTime: w.playTime,
          transcodingStatus: w.transcodingStatus,
          ...(open
            ? {
                // The learn page plays the transcoded stream; a document opens in the page. Signed links expire.
                fileUrl: w.fileAddress && signable.has(w.fileAddress) ? files.sign(w.fileAddress) : null,
                playUrl: w.playAddress && signable.has(w.playAddress) ? files.sign(w.playAddress) : null,
                fileExt: w.fileAddress?.split('.').pop() ?? null,
                content: w.type === 3 ? w.content : null,
                steps: steps
                  .filter((st) => st.wareId === w.id)
                  .map((st) => ({ id: st.id, title: st.title, content: st.content })),
                position: progress.find((p) => p.wareId === w.id)?.position ?? 0,
                progress: progress.find((p) => p.wareId === w.id)?.progress ?? 0,
              }
            : {}),
        })),
    })),
  }
}

/** A series card reads only its own columns (the rest, the intro page's body among them, is not read at all). */
const SERIES_CARD = ['id', 'title', 'cover', 'intro', 'sort']
const SERIES_OMIT = Object.keys(getTableColumns(series)).filter((k) => !SERIES_CARD.includes(k))
const SERIES_ORDER = [asc(series.sort), desc(series.id)]

export const portalCourseRoutes = (s: Services) =>
  handWritten(
    "the portal's course pages: public fields with the learner's own enrolment, progress and rating, several tables per page",
    portalCourseRoutesPlugin(s),
  )

const portalCourseRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(authContext(s))
    // Course and practice-course lists: title search, dictionary filters, server paging.
    .get(
      '/api/nep-wbp/course/list',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const where: SQL[] = [live(ctx), eq(course.type, Number(query.type) === 2 ? 2 : 1)]
        if (query.title) where.push(contains(course.title, query.title))
        for (const f of ['specialId', 'cateId', 'levelId', 'isPractice'] as const) {
          const v = query[f]
          if (v !== undefined && v !== '') {
            if (!/^\d{1,9}$/.test(v)) throw badRequest('validation.invalid', { field: f }, f)
            where.push(eq(course[f], Number(v)))
          }
        }
        const { rows, total } = pageRows(
          ctx.db,
          { table: course, where: and(...where), orderBy: [asc(course.sort), desc(course.id)] },
          size,
          offset,
        )
        return ok(ctx, pageOf(await publicCourses(ctx, rows), total, current, size))
      },
      {
        perm: PUBLIC,
        query: queryOf({
          ...paging(),
          type: text('1 courses, 2 practice courses'),
          title: text('title, contains'),
          specialId: text('major (dictionary key)'),
          cateId: text('category (dictionary key)'),
          levelId: text('level (dictionary key)'),
          isPractice: text('practice (dictionary key)'),
        }),
      },
    )
    .get(
      '/api/nep-wbp/course/hotCourse',
      async ({ ctx, query }) => {
        const n = Math.min(Math.max(Number(query.number) || 8, 1), 50)
        const rows = await ctx.db
          .select()
          .from(course)
          .where(and(live(ctx), eq(course.isHot, 1)))
          .orderBy(asc(course.hotSort), desc(course.id))
          .limit(n)
        return ok(ctx, await publicCourses(ctx, rows))
      },
      { perm: PUBLIC, query: queryOf({ number: text('how many') }) },
    )
    // Detail for the course page: the public fields, the rich texts, the learner's enrolment and the ratings summary.
    .get(
      '/api/nop-wbp/course/detail',
      async ({ ctx, query }) => {
        const c = await courseOr404(ctx, query.id)
        const [card] = await publicCourses(ctx, [c])
        const mine = ctx.actor.kind === 'user' ? await enrolmentOf(ctx, c.id) : undefined
        const [stars] = await ctx.db
          .select({
            n: count(),
            target: avg(courseEvaluate.targetEvaluate),
            content: avg(courseEvaluate.contentEvaluate),
            method: avg(courseEvaluate.methodEvaluate),
            effect: avg(courseEvaluate.effectEvaluate),
          })
          .from(courseEvaluate)
          .where(and(eq(courseEvaluate.courseId, c.id), eq(courseEvaluate.status, 1), notDeleted(courseEvaluate)))
        return ok(ctx, {
          ...card,
          content: c.content,
          standard: c.standard,
          position: c.position,
          target: c.target,
          enrolStatus: mine ? mine.status : null,
          rating: {
            count: stars.n,
            target: Number(stars.target ?? 0),
            content: Number(stars.content ?? 0),
            method: Number(stars.method ?? 0),
            effect: Number(stars.effect ?? 0),
          },
        })
      },
      { perm: PUBLIC, query: queryOf({ id: text('id') }) },
    )
    .get(
      '/api/nep-wbp/course/getCourseDetail',
      async ({ ctx, query }) => {
        const c = await courseOr404(ctx, query.id)
        const [card] = await publicCourses(ctx, [c])
        return ok(ctx, { ...card, content: c.content, standard: c.standard, position: c.position, target: c.target })
      },
      { perm: PUBLIC, query: queryOf({ id: text('id') }) },
    )
    .get(
      '/api/nep-wbp/course/getCourseSection',
      async ({ ctx, query }) => ok(ctx, await outline(ctx, s, await courseOr404(ctx, query.id))),
      { perm: PUBLIC, query: queryOf({ id: text('id') }) },
    )
    // Enrolment: approved at once, or pending when the course needs review (isAuth).
    .post(
      '/api/nep-wbp/courseUser/signUp',
      async ({ ctx, body, query }) => {
        const b = { ...query, ...((body ?? {}) as Record<string, unknown>) }
        const c = await courseOr404(ctx, b.courseId ?? b.id)
        const before = await enrolmentOf(ctx, c.id)
        if (before && before.status !== ENROL.rejected)
          throw badRequest(
            before.status === ENROL.approved ? 'enrol.already' : 'enrol.pending',
            { field: 'courseId' },
            'courseId',
          )
        const status = c.isAuth ? ENROL.pending : ENROL.approved
        await enrol(ctx, c.id, ctx.actor.userId, SOURCE.signUp, status)
        return ok(ctx, { status }, status === ENROL.pending ? 'enrol.pending' : 'enrol.done')
      },
      { perm: SIGNED_IN },
    )
    // My courses, with my enrolment status and progress (share of courseware finished).
    .get(
      '/api/nep-wbp/courseUser/showMyCourse',
      async ({ ctx, query }) => {
        const { current, size } = parsePaging(query)
        const where = and(
          ownRows(courseUser, ctx),
          notDeleted(course),
          ...(query.type ? [eq(course.type, Number(query.type))] : []),
        )
        const [{ total }] = await ctx.db
          .select({ total: count() })
          .from(courseUser)
          .innerJoin(course, eq(course.id, courseUser.courseId))
          .where(where)
        const rows = await ctx.db
          .select({ c: course, u: courseUser })
          .from(courseUser)
          .innerJoin(course, eq(course.id, courseUser.courseId))
          .where(where)
          .orderBy(desc(courseUser.updateTime))
          .limit(size)
          .offset((current - 1) * size)
        const cards = await publicCourses(
          ctx,
          rows.map((r) => r.c),
        )
        const ids = rows.map((r) => r.c.id)
        const prog = ids.length
          ? await ctx.db
              .select({
                courseId: courseStatistics.courseId,
                done: sql<number>`sum(case when ${courseStatistics.progress} >= 90 then 1 else 0 end)`,
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
        return ok(
          ctx,
          pageOf(
            cards.map((card, i) => {
              const p = prog.find((x) => x.courseId === card.id),
                n = wareCounts.find((x) => x.courseId === card.id)?.n ?? 0
              return {
                ...card,
                enrolStatus: rows[i].u.status,
                enrolTime: rows[i].u.createTime,
                lastLearnTime: p?.last ?? null,
                progress: n ? Math.round(((p?.done ?? 0) / n) * 100) : 0,
              }
            }),
            total,
            current,
            size,
          ),
        )
      },
      { perm: SIGNED_IN, query: queryOf({ ...paging(), type: text('type') }) },
    )
    // Learning progress of one courseware; the learn page resumes from position.
    .post(
      '/api/nep-wbp/courseStatistics/save',
      async ({ ctx, body }) => {
        const b = (body ?? {}) as Record<string, unknown>
        const c = await courseOr404(ctx, b.courseId)
        if (!(await approved(ctx, c.id))) throw badRequest('enrol.notEnrolled', { field: 'courseId' }, 'courseId')
        const wareId = typeof b.wareId === 'string' ? b.wareId : ''
        const { sections } = await outline(ctx, s, c)
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
        return ok(ctx, { wareId, position, progress: Math.max(row?.progress ?? 0, Math.round(progress)) })
      },
      { perm: SIGNED_IN },
    )
    // Ratings of a course (listed ones, newest first) and, for a signed-in learner, their own (to edit) and whether they may rate.
    .get(
      '/api/nep-wbp/courseEvaluate/detail',
      async ({ ctx, query }) => {
        const c = await courseOr404(ctx, query.courseId ?? query.id)
        const { current, size, offset } = parsePaging(query)
        const where = and(eq(courseEvaluate.courseId, c.id), eq(courseEvaluate.status, 1), notDeleted(courseEvaluate))
        const { rows, total } = pageRows(
          ctx.db,
          { table: courseEvaluate, where, orderBy: [desc(courseEvaluate.id)], keyDesc: courseEvaluate.id },
          size,
          offset,
        )
        const named = (await withCourseAndUser(ctx, rows)).map(
          ({ userId: _u, tenantId: _t, createUser: _c, updateUser: _uu, createDept: _d, ...r }) => r,
        )
        let mine = null,
          canRate = false
        if (ctx.actor.kind === 'user') {
          ;[mine] = await ctx.db
            .select()
            .from(courseEvaluate)
            .where(
              and(
                eq(courseEvaluate.courseId, c.id),
                eq(courseEvaluate.userId, ctx.actor.userId),
                notDeleted(courseEvaluate),
              ),
            )
          canRate = await approved(ctx, c.id)
        }
        return ok(ctx, { ...pageOf(named, total, current, size), mine: mine ?? null, canRate })
      },
      { perm: PUBLIC, query: queryOf({ ...paging(), courseId: text('course'), id: text('id') }) },
    )
    .post(
      '/api/nep-wbp/courseEvaluate/submit',
      async ({ ctx, body }) => {
        const b = (body ?? {}) as Record<string, unknown>
        const c = await courseOr404(ctx, b.courseId)
        if (!(await approved(ctx, c.id))) throw badRequest('rating.notEnrolled', { field: 'courseId' }, 'courseId')
        checkStars(b, true)
        const [mine] = await ctx.db
          .select({ id: courseEvaluate.id })
          .from(courseEvaluate)
          .where(and(ownRows(courseEvaluate, ctx), eq(courseEvaluate.courseId, c.id)))
        const text = typeof b.evaluate === 'string' ? b.evaluate.trim().slice(0, 1000) : ''
        const stars = {
          targetEvaluate: b.targetEvaluate as number,
          contentEvaluate: b.contentEvaluate as number,
          methodEvaluate: b.methodEvaluate as number,
          effectEvaluate: b.effectEvaluate as number,
          evaluate: text,
        }
        const stamp = now()
        // One rating per learner and course: a second submit edits it. Staff's listing decision (status) stays.
        if (mine) {
          await ctx.db
            .update(courseEvaluate)
            .set({ ...stars, isDeleted: 0, updateUser: ctx.actor.userId, updateTime: stamp })
            .where(eq(courseEvaluate.id, mine.id))
          return ok(ctx, { id: mine.id, courseId: c.id, ...stars }, 'ok.updated')
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
        return ok(ctx, row, 'ok.added')
      },
      { perm: SIGNED_IN },
    )
    // Listed series and one series with its listed courses.
    .get(
      '/api/nep-wbp/courseSeries/getCourseSeriesList',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const where = and(
          publicRows(series, ctx.actor.tenantId, { why: PORTAL }),
          eq(series.status, 1),
          ...(query.title ? [contains(series.title, query.title)] : []),
        )
        const { rows, total } = pageRows(
          ctx.db,
          { table: series, where, orderBy: SERIES_ORDER, omit: SERIES_OMIT },
          size,
          offset,
        )
        // The card's fields in the order the list has always answered them.
        const cards = rows.map(({ id, title, cover, intro, sort }) => ({ id, title, cover, intro, sort }))
        return ok(ctx, pageOf(cards, total, current, size))
      },
      { perm: PUBLIC },
    )
    .get(
      '/api/nep-wbp/courseSeries/getCourseSeries',
      async ({ ctx, query }) => {
        if (!query.id || !/^\d{1,20}$/.test(query.id)) throw badRequest('validation.id', { field: 'id' }, 'id')
        const [sr] = await ctx.db
          .select()
          .from(series)
          .where(
            and(eq(series.id, query.id), publicRows(series, ctx.actor.tenantId, { why: PORTAL }), eq(series.status, 1)),
          )
        if (!sr) throw notFound()
        const links = await ctx.db
          .select()
          .from(courseSeries)
          .where(and(eq(courseSeries.seriesId, sr.id), notDeleted(courseSeries)))
          .orderBy(asc(courseSeries.sort), asc(courseSeries.id))
        const rows = links.length
          ? await ctx.db
              .select()
              .from(course)
              .where(
                and(
                  live(ctx),
                  inArray(
                    course.id,
                    links.map((l) => l.courseId),
                  ),
                ),
              )
          : []
        const cards = await publicCourses(ctx, rows)
        return ok(ctx, {
          id: sr.id,
          title: sr.title,
          cover: sr.cover,
          intro: sr.intro,
          content: sr.content,
          courses: links.map((l) => cards.find((c) => c.id === l.courseId)).filter(Boolean),
        })
      },
      { perm: PUBLIC, query: queryOf({ id: text('id') }) },
    )
