import { and, eq, inArray, sql } from 'drizzle-orm'
import { examGroup, paperTime, role, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { memberOf } from '../../lib/membership.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const EXAM_DEFINES = 'the candidates are what the exam names, whoever asks (a learner opening it, the exam list)'

type Exam = Pick<typeof paperTime.$inferSelect, 'tenantId' | 'groupIds' | 'classIds'>

const split = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

/**
 * The exam's candidates: students of its classes plus students of its exam
 * groups. An exam naming neither is open to every learner of the tenant (null).
 */
export async function candidateIds(db: Ctx['db'], exam: Exam): Promise<Set<string> | null> {
  const groups = split(exam.groupIds)
  const classes = split(exam.classIds)
  if (!groups.length && !classes.length) return null
  const ids = new Set<string>()
  if (groups.length) {
    const rows = await db
      .select({ studentIds: examGroup.studentIds })
      .from(examGroup)
      .where(and(tenantRows(examGroup, exam.tenantId, { why: EXAM_DEFINES }), inArray(examGroup.id, groups)))
    for (const r of rows) for (const id of split(r.studentIds)) ids.add(id)
  }
  if (classes.length) {
    const students = sql`SELECT ${role.id} FROM ${role} WHERE ${and(tenantRows(role, exam.tenantId, { why: EXAM_DEFINES }), eq(role.roleAlias, 'student'))}`
    const rows = await db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          tenantRows(user, exam.tenantId, { why: EXAM_DEFINES }),
          memberOf(user.deptId, classes),
          memberOf(user.roleId, students),
        ),
      )
    for (const r of rows) ids.add(r.id)
  }
  return ids
}

export async function isCandidate(db: Ctx['db'], exam: Exam, userId: string): Promise<boolean> {
  const ids = await candidateIds(db, exam)
  return ids === null || ids.has(userId)
}

export { split as splitIds }
