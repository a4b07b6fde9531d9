import { courseFields } from '../../../db/fields/course.ts'
import { Type as t } from '@sinclair/typebox'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { course, courseUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { transact } from '../../lib/transaction.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { assertTeacher, realNames } from './teacher.ts'
import './messages.ts'
import { publicRows, notDeleted } from '../../lib/tenant-rows.ts'
import { text } from '../../lib/request-schema.ts'
import { courseOverview } from './overview.ts'

type CourseRow = typeof course.$inferSelect

/** At most `n` comma-joined image links (spec: course covers up to 3, banners 1). */
export function checkImages(v: unknown, n: number, field = 'cover') {
  if (typeof v !== 'string' || !v) return
  const links = v.split(',').filter(Boolean)
  if (links.length > n) throw badRequest('course.coverMax', { max: n, field }, field)
  if (!links.every((l) => /^(\/upload\/|https?:\/\/)/.test(l))) throw badRequest('validation.invalid', { field }, field)
}

/** Courses (type 1) and training camps (type 2); the teacher is createUser, chosen by the body's teacherId. */
export const courseResource = defineResource({
  table: course,
  path: '/api/hm-course/course',
  code: 'content:course',
  search: ['title'],
  filters: ['type', 'specialId', 'cateId', 'levelId', 'isHot', 'isAuth', 'isPractice', 'createUser'],
  dates: ['createTime'],
  fields: courseFields,
  body: { teacherId: t.Optional(t.Union([t.String({ pattern: '^\\d{1,20}$' }), t.Null()])) },
  // The list (also the camp screen's) shows enrolment counts and the teacher's name; the form edits the
  // teacher as teacherId (createUser is the server's column). The plain /page stays the rows.
  read: {
    on: ['list', 'detail'],
    perm: { list: ['content:camp'] },
    rows: (ctx, rows, route) =>
      route === 'detail'
        ? rows.map((row) => ({ ...row, teacherId: row.createUser }))
        : withCounts(ctx, rows as CourseRow[]),
  },
  beforeWrite: async (ctx, w) => {
    if (w.op === 'remove') return
    const v = w.values as Record<string, unknown>
    checkImages(v.cover, 3)
    for (const f of ['intro', 'content', 'standard', 'position', 'target'] as const)
      if (typeof v[f] === 'string') v[f] = sanitizeRichText('courseIntro', v[f] as string)
    if (v.teacherId) {
      await assertTeacher(ctx, v.teacherId as string)
      v.createUser = v.teacherId
    }
    delete v.teacherId
  },
  // The portal's hot list: a course joins it last or leaves it, and the list is read and reordered (GET, as the
  // contract spells them); a new order is written in one transaction.
  actions: {
    'set-hot-course': {
      method: 'GET',
      button: 'hot',
      target: { one: 'id' },
      verb: 'detail',
      // One statement: the database picks the next place, and only a course not yet hot takes it.
      run: async (ctx, { rows: [row] }) => {
        if (row.isHot) return null
        const next = ctx.db
          .select({ next: sql`coalesce(max(${course.hotSort}), 0) + 1` })
          .from(course)
          .where(
            and(
              publicRows(course, ctx.actor.tenantId, {
                why: "the hot list is the portal's: one order for the school",
              }),
              eq(course.isHot, 1),
            ),
          )
        await ctx.db
          .update(course)
          .set({ isHot: 1, hotSort: sql`(${next})`, updateTime: now() })
          .where(and(eq(course.id, row.id), eq(course.isHot, 0)))
        return null
      },
    },
    'remove-hot-course': {
      method: 'GET',
      button: 'hot',
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [row] }) => {
        await ctx.db.update(course).set({ isHot: 0, hotSort: 0, updateTime: now() }).where(eq(course.id, row.id))
        return null
      },
    },
    // Hot courses, in their order, for the drag-to-reorder list (with the list's counts and teacher).
    'hot-list': {
      method: 'GET',
      button: 'content:course',
      run: async (ctx) => withCounts(ctx, await hotCourses(ctx)),
    },
    // type=top|1 moves a hot course first, type=bottom|2 last.
    'set-top-or-bottom-hot-course': {
      method: 'GET',
      button: 'hot',
      target: { one: 'id' },
      verb: 'detail',
      body: { type: text('top (or 1): first; bottom (or 2): last') },
      run: async (ctx, { rows: [row], body }) => {
        // Anything else used to move the course to the end without a word: a typo must not reorder the list.
        if (!['top', '1', 'bottom', '2'].includes(String(body.type)))
          throw badRequest('hot.end', { field: 'type' }, 'type')
        const hot = (await hotCourses(ctx)).map((r) => r.id).filter((id) => id !== row.id)
        const top = body.type === 'top' || body.type === '1'
        await reorderHot(ctx, top ? [row.id, ...hot] : [...hot, row.id])
        return null
      },
    },
    // The teacher's overview of one course (/wel/CourseDetails): chapters, enrolments, learners' progress, ratings.
    overview: {
      method: 'GET',
      button: 'content:course',
      target: { one: 'id' },
      verb: 'detail',
      run: (ctx, { rows: [row] }) => courseOverview(ctx, row),
    },
    // Either ids=<the whole new order> (drag and drop) or id + direction=up|down (one step).
    'move-hot-course': {
      method: 'GET',
      button: 'hot',
      body: { ids: text('comma-separated ids: the whole new order'), id: text('id'), direction: text('up or down') },
      run: async (ctx, { body }) => {
        const hot = (await hotCourses(ctx)).map((r) => r.id)
        let order: string[]
        if (body.ids) {
          const ids = parseIds(body.ids)
          if (ids.length !== hot.length || !ids.every((id) => hot.includes(id)))
            throw badRequest('validation.ids', { field: 'ids' }, 'ids')
          order = ids
        } else {
          const row = await courseResource.ops.detail(ctx, body.id as string | undefined)
          const i = hot.indexOf(row.id)
          const j = body.direction === 'up' ? i - 1 : body.direction === 'down' ? i + 1 : NaN
          if (Number.isNaN(j)) throw badRequest('hot.move', { field: 'direction' }, 'direction')
          order = [...hot]
          if (i >= 0 && j >= 0 && j < hot.length) [order[i], order[j]] = [order[j], order[i]]
        }
        await reorderHot(ctx, order)
        return null
      },
    },
  },
})

