import { Type } from '@sinclair/typebox'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { paper, paperQuestion, question } from '../../../db/schema/index.ts'
import { paperFields } from '../../../db/fields/exam.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource, type Write } from '../../lib/resource.ts'
import type { Query } from '../../lib/resource-types.ts'
import { withChildren } from './question-store.ts'
import { questionResource } from './question.ts'

/** An optional text parameter, as every query value arrives. */
const text = (description: string) => Type.Optional(Type.String({ description }))

defineMessages({
  'paper.questions': {
    zh: '试题无效：每道题须是本租户题库中的题目，分值 0 到 1000，且不能重复',
    en: 'invalid questions: each must be a question of this bank, with points from 0 to 1000, and not repeated',
  },
})

type PaperItem = { questionId: string; score: number }
const pending = new WeakMap<Write, PaperItem[]>()

/** Checks a paper's question list against the caller's bank. */
async function checkItems(ctx: Ctx, raw: unknown): Promise<PaperItem[]> {
  const list = Array.isArray(raw) ? raw : []
  const items = list.map((r) => ({
    questionId: String((r as PaperItem)?.questionId ?? ''),
    score: Number((r as PaperItem)?.score),
  }))
  const ids = items.map((i) => i.questionId)
  const bad = () => badRequest('paper.questions', { field: 'questions' }, 'questions')
  if (
    new Set(ids).size !== ids.length ||
    items.some((i) => !/^\d{1,20}$/.test(i.questionId) || !Number.isFinite(i.score) || i.score < 0 || i.score > 1000)
  )
    throw bad()
  if (ids.length) {
    const found = await ctx.db
      .select({ id: question.id })
      .from(question)
      .where(and(await questionResource.scope(ctx), inArray(question.id, ids)))
    if (found.length !== ids.length) throw bad()
  }
  return items
}

export const paperResource = defineResource({
  table: paper,
  path: '/api/hm-paper/paper',
  code: 'exam:paper',
  search: ['name'],
  filters: ['type', 'status'],
  fields: paperFields,
  body: { questions: Type.Array(Type.Object({ questionId: Type.String(), score: Type.Number() })) },
  // The detail carries the paper's questions in order, with their points.
  read: {
    on: ['detail'],
    rows: async (ctx, rows) =>
      Promise.all(rows.map(async (row) => ({ ...row, questions: await paperQuestions(ctx, row.id as string) }))),
  },
  actions: {
    // The exam form's paper picker: the list's filters, answered as names only (GET ?name=&type=&status=).
    getPaperNameList: {
      method: 'GET',
      button: 'exam:paper',
      body: { name: text('contains'), type: text('paper type'), status: text('status') },
      run: (ctx, { query }) => paperNames(ctx, query),
    },
    // "paperQuestion by paper id" (spec): the contract files it under paperQuestion; `id` is taken as well.
    getPaperQuestion: {
      method: 'GET',
      path: '/api/hm-paper/paperQuestion/getPaperQuestion',
      button: 'exam:paper',
      body: { paperId: text('paper'), id: text('paper (as id)') },
      run: (ctx, { query }) => questionsOfPaper(ctx, query),
    },
  },
  async beforeWrite(ctx, w) {
    if (w.op === 'remove' || w.values.questions === undefined) {
      delete w.values.questions
      return
    }
    const items = await checkItems(ctx, w.values.questions)
    delete w.values.questions
    // The total is always the sum of the points: never typed in, never stale.
    w.values.score = Math.round(items.reduce((s, i) => s + i.score, 0) * 100) / 100
    pending.set(w, items)
  },
  async afterWrite(ctx, w, tx) {
    const items = pending.get(w)
    if (!items) return
    const paperId = w.values.id as string
    await tx.delete(paperQuestion).where(eq(paperQuestion.paperId, paperId))
    // One multi-row INSERT: a round trip per question adds up on PostgreSQL.
    if (items.length)
      await tx.insert(paperQuestion).values(
        items.map((i, sort) => ({
          id: newId(),
          tenantId: ctx.actor.tenantId,
          paperId,
          questionId: i.questionId,
          score: i.score,
          sort,
        })),
      )
  },
})

/** A paper's questions in order with their points and full content (answer key included: staff only). */
export async function paperQuestions(ctx: Pick<Ctx, 'db'>, paperId: string) {
  const rows = await ctx.db
    .select({ q: question, score: paperQuestion.score, sort: paperQuestion.sort })
    .from(paperQuestion)
    .innerJoin(question, eq(question.id, paperQuestion.questionId))
    .where(eq(paperQuestion.paperId, paperId))
    .orderBy(asc(paperQuestion.sort))
  const full = await withChildren(
    ctx.db,
    rows.map((r) => r.q),
  )
  return full.map((q, i) => ({ ...q, points: rows[i].score }))
}

/** The exam form's paper picker: names (and type, total) of the papers the caller may list, filtered as the list is. */
async function paperNames(ctx: Ctx, q: Query): Promise<{ id: string; name: string; type: number; score: number }[]> {
  const rows = await paperResource.ops.all(ctx, q)
  return rows.map((p) => ({ id: p.id, name: p.name, type: p.type, score: p.score }))
}

/** A paper's questions with their points, the paper read as its detail is (so the same code, scope and 404). */
async function questionsOfPaper(ctx: Ctx, q: Query): Promise<Awaited<ReturnType<typeof paperQuestions>>> {
  const row = await paperResource.ops.detail(ctx, q.paperId ?? q.id)
  return paperQuestions(ctx, row.id)
}
