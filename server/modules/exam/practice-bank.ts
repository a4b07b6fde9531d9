/**
 * The practice bank as learners meet it (portal, /api/nep-wbp): the live
 * questions of the caller's tenant, without their keys until answered; a check
 * answers the grade, the key and the analysis, and a wrong objective answer
 * lands in the caller's wrong-answer book. The declared practice actions
 * (practice.ts, favourites.ts, wrong-answers.ts, practice-teams.ts) share what
 * is here.
 *
 * Questions whose key is held (key-visibility.ts: on an exam whose results are
 * not released) are left out of practice lists and refused where a key or a
 * verdict would be answered: practice must not become a way to read an exam's
 * answers.
 */
import { Type } from '@sinclair/typebox'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { question, questionCollect, questionError } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineMessages } from '../../lib/messages.ts'
import { first } from '../../lib/rows.ts'
import { ownRows, publicRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { grade, isObjective, isResponseShape, QuestionType, type Response } from './grading.ts'
import { answerKey, learnerView, withChildren, type FullQuestion } from './question-store.ts'
import { shuffled } from './sitting.ts'
import { keyRule, type KeyRule } from './key-visibility.ts'

defineMessages({
  'practice.questionId': { zh: '请选择题目', en: 'please choose a question' },
  'practice.notMember': { zh: '你不是该团队的成员', en: 'you are not a member of this team' },
  'practice.requires': {
    zh: '请按题型（1–5）、难度（1–3，可不填）和数量（1–100）填写组卷要求，总数不超过 200',
    en: 'give requirements as type (1–5), difficulty (1–3, optional) and number (1–100), at most 200 questions in all',
  },
  'practice.answer': { zh: '答案格式无效', en: 'the answer is not valid' },
  'practice.type': { zh: '题型必须是 1 到 5', en: 'the type must be 1 to 5' },
})

const ID = /^\d{1,20}$/

/**
 * Request fields of the practice actions, as their checks below read them: a question id comes as text or a
 * number (its form is checked with practice.questionId), an answer in any of the response shapes grading.ts
 * knows (checked with practice.answer). A query value is always text.
 */
export const fields = {
  questionId: Type.Optional(
    Type.Union([Type.String(), Type.Number()], { description: 'question id', error: 'practice.questionId' }),
  ),
  answer: Type.Optional(
    Type.Unknown({ description: 'option ids (choice, judgement), blank texts (fill-in) or text (short answer)' }),
  ),
  text: (description: string) => Type.Optional(Type.String({ description })),
  paging: {
    current: Type.Optional(Type.String({ description: 'page, from 1' })),
    size: Type.Optional(Type.String({ description: 'rows a page (default 10, at most 200)' })),
  },
}

export function questionIdOf(v: unknown, field = 'questionId'): string {
  const id = String(v ?? '')
  if (!ID.test(id)) throw badRequest('practice.questionId', { field }, field)
  return id
}

export function responseOf(a: unknown): Response {
  // Practice accepts no answer at all; an exam save always carries one (sitting.ts).
  if (a !== null && a !== undefined && !isResponseShape(a))
    throw badRequest('practice.answer', { field: 'answer' }, 'answer')
  return a as Response
}

/** The live bank of the caller's tenant: what every learner may practise. */
export const live = (ctx: Ctx) =>
  and(
    publicRows(question, ctx.actor.tenantId, { why: 'the live bank is open to every learner for practice' }),
    eq(question.status, 1),
  )

/** A live question of the caller's tenant with options and blanks, or 404. */
export async function bankQuestion(ctx: Ctx, id: string): Promise<FullQuestion> {
  const row = await first(
    ctx.db
      .select()
      .from(question)
      .where(and(live(ctx), eq(question.id, id))),
  )
  if (!row) throw notFound()
  return (await withChildren(ctx.db, [row]))[0]
}

/** What a learner sees after answering: the key and the analysis. */
export const revealed = (q: FullQuestion) => ({
  ...learnerView(q),
  analysis: q.analysis,
  score: q.score,
  correctOptionIds: q.options.filter((o) => o.isCorrect === 1).map((o) => o.id),
  blanks: q.blanks,
  referenceAnswer: q.type === QuestionType.short ? q.answer : null,
})

/** Which of these questions are the caller's favourites. */
export async function collectedOf(ctx: Ctx, ids: string[]) {
  if (!ids.length) return new Set<string>()
  const rows = await ctx.db
    .select({ id: questionCollect.questionId })
    .from(questionCollect)
    .where(and(ownRows(questionCollect, ctx), inArray(questionCollect.questionId, ids)))
  return new Set(rows.map((r) => r.id))
}

/** Learner views of full questions, each flagged when it is a favourite. */
export async function forLearner(ctx: Ctx, qs: FullQuestion[]) {
  const fav = await collectedOf(
    ctx,
    qs.map((q) => q.id),
  )
  return qs.map((q) => ({ ...learnerView(q), score: q.score, collected: fav.has(q.id) }))
}

/** Records (or refreshes) a wrong answer in the caller's book. */
export async function recordError(ctx: Ctx, questionId: string, answer: Response) {
  const stamp = now()
  await ctx.db
    .insert(questionError)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      userId: ctx.actor.userId,
      questionId,
      lastAnswer: JSON.stringify(answer ?? null),
      times: 1,
      updateTime: stamp,
    })
    .onConflictDoUpdate({
      target: [questionError.userId, questionError.questionId],
      set: { lastAnswer: JSON.stringify(answer ?? null), times: sql`${questionError.times} + 1`, updateTime: stamp },
    })
}

