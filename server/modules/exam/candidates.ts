import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { examGroup, paperTime, role, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'

type Exam = Pick<typeof paperTime.$inferSelect, 'tenantId' | 'groupIds' | 'classIds'>

const split = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
/** Matches a comma-joined id column holding id. */
const listHas = (col: typeof user.deptId, id: string) => sql`(',' || ${col} || ',') LIKE ${`%,${id},%`}`

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
      .where(and(eq(examGroup.tenantId, exam.tenantId), eq(examGroup.isDeleted, 0), inArray(examGroup.id, groups)))
    for (const r of rows) for (const id of split(r.studentIds)) ids.add(id)
  }
  if (classes.length) {
    const students = await db
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, exam.tenantId), eq(role.roleAlias, 'student'), eq(role.isDeleted, 0)))
    const rows = await db
      .select({ id: user.id, roleId: user.roleId })
      .from(user)
      .where(
        and(
          eq(user.tenantId, exam.tenantId),
          eq(user.isDeleted, 0),
          or(...classes.map((c) => listHas(user.deptId, c))),
        ),
      )
    const studentRoles = new Set(students.map((s) => s.id))
    for (const r of rows) if (r.roleId.split(',').some((x) => studentRoles.has(x))) ids.add(r.id)
  }
  return ids
}

export async function isCandidate(db: Ctx['db'], exam: Exam, userId: string): Promise<boolean> {
  const ids = await candidateIds(db, exam)
  return ids === null || ids.has(userId)
}

export { split as splitIds }
