import { asc, eq, inArray } from 'drizzle-orm'
import { question, questionBlank, questionOption } from '../../../db/schema/index.ts'
import type { Actor } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { newId } from '../../lib/ids.ts'
import { now } from '../../lib/time.ts'
import type { Tx } from '../../lib/transaction.ts'
import type { AnswerKey } from './grading.ts'
import { labelOf, type QuestionInput } from './question-input.ts'

type Reader = Pick<Db, 'select'>

export type QuestionRow = typeof question.$inferSelect
export type OptionRow = typeof questionOption.$inferSelect

/** A question with its options and blanks, as staff see it (the answer key included). */
export interface FullQuestion extends QuestionRow {
  options: { id: string; label: string; content: string; isCorrect: number; fraction: number | null }[]
  blanks: string[][]
}

/** Replaces a question's options and blanks; an option sent back with its id keeps it, so answers already given still point at it. */
export async function writeChildren(
  tx: Tx,
  tenantId: string,
  questionId: string,
  q: Pick<QuestionInput, 'options' | 'blanks'>,
) {
  await tx.delete(questionOption).where(eq(questionOption.questionId, questionId))
  await tx.delete(questionBlank).where(eq(questionBlank.questionId, questionId))
  for (const [i, o] of q.options.entries())
    await tx.insert(questionOption).values({
      id: o.id ?? newId(),
      tenantId,
      questionId,
      label: labelOf(i),
      content: o.content,
      isCorrect: o.isCorrect ? 1 : 0,
      fraction: o.fraction ?? null,
      sort: i,
    })
  for (const [blankNo, alts] of q.blanks.entries())
    for (const [sort, answer] of alts.entries())
      await tx.insert(questionBlank).values({ id: newId(), tenantId, questionId, blankNo, answer, sort })
}

/** Inserts a whole question (import, seed) inside the caller's transaction. */
export async function insertQuestion(
  tx: Tx,
  actor: Pick<Actor, 'tenantId' | 'userId' | 'deptIds'>,
  q: QuestionInput,
): Promise<string> {
  const id = newId()
  const stamp = now()
  const { options: _o, blanks: _b, ...cols } = q
  await tx.insert(question).values({
    ...cols,
    id,
    tenantId: actor.tenantId,
    createUser: actor.userId,
    createDept: actor.deptIds[0] ?? null,
    createTime: stamp,
    updateUser: actor.userId,
    updateTime: stamp,
  })
  await writeChildren(tx, actor.tenantId, id, q)
  return id
}

/** Options and blanks of many questions at once (one query each), keyed by question id. */
export async function childrenOf(db: Reader, ids: string[]) {
  const options = new Map<string, FullQuestion['options']>()
  const blanks = new Map<string, string[][]>()
  if (!ids.length) return { options, blanks }
  const opts = await db
    .select()
    .from(questionOption)
    .where(inArray(questionOption.questionId, ids))
    .orderBy(asc(questionOption.sort))
  for (const o of opts) {
    if (!options.has(o.questionId)) options.set(o.questionId, [])
    options
      .get(o.questionId)!
      .push({ id: o.id, label: o.label, content: o.content, isCorrect: o.isCorrect, fraction: o.fraction })
  }
  const bl = await db
    .select()
    .from(questionBlank)
    .where(inArray(questionBlank.questionId, ids))
    .orderBy(asc(questionBlank.blankNo), asc(questionBlank.sort))
  for (const b of bl) {
    if (!blanks.has(b.questionId)) blanks.set(b.questionId, [])
    const list = blanks.get(b.questionId)!
    ;(list[b.blankNo] ??= []).push(b.answer)
  }
  return { options, blanks }
}

export async function withChildren(db: Reader, rows: QuestionRow[]): Promise<FullQuestion[]> {
  const { options, blanks } = await childrenOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({ ...r, options: options.get(r.id) ?? [], blanks: blanks.get(r.id) ?? [] }))
}

export const answerKey = (q: FullQuestion, points: number): AnswerKey => ({
  type: q.type,
  points,
  options: q.options,
  blanks: q.blanks,
})

/**
 * What a learner may see of a question while answering: no correct flags,
 * no accepted answers, no analysis; the number of blanks stays.
 */
export const learnerView = (q: FullQuestion) => ({
  id: q.id,
  type: q.type,
  hard: q.hard,
  title: q.title,
  content: q.content,
  cover: q.cover,
  experimentId: q.experimentId,
  options: q.options.map(({ id, label, content }) => ({ id, label, content })),
  blankCount: q.blanks.length,
})
