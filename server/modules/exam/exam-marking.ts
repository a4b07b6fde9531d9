/**
 * What staff do with an exam's sittings: the candidates' list, a sitting's
 * correction sheet, correcting it, and the exam's statistics (also as a workbook). They are actions
 * of the exam resource (resultActions, spread into paper-time.ts): a sitting
 * has no resource of its own, staff reach it through its exam. This file does
 * not import the exam resource (which imports it): the exam look-up is handed
 * in as `managedExam`, the exam detail's code, scope and 404.
 */
import { Type } from '@sinclair/typebox'
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm'
import { dept, paperAnswer, paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Page } from '../../lib/envelope.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import type { Actions } from '../../lib/resource-actions.ts'
import type { Query } from '../../lib/resource-types.ts'
import { richTextToPlain } from '../../lib/rich-text.ts'
import { changed, first } from '../../lib/rows.ts'
import { scope } from '../../lib/scope.ts'
import { now } from '../../lib/time.ts'
import { transact } from '../../lib/transaction.ts'
import { isObjective } from './grading.ts'
import { paperQuestions } from './paper.ts'
import { CORRECTED, finalizeExpired, SUBMITTED, type Exam, type Sitting } from './sitting.ts'
import { statisticsWorkbook } from './statistics-workbook.ts'

defineMessages({
  'exam.uncorrected': {
    zh: '还有 {n} 份试卷未批改，批改完成后才能发布成绩',
    en: '{n} papers are not corrected yet; correct them before distributing results',
  },
  'exam.correctScore': {
    zh: '得分必须在 0 到该题分值之间',
    en: "the score must be between 0 and the question's points",
  },
  'exam.notSubmitted': { zh: '试卷尚未提交，不能批改', en: 'the paper has not been submitted: nothing to correct yet' },
})

/** The exam detail's gate (code, tenant, data scope; 404 otherwise), its expired sittings swept: paper-time.ts. */
export type ExamGate = (ctx: Ctx, id: string | undefined) => Promise<Exam>

const CODE = 'exam:paperTime'
/** Where the contract files an exam's sittings. */
const SITTINGS = '/api/hm-paperTime/paperTimeUser'

const text = (description: string, error?: string) =>
  Type.Optional(Type.String({ description, ...(error ? { error } : {}) }))

/** A sitting whose exam the caller may manage; the sitting is read again after the exam's sweep. */
async function managedSitting(ctx: Ctx, id: unknown, managedExam: ExamGate) {
  const sid = String(id ?? '')
  if (!/^\d{1,20}$/.test(sid)) throw badRequest('validation.id', { field: 'id' }, 'id')
  const s = await first(
    ctx.db
      .select({ paperTimeId: paperTimeUser.paperTimeId })
      .from(paperTimeUser)
      .where(
        and(
          eq(paperTimeUser.id, sid),
          await scope(paperTimeUser, ctx, {
            dataScope: false,
            why: "the sitting's exam is gated next, with the exam list's data scope (managedExam)",
          }),
        ),
      ),
  )
  if (!s) throw notFound()
  const exam = await managedExam(ctx, s.paperTimeId)
  return { exam, sitting: (await first(ctx.db.select().from(paperTimeUser).where(eq(paperTimeUser.id, sid))))! }
}

/** A sitting with every question, the answer given, the key, score and comment: the correction sheet. */
export async function sheet(ctx: Ctx, sittingId: string, paperId: string) {
  const qs = await paperQuestions(ctx, paperId)
  const answers = await ctx.db.select().from(paperAnswer).where(eq(paperAnswer.paperTimeUserId, sittingId))
  const byQ = new Map(answers.map((a) => [a.questionId, a]))
  return qs.map((q) => {
    const a = byQ.get(q.id)
    return {
      ...q,
      given: a && a.answer !== 'null' ? JSON.parse(a.answer) : null,
      score: a?.score ?? null,
      correct: a?.correct ?? null,
      comment: a?.comment ?? null,
      objective: isObjective(q.type),
    }
  })
}

/** The candidates who opened the exam: unfinished first, then the latest submitted; `state` narrows. */
async function sittingsPage(ctx: Ctx, exam: Exam, q: Query): Promise<Page<Sitting>> {
  const { current, size, offset } = parsePaging(q)
  const where = and(
    eq(paperTimeUser.paperTimeId, exam.id),
    q.state ? eq(paperTimeUser.state, Number(q.state)) : undefined,
  )
  const orderBy = [asc(paperTimeUser.state), desc(paperTimeUser.submitTime)]
  const { rows, total } = await pageRows(ctx.db, { table: paperTimeUser, where, orderBy }, size, offset)
  return pageOf(rows, total, current, size)
}

interface Correction {
  questionId: string
  score?: unknown
  comment?: unknown
}

