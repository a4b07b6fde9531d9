import { and, eq } from 'drizzle-orm'
import { dept, examGroup, paper, paperQuestion, paperTime, team, teamUser, user } from '../../../db/schema/index.ts'
import { DEMO_EXAM_QUESTIONS, DEMO_QUESTIONS } from '../../../db/seed/exam.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { SYSTEM_USER } from '../../lib/reference/system-user.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { normaliseQuestion } from './question-input.ts'
import { insertQuestion } from './question-store.ts'
import { tenantRows } from '../../lib/tenant-rows.ts'

const DEMO = 'the demo exam is written once for a new tenant, by the system'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

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
export function seedDemoExam(db: Db, tenantId = '000000') {
  db.transaction((tx) => seedInto(tx, tenantId))
}

function seedPaper(tx: Tx, tenantId: string, owner: string, name: string, type: number, qs: Record<string, unknown>[]) {
  const actor = { tenantId, userId: owner, deptIds: [] as string[] }
  const ids = qs.map((q) => insertQuestion(tx, actor, normaliseQuestion(q)))
  const paperId = newId()
  const points = qs.map((q) => Number(q.score))
  tx.insert(paper)
    .values({ id: paperId, ...audit(tenantId, owner), name, type, score: points.reduce((a, b) => a + b, 0) })
    .run()
  ids.forEach((questionId, sort) =>
    tx.insert(paperQuestion).values({ id: newId(), tenantId, paperId, questionId, score: points[sort], sort }).run(),
  )
  return paperId
}

function seedInto(tx: Tx, tenantId: string) {
  const teacher = tx
    .select({ id: user.id })
    .from(user)
    .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, 'teacher')))
    .get()
  const owner = teacher?.id ?? SYSTEM_USER
  const paperId = seedPaper(tx, tenantId, owner, '计算机网络基础练习', 1, DEMO_QUESTIONS)
  const examPaperId = seedPaper(tx, tenantId, owner, '网络基础期中考试卷', 2, DEMO_EXAM_QUESTIONS)
  const day = 86_400_000
  tx.insert(paperTime)
    .values({
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
    .run()
  const student = tx
    .select({ id: user.id, deptId: user.deptId })
    .from(user)
    .where(and(tenantRows(user, tenantId, { why: DEMO }), eq(user.account, 'student')))
    .get()
  const klass = tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(tenantRows(dept, tenantId, { why: DEMO }), eq(dept.deptName, '2024级计算机1班')))

    .get()
  if (student && klass) {
    tx.insert(examGroup)
      .values({
        id: newId(),
        ...audit(tenantId, owner),
        title: '2024级计算机1班考试组',
        category: '期中',
        classIds: klass.id,
        studentIds: student.id,
        studentNumber: 1,
      })
      .run()
    const teamId = newId()
    tx.insert(team)
      .values({ id: teamId, ...audit(tenantId, owner), name: '网络技术兴趣小组', intro: '一起刷网络基础题', paperId })
      .run()
    tx.insert(teamUser)
      .values({ id: newId(), tenantId, teamId, userId: student.id, classId: klass.id, createTime: now() })
      .run()
  }
}
