/**
 * The portal's course pages (spec §7 "Portal calls"), declared as public views of the course and series
 * resources: the course list and hot courses, a course's page (with the learner's own enrolment and the
 * ratings summary), its outline (materials and progress once the learner's enrolment is approved), and the
 * series. The views are declared here, against the resources, because this area reads the course area's
 * helpers (enrolment, teachers' names): declared on the resources, they would close an import cycle.
 */
import { and, asc, avg, count, desc, eq, inArray } from 'drizzle-orm'
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
import type { Ctx, Services } from '../../lib/context.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { linksOfTenant } from '../../lib/file-refs.ts'
import { isId } from '../../lib/ids.ts'
import { text } from '../../lib/request-schema.ts'
import { viewsOf } from '../../lib/resource-views.ts'
import { notDeleted, publicRows } from '../../lib/tenant-rows.ts'
import { t } from 'elysia'
import { courseResource } from '../course/course.ts'
import { ENROL, enrolmentOf } from '../course/enrolment.ts'
import '../course/messages.ts'
import { seriesResource } from '../course/series.ts'
import { realNames } from '../course/teacher.ts'
import { filesOf } from '../resource/files.ts'

export const PORTAL = 'what the school publishes on its portal, to every visitor'

type CourseRow = typeof course.$inferSelect
/** Listed (status 1), live rows of the caller's tenant. */
export const live = (ctx: Ctx) => and(publicRows(course, ctx.actor.tenantId, { why: PORTAL }), eq(course.status, 1))!
const listed = () => eq(course.status, 1)

/** The columns a course card is made of (the card answers its own set; createUser only names the teacher). */
const CARD = [
  'id',
  'type',
  'title',
  'cover',
  'intro',
  'specialId',
  'cateId',
  'levelId',
  'isAuth',
  'isPractice',
  'createTime',
  'createUser',
]
/** A course page: the card and its rich texts. */
const PAGE = [...CARD, 'content', 'standard', 'position', 'target']

type Card = Pick<CourseRow, 'id' | 'createUser'> & Partial<CourseRow>

