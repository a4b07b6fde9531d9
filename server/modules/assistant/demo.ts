import { and, asc, eq } from 'drizzle-orm'
import { assistantQuestion, course, courseSection, user } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { first } from '../../lib/rows.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'

const DEMO = 'the demo question is written once for a new school, by the system'

/**
 * First start: one question the demo student asked about the first demo course, so the audit screen shows its
 * shape (who, which course, the cited section, the answer) before the platform configures a model endpoint.
 */
export async function seedDemoAssistant(db: Db, tenantId = '000000') {
  const student = await first(
    db
      .select({ id: user.id })
      .from(user)
      .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, 'student'))),
  )
  const c = await first(
    db
      .select({ id: course.id, title: course.title })
      .from(course)
      .where(and(tenantRows(course, tenantId, { why: DEMO }), eq(course.title, 'Python 程序设计基础'))),
  )
  if (!student || !c) return
  const section = await first(
    db
      .select({ id: courseSection.id, title: courseSection.title })
      .from(courseSection)
      .where(and(eq(courseSection.courseId, c.id), notDeleted(courseSection)))
      .orderBy(asc(courseSection.sort)),
  )
  const stamp = now()
  await db.insert(assistantQuestion).values({
    id: newId(),
    tenantId,
    createUser: student.id,
    createTime: stamp,
    updateUser: student.id,
    updateTime: stamp,
    courseId: c.id,
    courseTitle: c.title,
    question: '这门课程先学什么？',
    answer: '建议先看课程导学视频，了解课程安排和开发环境的安装，再进入动手实践 [1]。',
    citedSections: JSON.stringify(section ? [{ id: section.id, title: section.title }] : []),
    outcome: 'answered',
  })
}