/** Approved and pending enrolment counts (aditedNum, unauditedNum) and the teacher's real name, for list rows. */
export async function withCounts(ctx: Ctx, rows: CourseRow[]) {
  const ids = rows.map((r) => r.id)
  const counts = ids.length
    ? await ctx.db
        .select({ courseId: courseUser.courseId, status: courseUser.status, n: count() })
        .from(courseUser)
        .where(and(inArray(courseUser.courseId, ids), notDeleted(courseUser)))
        .groupBy(courseUser.courseId, courseUser.status)
    : []
  const names = await realNames(
    ctx,
    rows.map((r) => r.createUser),
  )
  return rows.map((r) => ({
    ...r,
    teacherName: names.get(r.createUser ?? '') ?? '',
    aditedNum: counts.find((c) => c.courseId === r.id && c.status === 1)?.n ?? 0,
    unauditedNum: counts.find((c) => c.courseId === r.id && c.status === 0)?.n ?? 0,
  }))
}

/** Writes a new order of the hot list (1, 2, …) in one transaction: all of it moves, or none. */
function reorderHot(ctx: Ctx, ids: string[]) {
  const stamp = now()
  return transact(ctx, async (tx) => {
    for (const [i, id] of ids.entries())
      await tx
        .update(course)
        .set({ hotSort: i + 1, updateTime: stamp })
        .where(eq(course.id, id))
  })
}

/** The hot courses in their order (the caller's list scope). */
const hotCourses = async (ctx: Ctx): Promise<CourseRow[]> =>
  (await courseResource.ops.all(ctx, {}, eq(course.isHot, 1))).sort((a, b) => a.hotSort - b.hotSort)

export const hotOrder = [asc(course.hotSort), sql`${course.id} desc`]
