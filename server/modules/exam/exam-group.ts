import { Elysia } from 'elysia'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { dept, examGroup, role, user } from '../../../db/schema/index.ts'
import { examGroupFields } from '../../../db/fields/exam.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { memberOf } from '../../lib/membership.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { splitIds } from './candidates.ts'
import { userResource } from '../system/user.ts'
import { deptResource } from '../system/dept.ts'
import { scope } from '../../lib/scope.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'

defineMessages({
  'group.classIds': { zh: '请选择班级', en: 'please select classes' },
  'group.studentIds': { zh: '请选择学生', en: 'please select students' },
  'group.studentsOutside': {
    zh: '所选学生必须属于所选班级',
    en: 'the chosen students must belong to the chosen classes',
  },
})

/** Students must be users of the tenant inside one of the chosen classes. */
export async function studentsWithin(ctx: Ctx, studentIds: string[], classIds: string[]) {
  if (!studentIds.length) return true
  const rows = await ctx.db
    .select({ id: user.id })
    .from(user)
    // Within the caller's data scope over users: a group holds only students the caller may see.
    .where(and(await userResource.scope(ctx), inArray(user.id, studentIds), memberOf(user.deptId, classIds)))
  return rows.length === new Set(studentIds).size
}

/** Exam/student groups (card grid): students picked within classes; studentNumber is kept by the server. */
export const examGroupResource = defineResource({
  table: examGroup,
  path: '/api/hm-examGroup/examGroup',
  code: 'exam:group',
  search: ['title'],
  filters: ['category'],
  fields: examGroupFields,
  async beforeWrite(ctx, w) {
    if (w.op === 'remove') return
    const v = { ...(w.before[0] ?? {}), ...w.values } as typeof examGroup.$inferSelect
    const classIds = splitIds(v.classIds),
      studentIds = splitIds(v.studentIds)
    if (!classIds.length) throw badRequest('group.classIds', { field: 'classIds' }, 'classIds')
    if (!studentIds.length) throw badRequest('group.studentIds', { field: 'studentIds' }, 'studentIds')
    if (!(await studentsWithin(ctx, studentIds, classIds)))
      throw badRequest('group.studentsOutside', { field: 'studentIds' }, 'studentIds')
    Object.assign(w.values, {
      classIds: classIds.join(','),
      studentIds: [...new Set(studentIds)].join(','),
      studentNumber: new Set(studentIds).size,
    })
  },
})

/** The pickers of the exam-group form: the tenant's departments (classes) as a tree, and students under their classes. */
export const examGroupRoutes = (s: Services) =>
  handWritten(
    "the exam-group form's pickers: classes as a tree, and students under their classes",
    examGroupRoutesPlugin(s),
  )

const examGroupRoutesPlugin = (s: Services) =>
  new Elysia().use(examGroupResource.routes(s)).use(
    new Elysia({ prefix: examGroupResource.options.path })
      .use(authContext(s))
      .get(
        '/class-tree',
        async ({ ctx }) => {
          const rows = await ctx.db
            .select({ id: dept.id, parentId: dept.parentId, title: dept.deptName })
            .from(dept)
            .where(await deptResource.scope(ctx))
            .orderBy(asc(dept.sort))
          const byParent = new Map<string, typeof rows>()
          for (const r of rows) byParent.set(r.parentId ?? '0', [...(byParent.get(r.parentId ?? '0') ?? []), r])
          const ids = new Set(rows.map((r) => r.id))
          const build = (parent: string): unknown[] =>
            (byParent.get(parent) ?? []).map((r) => ({ id: r.id, title: r.title, children: build(r.id) }))
          return ok(
            ctx,
            rows
              .filter((r) => !ids.has(r.parentId ?? '0'))
              .flatMap((r) => [{ id: r.id, title: r.title, children: build(r.id) }]),
          )
        },
        { perm: examGroupResource.perms.list, query: queryOf() },
      )
      // Students of the tenant under their (first) class; ?classIds narrows to those classes. Class nodes cannot be picked.
      .get(
        '/student-tree',
        async ({ ctx, query }) => {
          const classIds = splitIds(query.classIds)
          const studentRoles = sql`SELECT ${role.id} FROM ${role} WHERE ${and(await scope(role, ctx, { dataScope: false, why: 'which role is the student role is a fact of the tenant, not a list shown' }), eq(role.roleAlias, 'student'))}`

          const students = await ctx.db
            .select({ id: user.id, realName: user.realName, account: user.account, deptId: user.deptId })
            .from(user)
            .where(
              and(
                await userResource.scope(ctx),
                memberOf(user.roleId, studentRoles),
                classIds.length ? memberOf(user.deptId, classIds) : undefined,
              ),
            )
          const classes = await ctx.db
            .select({ id: dept.id, title: dept.deptName })
            .from(dept)
            .where(await deptResource.scope(ctx))
          const home = (p: (typeof students)[number]) =>
            p.deptId.split(',').find((d) => !classIds.length || classIds.includes(d)) ?? ''
          return ok(
            ctx,
            classes
              .filter((c) => students.some((p) => home(p) === c.id))
              .map((c) => ({
                id: `class-${c.id}`,
                title: c.title,
                disabled: true,
                children: students
                  .filter((p) => home(p) === c.id)
                  .map((p) => ({ id: p.id, title: `${p.realName ?? p.account}（${p.account}）` })),
              })),
          )
        },
        { perm: examGroupResource.perms.list, query: queryOf({ classIds: text('classes, comma-separated') }) },
      ),
  )