/** Teacher correction: per question a score (subjective; objective ones may be overridden) and a comment; the total follows. */
async function correct(ctx: Ctx, sittingId: unknown, items: Correction[], managedExam: ExamGate): Promise<Sitting> {
  const { sitting } = await managedSitting(ctx, sittingId, managedExam)
  if (sitting.state < SUBMITTED) throw new ApiError(409, 'exam.notSubmitted')
  const qs = await paperQuestions(ctx, sitting.paperId)
  const points = new Map(qs.map((q) => [q.id, q.points]))
  for (const i of items) {
    if (!points.has(String(i.questionId))) throw badRequest('exam.notInPaper', { field: 'questionId' }, 'questionId')
    if (
      i.score !== undefined &&
      i.score !== null &&
      (!Number.isFinite(Number(i.score)) || Number(i.score) < 0 || Number(i.score) > points.get(String(i.questionId))!)
    )
      throw badRequest('exam.correctScore', { field: 'score' }, 'score')
  }
  await transact(ctx, async (tx) => {
    // The sitting's row is written first: a second correction of the same sitting waits here (PostgreSQL) until this
    // one committed, so the totals below are summed from every answer's latest score.
    const claimed = await tx
      .update(paperTimeUser)
      .set({ correctUser: ctx.actor.userId, correctTime: now() })
      .where(and(eq(paperTimeUser.id, sitting.id), gte(paperTimeUser.state, SUBMITTED)))
    if (changed(claimed) !== 1) throw new ApiError(409, 'exam.notSubmitted')
    for (const i of items) {
      const set: Record<string, unknown> = {}
      if (i.score !== undefined && i.score !== null) {
        const sc = Number(i.score),
          max = points.get(String(i.questionId))!
        Object.assign(set, { score: sc, correct: sc >= max ? 1 : sc <= 0 ? 0 : 2 })
      }
      if (i.comment !== undefined) set.comment = i.comment === null ? null : String(i.comment).slice(0, 2000)
      if (Object.keys(set).length)
        await tx
          .update(paperAnswer)
          .set(set)
          .where(and(eq(paperAnswer.paperTimeUserId, sitting.id), eq(paperAnswer.questionId, String(i.questionId))))
    }
    const rows = await tx
      .select({ questionId: paperAnswer.questionId, score: paperAnswer.score })
      .from(paperAnswer)
      .where(eq(paperAnswer.paperTimeUserId, sitting.id))
    const type = new Map(qs.map((q) => [q.id, q.type]))
    const subjective = rows.filter((r) => !isObjective(type.get(r.questionId) ?? 1))
    const objective = rows
      .filter((r) => isObjective(type.get(r.questionId) ?? 1))
      .reduce((t, r) => t + (r.score ?? 0), 0)
    const done = subjective.every((r) => r.score !== null)
    const sub = subjective.reduce((t, r) => t + (r.score ?? 0), 0)
    const r2 = (n: number) => Math.round(n * 100) / 100
    await tx
      .update(paperTimeUser)
      .set({
        objectiveScore: r2(objective),
        subjectiveScore: done ? r2(sub) : null,
        score: done ? r2(objective + sub) : null,
        state: done ? CORRECTED : SUBMITTED,
      })
      .where(eq(paperTimeUser.id, sitting.id))
  })
  return (await first(ctx.db.select().from(paperTimeUser).where(eq(paperTimeUser.id, sitting.id))))!
}

/** Score distribution (10 % bands of the paper total), per-question correct rate, per-class averages. */
export async function statistics(ctx: Ctx, exam: Exam) {
  const sittings = await ctx.db
    .select()
    .from(paperTimeUser)
    .where(and(eq(paperTimeUser.paperTimeId, exam.id), eq(paperTimeUser.state, CORRECTED)))
  const paperIds = [...new Set(exam.paperIds.split(','))]
  const papers = await Promise.all(paperIds.map(async (id) => ({ id, qs: await paperQuestions(ctx, id) })))
  const totals = new Map(papers.map((p) => [p.id, p.qs.reduce((t, q) => t + q.points, 0)]))
  const bands = Array.from({ length: 10 }, (_, i) => ({ band: `${i * 10}-${i === 9 ? 100 : i * 10 + 9}%`, count: 0 }))
  for (const s of sittings) {
    const pct = (totals.get(s.paperId) ?? 0) > 0 ? ((s.score ?? 0) / totals.get(s.paperId)!) * 100 : 0
    bands[Math.min(9, Math.floor(pct / 10))].count++
  }
  const ids = sittings.map((s) => s.id)
  const answers = ids.length
    ? await ctx.db.select().from(paperAnswer).where(inArray(paperAnswer.paperTimeUserId, ids))
    : []
  const questions = papers
    .flatMap((p) => p.qs)
    .filter((q, i, all) => all.findIndex((x) => x.id === q.id) === i)
    .map((q) => {
      const mine = answers.filter((a) => a.questionId === q.id)
      const right = mine.filter((a) => a.correct === 1).length
      return {
        questionId: q.id,
        content: richTextToPlain(q.content).slice(0, 80),
        type: q.type,
        answered: mine.length,
        correctRate: mine.length ? Math.round((right / mine.length) * 1000) / 10 : 0,
      }
    })
  const classIds = [...new Set(sittings.map((s) => s.classId).filter(Boolean))] as string[]
  const names = classIds.length
    ? await ctx.db.select({ id: dept.id, name: dept.deptName }).from(dept).where(inArray(dept.id, classIds))
    : []
  const classes = classIds.map((id) => {
    const mine = sittings.filter((s) => s.classId === id)
    return {
      classId: id,
      className: names.find((n) => n.id === id)?.name ?? id,
      count: mine.length,
      average: Math.round((mine.reduce((t, s) => t + (s.score ?? 0), 0) / mine.length) * 100) / 100,
    }
  })
  const scores = sittings.map((s) => s.score ?? 0)
  return {
    exam: { id: exam.id, title: exam.title },
    sat: sittings.length,
    average: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : 0,
    highest: scores.length ? Math.max(...scores) : 0,
    lowest: scores.length ? Math.min(...scores) : 0,
    distribution: bands,
    questions,
    classes,
    scores: sittings.map((s) => ({
      userName: s.userName,
      classId: s.classId,
      score: s.score,
      submitTime: s.submitTime,
    })),
  }
}

