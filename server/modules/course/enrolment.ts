import { enrolmentFields } from '../../../db/fields/course.ts'
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import { course, courseUser, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Page } from '../../lib/envelope.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { contains } from '../../lib/like.ts'
import { deptNames } from '../../lib/names.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { defineResource } from '../../lib/resource.ts'
import { looseBody } from '../../lib/resource-actions.ts'
import { stateMachine } from '../../lib/resource-states.ts'
import { transact } from '../../lib/transaction.ts'
import { now } from '../../lib/time.ts'
import { courseResource, withCounts } from './course.ts'
import './messages.ts'
import { notDeleted, ownRows, tenantRows } from '../../lib/tenant-rows.ts'
import { userResource } from '../system/user.ts'
import { paging, text } from '../../lib/request-schema.ts'
import { ENROL } from './enrol-status.ts'

// Enrolment status lives in enrol-status.ts (overview.ts reads it without importing the enrolment routes).
export { ENROL }
/** Enrolment source (4: bought by a paid order, server/modules/pay). */
export const SOURCE = { signUp: 1, staff: 2, card: 3, paid: 4 } as const

/**
 * An enrolment's review: a pending one is approved or rejected; a rejected one may still be approved, or reopened
 * (pending) when the learner signs up again; an approved one stays approved (removing it ends it). Staff-added and
 * card enrolments start approved, sign-ups pending.
 */
export const enrolStates = stateMachine(courseUser, {
  column: 'status',
  initial: [ENROL.approved, ENROL.pending],
  transitions: {
    [ENROL.pending]: [ENROL.approved, ENROL.rejected],
    [ENROL.approved]: [],
    [ENROL.rejected]: [ENROL.pending, ENROL.approved],
  },
  field: enrolmentFields.status,
})

/** Who reviews enrolments: the review menu, or the course menu's audit button. */
const REVIEWERS = ['content:review', 'content:course:audit']

/** Enrolments as staff see them: a learner added by staff is approved at once. */
export const courseUserResource = defineResource({
  table: courseUser,
  path: '/api/hm-courseUser/courseUser',
  code: 'content:course',
  perms: { add: 'content:course:user', edit: 'content:course:audit', remove: 'content:course:audit' },
  // An enrolment is its course's: the course list's data scope bounds it (its creator is often the learner).
  viaParent: { why: "an enrolment is bounded by its course's data scope (access)" },
  access: { list: inCourses, detail: inCourses, add: inCourses, edit: inCourses, remove: inCourses },
  filters: ['courseId', 'userId', 'status', 'source'],
  fields: enrolmentFields,
  states: enrolStates,
  actions: {
    // Approve (status=1) or reject (status=2) enrolments by ids.
    verify: {
      button: REVIEWERS,
      target: { many: 'ids' },
      body: looseBody('status'),
      run: async (ctx, { rows, ids, body }) => {
        const status = Number(body.status)
        if (status !== ENROL.approved && status !== ENROL.rejected)
          throw badRequest('enrol.status', { field: 'status' }, 'status')
        // Only enrolments in courses the caller may see (and manage: the course's own code).
        for (const cid of new Set(rows.map((r) => r.courseId))) await courseResource.ops.detail(ctx, cid)
        // All or none: one row whose review moved on since this request read it (approved or rejected meanwhile by
        // another reviewer) refuses the batch (409): the decision was made on the state read, whichever commits first.
        const seen = new Map(rows.map((r) => [r.id, r.status as (typeof ENROL)[keyof typeof ENROL]]))
        await transact(ctx, async (tx) => {
          for (const id of ids) await enrolStates.move(tx, ctx, id, status, { from: seen.get(id) })
        })
        return null
      },
    },
    // Staff add learners chosen in the user picker: courseId + userIds.
    addCourseUser: {
      button: 'content:course:user',
      body: looseBody('courseId', 'userIds', 'ids'),
      run: async (ctx, { body }) => {
        const c = await courseResource.ops.detail(ctx, typeof body.courseId === 'string' ? body.courseId : undefined)
        const ids = parseIds(body.userIds ?? body.ids)
        for (const id of ids) await assertLearner(ctx, id)
        let added = 0
        for (const id of ids) if ((await enrol(ctx, c.id, id, SOURCE.staff, ENROL.approved)).created) added++
        return { added }
      },
    },
    // The review screens' reads (GET; the contract files them under the course and user services): courses counted
    // by pending enrolments, one course's applicants, and all applications across courses or camps with names.
    getExaminePage: {
      method: 'GET',
      path: '/api/hm-course/course/getExaminePage',
      button: REVIEWERS,
      body: {
        ...paging(),
        isAuth: text('1: courses needing approval (the default)'),
        onlyPending: text('1: only those with pending enrolments'),
      },
      run: (ctx, { query }) => examinePage(ctx, query),
    },
    getExamineCoursePage: {
      method: 'GET',
      path: '/api/hm-course/course/getExamineCoursePage',
      button: REVIEWERS,
      body: { ...paging(), courseId: text('the course'), id: text('the course (as id)') },
      run: async (ctx, { query }): Promise<ApplicantPage> => {
        const c = await courseResource.ops.detail(ctx, query.courseId ?? query.id)
        const page = await courseUserResource.ops.page(ctx, { ...query, courseId: c.id })
        return { ...page, records: await withLearners(ctx, page.records) }
      },
    },
    getCourseExamineUserPage: {
      method: 'GET',
      path: '/api/blade-system/user/getCourseExamineUserPage',
      button: REVIEWERS,
      body: {
        ...paging(),
        account: text('contains'),
        realName: text('contains'),
        type: text('course type (2: camps)'),
      },
      run: (ctx, { query }) => applicationPage(ctx, query),
    },
  },
  beforeWrite: async (ctx, w) => {
    if (w.op !== 'insert') return
    await courseResource.ops.detail(ctx, w.values.courseId as string)
    await assertLearner(ctx, w.values.userId as string)
    w.values.source ??= SOURCE.staff
    w.values.status ??= ENROL.approved
  },
})

