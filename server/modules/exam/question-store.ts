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
  await insertChildren(tx, tenantId, [{ id: questionId, q }])
}

/**
 * Options and blanks of new questions, one multi-row INSERT each (in statements of at most CHILD_ROWS rows): one
 * round trip per table rather than one per row, which on PostgreSQL is what a 5,000-question import costs.
 */
async function insertChildren(
  tx: Tx,
  tenantId: string,
  qs: { id: string; q: Pick<QuestionInput, 'options' | 'blanks'> }[],
) {
  const options = qs.flatMap(({ id: questionId, q }) =>
    q.options.map((o, i) => ({
      id: o.id ?? newId(),
      tenantId,
      questionId,
      label: labelOf(i),
      content: o.content,
      isCorrect: o.isCorrect ? 1 : 0,
      fraction: o.fraction ?? null,
      sort: i,
    })),
  )
  const blanks = qs.flatMap(({ id: questionId, q }) =>
    q.blanks.flatMap((alts, blankNo) =>
      alts.map((answer, sort) => ({ id: newId(), tenantId, questionId, blankNo, answer, sort })),
    ),
  )
  for (let k = 0; k < options.length; k += CHILD_ROWS)
    await tx.insert(questionOption).values(options.slice(k, k + CHILD_ROWS))
  for (let k = 0; k < blanks.length; k += CHILD_ROWS)
    await tx.insert(questionBlank).values(blanks.slice(k, k + CHILD_ROWS))
}

/** Rows per multi-row INSERT: well under both engines' bound-parameter limits (8 columns a row). */
const CHILD_ROWS = 500

/** Inserts a whole question (import, seed) inside the caller's transaction. */
export async function insertQuestion(
  tx: Tx,
  actor: Pick<Actor, 'tenantId' | 'userId' | 'deptIds'>,
  q: QuestionInput,
): Promise<string> {
  return (await insertQuestions(tx, actor, [q]))[0]
}

/** Inserts whole questions (an import's slice) inside the caller's transaction: three statements, not one a row. */
export async function insertQuestions(
  tx: Tx,
  actor: Pick<Actor, 'tenantId' | 'userId' | 'deptIds'>,
  qs: QuestionInput[],
): Promise<string[]> {
  if (!qs.length) return []
  const stamp = now()
  const rows = qs.map((q) => {
    const { options: _o, blanks: _b, ...cols } = q
    return {
      ...cols,
      id: newId(),
      tenantId: actor.tenantId,
      createUser: actor.userId,
      createDept: actor.deptIds[0] ?? null,
      createTime: stamp,
      updateUser: actor.userId,
      updateTime: stamp,
    }
  })
  await tx.insert(question).values(rows)
  await insertChildren(
    tx,
    actor.tenantId,
    rows.map((r, i) => ({ id: r.id, q: qs[i] })),
  )
  return rows.map((r) => r.id)
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