/** The exam's row once its expired sittings are swept (an action's target is the exam as its detail reads it). */
async function swept(ctx: Ctx, exam: Exam): Promise<Exam> {
  await finalizeExpired(ctx.db, { examId: exam.id })
  return exam
}

/**
 * The staff side of an exam's sittings, as actions of the exam resource: the
 * list, the correction sheet (viewScore), correcting, and statistics — each
 * behind the exam list's code (correcting behind its own button) and the exam's
 * scope. Where the contract takes an exam id it is the action's target; a
 * sitting id is looked up within the tenant and gated by its exam.
 */
export const resultActions = (managedExam: ExamGate) =>
  ({
    sittings: {
      method: 'GET',
      path: `${SITTINGS}/list`,
      button: CODE,
      target: { one: 'paperTimeId' },
      verb: 'detail',
      body: {
        current: text('page, from 1'),
        size: text('rows a page (default 10, at most 200)'),
        state: Type.Optional(
          Type.String({ pattern: '^\\d*$', description: '1 answering, 2 to correct, 3 corrected; all when empty' }),
        ),
      },
      run: async (ctx, { rows: [exam], query }) => await sittingsPage(ctx, await swept(ctx, exam), query),
    },
    viewScore: {
      method: 'GET',
      path: `${SITTINGS}/viewScore`,
      button: CODE,
      body: { id: text('sitting') },
      run: async (ctx, { query }) => {
        const { exam, sitting } = await managedSitting(ctx, query.id, managedExam)
        return {
          exam: { id: exam.id, title: exam.title, distributed: exam.distributed },
          sitting,
          questions: await sheet(ctx, sitting.id, sitting.paperId),
        }
      },
    },
    // POST { id: sitting, items: [{ questionId, score?, comment? }] }; scores and comments are checked per item.
    correctingPapers: {
      path: `${SITTINGS}/correctingPapers`,
      button: 'correct',
      body: {
        id: Type.Optional(
          Type.Union([Type.String(), Type.Number()], { description: 'sitting', error: 'validation.id' }),
        ),
        items: Type.Optional(
          Type.Array(
            Type.Object(
              {
                questionId: Type.Union([Type.String(), Type.Number()], { error: 'exam.notInPaper' }),
                score: Type.Optional(Type.Unknown({ description: "0 to the question's points; null leaves it" })),
                comment: Type.Optional(Type.Unknown({ description: 'text, at most 2000 characters; null clears it' })),
              },
              { additionalProperties: true },
            ),
            { description: 'per question: a score and/or a comment' },
          ),
        ),
      },
      run: (ctx, { body }) => correct(ctx, body.id, (body.items as Correction[] | undefined) ?? [], managedExam),
    },
    statistics: {
      method: 'GET',
      button: CODE,
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [exam] }) => statistics(ctx, await swept(ctx, exam)),
    },
    // The same figures as a workbook to download: an action answering a file (a Response goes out as it is).
    exportStatistics: {
      method: 'GET',
      button: CODE,
      target: { one: 'id' },
      verb: 'detail',
      run: async (ctx, { rows: [exam] }) =>
        new Response(
          new Blob([(await statisticsWorkbook(ctx.lang, await statistics(ctx, await swept(ctx, exam)))) as BlobPart]),
          {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': `attachment; filename="exam-${exam.id}.xlsx"`,
            },
          },
        ),
    },
  }) satisfies Actions<typeof paperTime>
