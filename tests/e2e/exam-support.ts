/**
 * What the exam browser suites share: a teacher arranging a paper (single,
 * multiple, fill-in, short answer) and an open exam over the API, and a
 * look into the appliance's database (as another connection) to check what was stored.
 */
import { eq } from 'drizzle-orm'
import { paperAnswer, paperTimeUser } from '../../db/schema/index.ts'
import { closeDb, openDatabase } from '../../server/lib/db.ts'
import { formatDateTime } from '../../server/lib/time.ts'
import { applianceDatabaseConfig } from '../support/server-process.ts'
import { apiCall, tokenOf } from './pages-support'

export async function arrangeExam(base: string, o: { duration?: number; exam?: Record<string, unknown> } = {}) {
  const teacher = await tokenOf(base, 'teacher')
  const q = async (body: Record<string, unknown>) => {
    const r = await apiCall(base, teacher, 'POST', '/api/hm-question/question/submit', {}, body)
    if (r.code !== 200) throw new Error(r.msg)
    return (await apiCall(base, teacher, 'GET', '/api/hm-question/question/detail', { id: r.data.id })).data
  }
  const single = await q({
    type: 1,
    content: '<p>HTTP 默认端口？</p>',
    options: [
      { content: '21', isCorrect: 0 },
      { content: '80', isCorrect: 1 },
      { content: '443', isCorrect: 0 },
    ],
  })
  const multi = await q({
    type: 2,
    content: '<p>传输层协议有？</p>',
    options: [
      { content: 'TCP', isCorrect: 1 },
      { content: 'UDP', isCorrect: 1 },
      { content: 'IP', isCorrect: 0 },
    ],
  })
  const fill = await q({ type: 4, content: '<p>OSI 共 ____ 层，最底层是 ____ 层</p>', blanks: [['7', '七'], ['物理']] })
  const short = await q({ type: 5, content: '<p>简述三次握手</p>', answer: 'SYN, SYN+ACK, ACK' })
  const paper = await apiCall(
    base,
    teacher,
    'POST',
    '/api/hm-paper/paper/submit',
    {},
    {
      name: '浏览器测试卷',
      type: 2,
      questions: [
        { questionId: single.id, score: 2 },
        { questionId: multi.id, score: 4 },
        { questionId: fill.id, score: 4 },
        { questionId: short.id, score: 10 },
      ],
    },
  )
  const now = Date.now()
  const exam = await apiCall(
    base,
    teacher,
    'POST',
    '/api/hm-paperTime/paperTime/submit',
    {},
    {
      title: '浏览器测试考试',
      startTime: formatDateTime(new Date(now - 60_000)),
      endTime: formatDateTime(new Date(now + 3_600_000)),
      duration: o.duration ?? 30,
      paperIds: paper.data.id,
      ...o.exam,
    },
  )
  if (exam.code !== 200) throw new Error(exam.msg)
  return { teacher, single, multi, fill, short, examId: exam.data.id as string }
}

/**
 * The stored answers of the student's sitting in an exam, read as another connection to the appliance's database
 * (its SQLite file, or on PostgreSQL the copy its process runs on); the sitting's columns under their SQL names.
 */
export async function storedAnswers(dataDir: string, examId: string) {
  const db = openDatabase(await applianceDatabaseConfig(dataDir))
  try {
    const found = (await db.select().from(paperTimeUser).where(eq(paperTimeUser.paperTimeId, examId)).limit(1))[0]
    const sitting = found
      ? (Object.fromEntries(
          Object.entries(found).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
        ) as Record<string, any>)
      : null
    const rows = found
      ? await db
          .select({
            question_id: paperAnswer.questionId,
            answer: paperAnswer.answer,
            version: paperAnswer.version,
            score: paperAnswer.score,
          })
          .from(paperAnswer)
          .where(eq(paperAnswer.paperTimeUserId, found.id))
      : []
    return {
      sitting,
      answers: Object.fromEntries(
        rows.map((r) => [r.question_id, { answer: JSON.parse(r.answer), version: r.version, score: r.score }]),
      ),
    }
  } finally {
    await closeDb(db)
  }
}

/**
 * The teacher moves the exam's end a minute back, past the grace: results can be distributed only once no
 * sitting takes answers any more (server/modules/exam/closing.ts).
 */
export async function endExam(base: string, teacher: string, examId: string) {
  const r = await apiCall(
    base,
    teacher,
    'POST',
    '/api/hm-paperTime/paperTime/submit',
    {},
    {
      id: examId,
      startTime: formatDateTime(new Date(Date.now() - 600_000)),
      endTime: formatDateTime(new Date(Date.now() - 60_000)),
    },
  )
  if (r.code !== 200) throw new Error(r.msg)
}