/** What a card or a detail page shows of a course: no internal columns, the teacher's name and the learners. */
export async function publicCourses(ctx: Ctx, rows: Card[]) {
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

/** A listed course of the caller's school named by a learner's call, or 400 (the id) / 404. */
export async function courseOr404(ctx: Ctx, id: unknown): Promise<CourseRow> {
  if (!isId(id)) throw badRequest('validation.id', { field: 'id' }, 'id')
  const [row] = await ctx.db
    .select()
    .from(course)
    .where(and(live(ctx), eq(course.id, id)))
  if (!row) throw notFound()
  return row
}

/** May the caller open the course's materials? Approved enrolment only. */
export async function approved(ctx: Ctx, courseId: string) {
  if (ctx.actor.kind !== 'user') return false
  return (await enrolmentOf(ctx, courseId))?.status === ENROL.approved
}

/** The course outline; with approved enrolment also the materials (signed links, Markdown, steps) and the learner's progress. */
export async function outline(ctx: Ctx, s: Services, c: Pick<CourseRow, 'id' | 'tenantId'>) {
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

/** A course page: the card and the rich texts. */
async function coursePage(ctx: Ctx, c: CourseRow) {
  const [card] = await publicCourses(ctx, [c])
  return { ...card, content: c.content, standard: c.standard, position: c.position, target: c.target }
}

/** The listed ratings' count and averages of a course. */
async function ratingOf(ctx: Ctx, courseId: string) {
  const [stars] = await ctx.db
    .select({
      n: count(),
      target: avg(courseEvaluate.targetEvaluate),
      content: avg(courseEvaluate.contentEvaluate),
      method: avg(courseEvaluate.methodEvaluate),
      effect: avg(courseEvaluate.effectEvaluate),
    })
    .from(courseEvaluate)
    .where(and(eq(courseEvaluate.courseId, courseId), eq(courseEvaluate.status, 1), notDeleted(courseEvaluate)))
  return {
    count: stars.n,
    target: Number(stars.target ?? 0),
    content: Number(stars.content ?? 0),
    method: Number(stars.method ?? 0),
    effect: Number(stars.effect ?? 0),
  }
}

/** A dictionary key of the course filters: digits, or empty for "any" (400 naming the field otherwise). */
const dictKey = (description: string) =>
  t.Optional(t.String({ pattern: '^(\\d{1,9})?$', description, error: 'validation.invalid' }))
const byCard = (ctx: Ctx, rows: object[]) => publicCourses(ctx, rows as Card[])

/** The course pages: listed courses of the caller's school, to every visitor. */
export const portalCourseViews = viewsOf(courseResource, [
  // Course and practice-course lists: title search, dictionary filters, server paging.
  {
    path: '/api/nep-wbp/course',
    why: PORTAL,
    fields: CARD,
    routes: ['list'],
    where: (_ctx, q) => and(listed(), eq(course.type, Number(q.type) === 2 ? 2 : 1)),
    search: ['title'],
    filters: ['specialId', 'cateId', 'levelId', 'isPractice'],
    query: {
      list: {
        type: text('1 courses, 2 practice courses'),
        specialId: dictKey('major (dictionary key)'),
        cateId: dictKey('category (dictionary key)'),
        levelId: dictKey('level (dictionary key)'),
        isPractice: dictKey('practice (dictionary key)'),
      },
    },
    orderBy: (c) => [asc(c.sort), desc(c.id)],
    rows: byCard,
  },
  // Hot courses in the order staff set, `number` of them (8 unless asked, at most 50).
  {
    path: '/api/nep-wbp/course',
    why: PORTAL,
    fields: CARD,
    routes: ['list'],
    paths: { list: '/hotCourse' },
    all: { limit: (q) => Math.min(Math.max(Number(q.number) || 8, 1), 50) },
    where: () => and(listed(), eq(course.isHot, 1)),
    query: { list: { number: text('how many') } },
    orderBy: (c) => [asc(c.hotSort), desc(c.id)],
    rows: byCard,
  },
  // The course page (nep-wbp): the card and its rich texts.
  {
    path: '/api/nep-wbp/course',
    why: PORTAL,
    fields: PAGE,
    routes: ['detail'],
    paths: { detail: '/getCourseDetail' },
    where: listed,
    rows: (ctx, rows) => Promise.all(rows.map((c) => coursePage(ctx, c as CourseRow))),
  },
  // The outline: public; the materials and progress only with the caller's approved enrolment.
  {
    path: '/api/nep-wbp/course',
    why: PORTAL,
    fields: ['id', 'tenantId'],
    routes: ['detail'],
    paths: { detail: '/getCourseSection' },
    where: listed,
    rows: (ctx, rows, _route, s) => Promise.all(rows.map((c) => outline(ctx, s, c as CourseRow))),
  },
  // The course page (nop-wbp): also the price (fen; a priced one is joined by paying), the caller's own enrolment
  // and the ratings summary.
  {
    path: '/api/nop-wbp/course',
    why: PORTAL,
    fields: [...PAGE, 'price'],
    routes: ['detail'],
    where: listed,
    rows: (ctx, rows) =>
      Promise.all(
        rows.map(async (row) => {
          const c = row as CourseRow
          const mine = ctx.actor.kind === 'user' ? await enrolmentOf(ctx, c.id) : undefined
          return {
            ...(await coursePage(ctx, c)),
            price: c.price,
            enrolStatus: mine ? mine.status : null,
            rating: await ratingOf(ctx, c.id),
          }
        }),
      ),
  },
])

/** A series card reads only its own columns (the rest, the intro page's body among them, is not read at all). */
const SERIES_CARD = ['id', 'title', 'cover', 'intro', 'sort']
const seriesListed = () => eq(series.status, 1)

/** One series with its listed courses, in the series' order. */
async function seriesPage(ctx: Ctx, sr: typeof series.$inferSelect) {
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
  return {
    id: sr.id,
    title: sr.title,
    cover: sr.cover,
    intro: sr.intro,
    content: sr.content,
    courses: links.map((l) => cards.find((c) => c.id === l.courseId)).filter(Boolean),
  }
}

/** Listed series, and one series with its listed courses. */
export const portalSeriesViews = viewsOf(seriesResource, [
  {
    path: '/api/nep-wbp/courseSeries',
    why: PORTAL,
    fields: SERIES_CARD,
    routes: ['list'],
    paths: { list: '/getCourseSeriesList' },
    where: seriesListed,
    search: ['title'],
    orderBy: (c) => [asc(c.sort), desc(c.id)],
    // The card's fields in the order the list has always answered them.
    rows: (_ctx, rows) =>
      rows.map((r) => {
        const { id, title, cover, intro, sort } = r as typeof series.$inferSelect
        return { id, title, cover, intro, sort }
      }),
  },
  {
    path: '/api/nep-wbp/courseSeries',
    why: PORTAL,
    fields: [...SERIES_CARD, 'content'],
    routes: ['detail'],
    paths: { detail: '/getCourseSeries' },
    where: seriesListed,
    rows: (ctx, rows) => Promise.all(rows.map((sr) => seriesPage(ctx, sr as typeof series.$inferSelect))),
  },
])