/** A held question answers neither its key nor whether an answer to it is right. */
export function refuseHeld(rule: KeyRule, id: string) {
  if (rule.held.has(id)) throw new ApiError(403, 'exam.keyClosed')
}

/** Checks one practice answer: grade, key and analysis; a wrong objective answer goes to the wrong-answer book. */
export async function checkAnswer(ctx: Ctx, body: Record<string, unknown>, rule: KeyRule) {
  const id = questionIdOf(body.questionId)
  const answer = responseOf(body.answer)
  refuseHeld(rule, id)
  const q = await bankQuestion(ctx, id)
  const g = grade(answerKey(q, q.score), answer)
  if (isObjective(q.type) && g.correct !== 1) await recordError(ctx, q.id, answer)
  return { questionId: q.id, points: q.score, ...g, question: revealed(q) }
}

/** A paper by requirement: per type (and difficulty) a number of questions drawn at random; a shortfall is reported, not hidden. */
export async function byRequirement(ctx: Ctx, body: Record<string, unknown>) {
  const raw = Array.isArray(body.requires) ? body.requires : null
  const bad = () => badRequest('practice.requires', { field: 'requires' }, 'requires')
  if (!raw?.length || raw.length > 15) throw bad()
  const requires = raw.map((r) => {
    const x = (r ?? {}) as Record<string, unknown>
    const type = Number(x.type),
      number = Number(x.number)
    const hard = x.hard === undefined || x.hard === null || x.hard === '' ? null : Number(x.hard)
    if (
      !Number.isInteger(type) ||
      type < 1 ||
      type > 5 ||
      !Number.isInteger(number) ||
      number < 1 ||
      number > 100 ||
      (hard !== null && (!Number.isInteger(hard) || hard < 1 || hard > 3))
    )
      throw bad()
    return { type, hard, number }
  })
  if (requires.reduce((t, r) => t + r.number, 0) > 200) throw bad()
  const rule = await keyRule(ctx)
  const picked: string[] = []
  const shortfall: { type: number; hard: number | null; wanted: number; available: number }[] = []
  for (const r of requires) {
    const pool = (
      await ctx.db
        .select({ id: question.id })
        .from(question)
        .where(
          and(
            live(ctx),
            rule.notHeld(question.id),
            eq(question.type, r.type),
            r.hard === null ? undefined : eq(question.hard, r.hard),
          ),
        )
    )
      .map((x) => x.id)
      .filter((id) => !picked.includes(id))
    const drawn = shuffled(pool, Math.random).slice(0, r.number)
    if (drawn.length < r.number)
      shortfall.push({ type: r.type, hard: r.hard, wanted: r.number, available: drawn.length })
    picked.push(...drawn)
  }
  const rows = picked.length ? await ctx.db.select().from(question).where(inArray(question.id, picked)) : []
  const full = await withChildren(
    ctx.db,
    picked.map((id) => rows.find((r) => r.id === id)!),
  )
  return { questions: await forLearner(ctx, full), shortfall, total: full.reduce((t, q) => t + q.score, 0) }
}

/** Live questions by id, in the order given (ids no longer in the bank drop out), with options and blanks. */
export async function pagedQuestions(ctx: Ctx, ids: string[]) {
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(question)
        .where(and(live(ctx), inArray(question.id, ids)))
    : []
  return withChildren(
    ctx.db,
    ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined),
  )
}
