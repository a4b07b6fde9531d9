/**
 * An exam's results as a printable report shows them: each learner's score and whether they passed, each question's
 * accuracy and the score distribution. The question and distribution figures are the exam's own statistics
 * (exam-marking.ts), so the report and the statistics screen never differ.
 */
import { and, asc, eq } from 'drizzle-orm'
import { paperTimeUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { statistics } from '../exam/exam-marking.ts'
import { paperQuestions } from '../exam/paper.ts'
import { CORRECTED, type Exam } from '../exam/sitting.ts'

/** A learner passes with at least this share of their paper's points: an exam carries no pass mark of its own. */
export const PASS_SHARE = 0.6

export interface ExamResults {
  title: string
  sat: number
  passed: number
  average: number
  highest: number
  lowest: number
  learners: { name: string; className: string; score: number; total: number; pass: boolean }[]
  questions: { content: string; answered: number; correctRate: number }[]
  distribution: { band: string; count: number }[]
}

export async function examResults(ctx: Ctx, exam: Exam): Promise<ExamResults> {
  const st = await statistics(ctx, exam)
  const sittings = await ctx.db
    .select()
    .from(paperTimeUser)
    .where(and(eq(paperTimeUser.paperTimeId, exam.id), eq(paperTimeUser.state, CORRECTED)))
    .orderBy(asc(paperTimeUser.userName), asc(paperTimeUser.id))
  const totals = new Map<string, number>()
  for (const id of new Set(sittings.map((s) => s.paperId)))
    totals.set(
      id,
      (await paperQuestions(ctx, id)).reduce((t, q) => t + q.points, 0),
    )
  const classNames = new Map(st.classes.map((c) => [c.classId, c.className]))
  const learners = sittings.map((s) => {
    const total = totals.get(s.paperId) ?? 0
    const score = s.score ?? 0
    return {
      name: s.userName ?? '',
      className: classNames.get(s.classId ?? '') ?? '',
      score,
      total,
      pass: total > 0 && score >= total * PASS_SHARE,
    }
  })
  return {
    title: exam.title,
    sat: st.sat,
    passed: learners.filter((l) => l.pass).length,
    average: st.average,
    highest: st.highest,
    lowest: st.lowest,
    learners,
    questions: st.questions.map((q) => ({ content: q.content, answered: q.answered, correctRate: q.correctRate })),
    distribution: st.distribution,
  }
}
