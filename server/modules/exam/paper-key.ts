import { asc, eq, sql } from 'drizzle-orm'
import { paperAnswer, paperQuestion, question, questionBlank, questionOption } from '../../../db/schema/index.ts'
import type { Db } from '../../lib/db.ts'
import { bound, prepared } from '../../lib/prepared.ts'
import type { AnswerKey } from './grading.ts'

export interface KeyedQuestion extends AnswerKey {
  id: string
}

/**
 * What grading a submitted paper reads, compiled once per database: every
 * candidate's submit (and the sweep's automatic ones) grades with three bound
 * statements instead of building queries, which cost more than the grading.
 */
const keyStatements = (db: Db) =>
  prepared(db, 'exam.paperKey', (d) => ({
    questions: d
      .select({ id: question.id, type: question.type, points: paperQuestion.score })
      .from(paperQuestion)
      .innerJoin(question, eq(question.id, paperQuestion.questionId))
      .where(eq(paperQuestion.paperId, sql.placeholder('paperId')))
      .orderBy(asc(paperQuestion.sort))
      .prepare(),
    options: d
      .select({
        questionId: questionOption.questionId,
        id: questionOption.id,
        isCorrect: questionOption.isCorrect,
        fraction: questionOption.fraction,
      })
      .from(questionOption)
      .innerJoin(paperQuestion, eq(paperQuestion.questionId, questionOption.questionId))
      .where(eq(paperQuestion.paperId, sql.placeholder('paperId')))
      .orderBy(asc(questionOption.sort))
      .prepare(),
    blanks: d
      .select({ questionId: questionBlank.questionId, blankNo: questionBlank.blankNo, answer: questionBlank.answer })
      .from(questionBlank)
      .innerJoin(paperQuestion, eq(paperQuestion.questionId, questionBlank.questionId))
      .where(eq(paperQuestion.paperId, sql.placeholder('paperId')))
      .orderBy(asc(questionBlank.blankNo), asc(questionBlank.sort))
      .prepare(),
    answers: d
      .select({ id: paperAnswer.id, questionId: paperAnswer.questionId, answer: paperAnswer.answer })
      .from(paperAnswer)
      .where(eq(paperAnswer.paperTimeUserId, sql.placeholder('sittingId')))
      .prepare(),
    grade: d
      .update(paperAnswer)
      .set({ score: bound('score'), correct: bound('correct') })
      .where(eq(paperAnswer.id, sql.placeholder('id')))
      .prepare(),
  }))

/** A paper's questions in order with their points and answer key (options with their correct flags, accepted blanks). */
export async function paperKey(db: Db, paperId: string): Promise<KeyedQuestion[]> {
  const q = keyStatements(db)
  const options = new Map<string, AnswerKey['options']>()
  for (const o of await q.options.execute({ paperId })) {
    let list = options.get(o.questionId)
    if (!list) options.set(o.questionId, (list = []))
    list.push({ id: o.id, isCorrect: o.isCorrect, fraction: o.fraction })
  }
  const blanks = new Map<string, string[][]>()
  for (const b of await q.blanks.execute({ paperId })) {
    let list = blanks.get(b.questionId)
    if (!list) blanks.set(b.questionId, (list = []))
    ;(list[b.blankNo] ??= []).push(b.answer)
  }
  return (await q.questions.execute({ paperId })).map((x) => ({
    ...x,
    options: options.get(x.id) ?? [],
    blanks: blanks.get(x.id) ?? [],
  }))
}

/**
 * A sitting's stored answers and the statement that records one's grade: the closing transaction passes its `tx`
 * (statements are compiled per handle, so they run on the transaction's connection).
 */
export const storedAnswers = async (db: Db, sittingId: string) => await keyStatements(db).answers.execute({ sittingId })
export const recordGrade = async (db: Db, id: string, score: number | null, correct: number | null) => {
  await keyStatements(db).grade.execute({ id, score, correct })
}
