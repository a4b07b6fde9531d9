import { Type } from '@sinclair/typebox'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { dept, examGroup, role, user } from '../../../db/schema/index.ts'
import { examGroupFields } from '../../../db/fields/exam.ts'
import type { Ctx } from '../../lib/context.ts'
import { memberOf } from '../../lib/membership.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Query } from '../../lib/resource-types.ts'
import { splitIds } from './candidates.ts'
import { userResource } from '../system/user.ts'
import { deptResource } from '../system/dept.ts'
import { scope } from '../../lib/scope.ts'

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
  // The pickers of the exam-group form, for whoever may list groups: classes as a tree, students under their classes.
  actions: {
    'class-tree': { method: 'GET', button: 'exam:group', run: (ctx) => classTree(ctx) },
    'student-tree': {
      method: 'GET',
      button: 'exam:group',
      body: { classIds: Type.Optional(Type.String({ description: 'classes, comma-separated' })) },
      run: (ctx, { query }) => studentTree(ctx, query),
    },
  },
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

type ClassNode = { id: string; title: string; children: ClassNode[] }
type StudentNode = { id: string; title: string; disabled: true; children: { id: string; title: string }[] }

/** The tenant's departments (classes) within the caller's scope over departments, nested under their parents. */
async function classTree(ctx: Ctx): Promise<ClassNode[]> {
  const rows = await ctx.db
    .select({ id: dept.id, parentId: dept.parentId, title: dept.deptName })
    .from(dept)
    .where(await deptResource.scope(ctx))
    .orderBy(asc(dept.sort))
  const byParent = new Map<string, typeof rows>()
  for (const r of rows) byParent.set(r.parentId ?? '0', [...(byParent.get(r.parentId ?? '0') ?? []), r])
  const ids = new Set(rows.map((r) => r.id))
  const build = (parent: string): ClassNode[] =>
    (byParent.get(parent) ?? []).map((r) => ({ id: r.id, title: r.title, children: build(r.id) }))
  // A department whose parent the caller cannot see is a root of the picker.
  return rows
    .filter((r) => !ids.has(r.parentId ?? '0'))
    .map((r) => ({ id: r.id, title: r.title, children: build(r.id) }))
}

/** Students of the tenant under their (first) class; ?classIds narrows to those classes. Class nodes cannot be picked. */
async function studentTree(ctx: Ctx, q: Query): Promise<StudentNode[]> {
  const classIds = splitIds(q.classIds)
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
  return classes
    .filter((c) => students.some((p) => home(p) === c.id))
    .map((c) => ({
      id: `class-${c.id}`,
      title: c.title,
      disabled: true,
      children: students
        .filter((p) => home(p) === c.id)
        .map((p) => ({ id: p.id, title: `${p.realName ?? p.account}（${p.account}）` })),
    }))
}