/** Enrolments in the courses the caller may see (tenant, not deleted, the course list's data scope). */
async function inCourses(ctx: Ctx): Promise<SQL> {
  return inArray(
    courseUser.courseId,
    ctx.db
      .select({ id: course.id })
      .from(course)
      .where(await courseResource.scope(ctx)),
  )
}

/** The learner must be a live user the caller may see (the user list's data scope). */

async function assertLearner(ctx: Ctx, userId: string) {
  const [u] = await ctx.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), await userResource.scope(ctx)))
  if (!u) throw badRequest('validation.invalid', { field: 'userId' }, 'userId')
}

/**
 * Enrols a learner (sign-up, staff, card). A rejected or removed enrolment is
 * reopened rather than duplicated (one row per learner and course).
 */
export async function enrol(ctx: Ctx, courseId: string, userId: string, source: number, status: number) {
  const [row] = await ctx.db
    .select()
    .from(courseUser)
    .where(
      and(
        tenantRows(courseUser, ctx.actor.tenantId, {
          why: 'one row per learner and course, whoever enrols: a removed enrolment is reopened',
          withDeleted: true,
        }),
        eq(courseUser.courseId, courseId),
        eq(courseUser.userId, userId),
      ),
    )
  const stamp = now()
  if (row) {
    if (
      row.isDeleted === 0 &&
      (row.status === ENROL.approved || (row.status === ENROL.pending && status === ENROL.pending))
    )
      return { row, created: false }
    await ctx.db
      .update(courseUser)
      .set({ isDeleted: 0, status, source, updateUser: ctx.actor.userId, updateTime: stamp })
      .where(eq(courseUser.id, row.id))
    return { row: { ...row, isDeleted: 0, status, source }, created: true }
  }
  const values = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    courseId,
    userId,
    source,
    status,
    isDeleted: 0,
    createUser: ctx.actor.userId,
    createDept: ctx.actor.deptIds[0] ?? null,
    createTime: stamp,
    updateUser: ctx.actor.userId,
    updateTime: stamp,
  }
  await ctx.db.insert(courseUser).values(values)
  return { row: values as typeof courseUser.$inferSelect, created: true }
}

