import { and, eq } from 'drizzle-orm'
import { dept, examGroup, paper, paperQuestion, paperTime, team, teamUser, user } from '../../../db/schema/index.ts'
import { DEMO_EXAM_QUESTIONS, DEMO_QUESTIONS } from '../../../db/seed/exam.ts'
import type { Db } from '../../lib/db.ts'
import { first } from '../../lib/rows.ts'
import { withTransaction, type Tx } from '../../lib/transaction.ts'
import { newId } from '../../lib/ids.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { normaliseQuestion } from './question-input.ts'
import { insertQuestions } from './question-store.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const DEMO = 'the demo exam is written once for a new tenant, by the system'

// Created as the demo teacher, so that the teacher's default "own rows" scope (db/reference/areas/exam.ts) shows them.
const audit = (tenantId: string, owner: string) => ({
  tenantId,
  createUser: owner,
  createTime: now(),
  updateUser: SYSTEM_USER,
  updateTime: now(),
})

/**
 * First start: a practice bank and paper (the team's question set), an exam open for a month on a paper of its own
 * questions (an exam holds its keys until results are released), an exam group and a team (one transaction).
 */
export async function seedDemoExam(db: Db, tenantId = '000000') {
  await withTransaction(db, (tx) => seedInto(tx, tenantId))
}

async function seedPaper(
  tx: Tx,
  tenantId: string,
  owner: string,
  name: string,
  type: number,
  qs: Record<string, unknown>[],
) {
  const actor = { tenantId, userId: owner, deptIds: [] as string[] }
  const ids = await insertQuestions(
    tx,
    actor,
    qs.map((q) => normaliseQuestion(q)),
  )
  const paperId = newId()
  const points = qs.map((q) => Number(q.score))
  await tx
    .insert(paper)
    .values({ id: paperId, ...audit(tenantId, owner), name, type, score: points.reduce((a, b) => a + b, 0) })
  if (ids.length)
    await tx
      .insert(paperQuestion)
      .values(
        ids.map((questionId, sort) => ({ id: newId(), tenantId, paperId, questionId, score: points[sort], sort })),
      )
  return paperId
}

async function seedInto(tx: Tx, tenantId: string) {
  const teacher = await first(
    tx
      .select({ id: user.id })
      .from(user)
      .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, 'teacher'))),
  )
  const owner = teacher?.id ?? SYSTEM_USER
  const paperId = await seedPaper(tx, tenantId, owner, '计算机网络基础练习', 1, DEMO_QUESTIONS)
  const examPaperId = await seedPaper(tx, tenantId, owner, '网络基础期中考试卷', 2, DEMO_EXAM_QUESTIONS)
  const day = 86_400_000
  await tx.insert(paperTime).values({
    id: newId(),
    ...audit(tenantId, owner),
    title: '网络基础期中考试',
    content: '<p>闭卷，30 分钟。答案随时自动保存，断网也不会丢失。</p>',
    startTime: formatDateTime(new Date(Date.now() - day)),
    endTime: formatDateTime(new Date(Date.now() + 30 * day)),
    duration: 30,
    paperIds: examPaperId,
    showScore: 1,
    shuffle: 1,
  })
  const student = await first(
    tx
      .select({ id: user.id, deptId: user.deptId })
      .from(user)
      .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, 'student'))),
  )
  const klass = await first(
    tx
      .select({ id: dept.id })
      .from(dept)
      .where(and(tenantRows(dept, tenantId, { why: DEMO }), eq(dept.deptName, '2024级计算机1班'))),
  )
  if (student && klass) {
    await tx.insert(examGroup).values({
      id: newId(),
      ...audit(tenantId, owner),
      title: '2024级计算机1班考试组',
      category: '期中',
      classIds: klass.id,
      studentIds: student.id,
      studentNumber: 1,
    })
    const teamId = newId()
    await tx
      .insert(team)
      .values({ id: teamId, ...audit(tenantId, owner), name: '网络技术兴趣小组', intro: '一起刷网络基础题', paperId })
    await tx
      .insert(teamUser)
      .values({ id: newId(), tenantId, teamId, userId: student.id, classId: klass.id, createTime: now() })
  }
}
