import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { examGroup, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { splitIds } from './candidates.ts'

defineMessages({
  'group.title': { zh: '请输入标题', en: 'please enter a title' },
  'group.classIds': { zh: '请选择班级', en: 'please select classes' },
  'group.studentIds': { zh: '请选择学生', en: 'please select students' },
  'group.studentsOutside': { zh: '所选学生必须属于所选班级', en: 'the chosen students must belong to the chosen classes' },
})

/** Students must be users of the tenant inside one of the chosen classes. */
export async function studentsWithin(ctx: Ctx, studentIds: string[], classIds: string[]) {
  if (!studentIds.length) return true
  const rows = await ctx.db.select({ id: user.id }).from(user).where(and(
    eq(user.tenantId, ctx.actor.tenantId), eq(user.isDeleted, 0), inArray(user.id, studentIds),
    or(...classIds.map((c) => sql`(',' || ${user.deptId} || ',') LIKE ${`%,${c},%`}`)),
  ))
  return rows.length === new Set(studentIds).size
}

/** Exam/student groups (card grid): students picked within classes; studentNumber is kept by the server. */
export const examGroupResource = defineResource({
  table: examGroup,
  path: '/api/hm-examGroup/examGroup',
  code: 'exam:group',
  search: ['title'],
  filters: ['category'],
  messages: { title: 'group.title', classIds: 'group.classIds', studentIds: 'group.studentIds' },
  async beforeWrite(ctx, w) {
    if (w.op === 'remove') return
    const v = { ...(w.before[0] ?? {}), ...w.values } as typeof examGroup.$inferSelect
    const classIds = splitIds(v.classIds), studentIds = splitIds(v.studentIds)
    if (!classIds.length) throw badRequest('group.classIds', { field: 'classIds' }, 'classIds')
    if (!studentIds.length) throw badRequest('group.studentIds', { field: 'studentIds' }, 'studentIds')
    if (!(await studentsWithin(ctx, studentIds, classIds))) throw badRequest('group.studentsOutside', { field: 'studentIds' }, 'studentIds')
    Object.assign(w.values, { classIds: classIds.join(','), studentIds: [...new Set(studentIds)].join(','), studentNumber: new Set(studentIds).size })
  },
})