/** The caller's enrolment in a course, or undefined. */
export async function enrolmentOf(ctx: Ctx, courseId: string) {
  const [row] = await ctx.db
    .select()
    .from(courseUser)
    .where(and(ownRows(courseUser, ctx), eq(courseUser.courseId, courseId)))
  return row
}

/** A review page: enrolments with the learner's and the course's names. */
type ApplicantPage = Page<Awaited<ReturnType<typeof withLearners>>[number]>

/** Enrolment rows with the learner's real name, account, avatar, class and the course title, for the review lists. */
async function withLearners(ctx: Ctx, rows: (typeof courseUser.$inferSelect)[]) {
  const ids = [...new Set(rows.map((r) => r.userId))]
  const users = ids.length
    ? await ctx.db
        .select({
          id: user.id,
          account: user.account,
          realName: user.realName,
          phone: user.phone,
          avatar: user.avatar,
          deptId: user.deptId,
        })
        .from(user)
        .where(inArray(user.id, ids))
    : []
  const courses = rows.length
    ? await ctx.db
        .select({ id: course.id, title: course.title, type: course.type })
        .from(course)
        .where(inArray(course.id, [...new Set(rows.map((r) => r.courseId))]))
    : []
  const depts = await deptNames(ctx, [...new Set(users.flatMap((u) => u.deptId.split(',').filter(Boolean)))])
  return rows.map((r) => {
    const u = users.find((x) => x.id === r.userId)
    const c = courses.find((x) => x.id === r.courseId)
    return {
      ...r,
      account: u?.account ?? '',
      realName: u?.realName || u?.account || '',
      phone: u?.phone ?? '',
      avatar: u?.avatar ?? '',
      deptName: (u?.deptId ?? '')
        .split(',')
        .map((d) => depts.get(d))
        .filter(Boolean)
        .join(', '),
      courseName: c?.title ?? '',
      courseType: c?.type ?? 1,
    }
  })
}

/**
 * Courses to review (isAuth 1 unless asked otherwise) with their approved and pending counts, those with the most
 * pending enrolments first within the page; onlyPending=1 keeps the courses with any pending enrolment.
 */
async function examinePage(ctx: Ctx, query: Record<string, string | undefined>) {
  const pending =
    query.onlyPending === '1'
      ? inArray(
          course.id,
          ctx.db
            .select({ id: courseUser.courseId })
            .from(courseUser)
            .where(and(eq(courseUser.status, ENROL.pending), notDeleted(courseUser))),
        )
      : undefined
  const page = await courseResource.ops.page(ctx, { ...query, isAuth: query.isAuth ?? '1' }, pending)
  return {
    ...page,
    records: (await withCounts(ctx, page.records)).sort((a, b) => b.unauditedNum - a.unauditedNum),
  }
}

/**
 * The student application list (spec: student verify): every enrolment in the courses (or camps, type=2) the
 * caller may see, searchable by the learner's realName and account, filtered by status and course.
 */
async function applicationPage(ctx: Ctx, query: Record<string, string | undefined>): Promise<ApplicantPage> {
  const visible = ctx.db
    .select({ id: course.id })
    .from(course)
    .where(
      and(await courseResource.where(ctx, 'list'), query.type ? eq(course.type, Number(query.type) || 0) : undefined),
    )
  const who: SQL[] = []
  if (query.realName) who.push(contains(user.realName, query.realName))
  if (query.account) who.push(contains(user.account, query.account))
  const learners = who.length
    ? inArray(
        courseUser.userId,
        ctx.db
          .select({ id: user.id })
          .from(user)
          .where(
            and(
              await userResource.scope(ctx, {
                dataScope: false,
                why: 'narrows the enrolments, which the course list bounds',
              }),
              ...who,
            ),
          ),
      )
    : undefined
  const page = await courseUserResource.ops.page(ctx, query, and(inArray(courseUser.courseId, visible), learners))
  return { ...page, records: await withLearners(ctx, page.records) }
}
