/**
 * A learner's favourite questions (user_question_collect rows): saved from the bank, listed with the bank's
 * question and when it was saved, cancelled. Every call reaches the caller's own rows only (ownRows).
 * Declared as actions of the practice resource (practice.ts) at the contract's userQuestionCollect paths.
 */
import { and, desc, eq } from 'drizzle-orm'
import { question, questionCollect } from '../../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import type { Actions } from '../../lib/resource.ts'
import { ownRows } from '../../lib/tenant-rows.ts'
import { now } from '../../lib/time.ts'
import { bankQuestion, fields, forLearner, pagedQuestions, questionIdOf } from './practice-bank.ts'

const AT = '/api/nep-wbp/userQuestionCollect'

export const favouriteActions = {
  // Saving twice keeps one row (the unique index on learner and question).
  saveQuestionCollect: {
    path: `${AT}/saveQuestionCollect`,
    button: SIGNED_IN,
    body: { questionId: fields.questionId },
    run: async (ctx, { body }) => {
      const q = await bankQuestion(ctx, questionIdOf(body.questionId))
      await ctx.db
        .insert(questionCollect)
        .values({
          id: newId(),
          tenantId: ctx.actor.tenantId,
          userId: ctx.actor.userId,
          questionId: q.id,
          createTime: now(),
        })
        .onConflictDoNothing()
      return true
    },
  },
  cancelQuestionCollect: {
    method: 'GET',
    path: `${AT}/cancelQuestionCollect`,
    button: SIGNED_IN,
    body: { questionId: fields.text('question') },
    run: async (ctx, { query }) => {
      const id = questionIdOf(query.questionId)
      await ctx.db.delete(questionCollect).where(and(ownRows(questionCollect, ctx), eq(questionCollect.questionId, id)))
      return true
    },
  },
  lookQuestionCollects: {
    method: 'GET',
    path: `${AT}/lookQuestionCollects`,
    button: SIGNED_IN,
    body: fields.paging,
    run: async (ctx, { query }) => {
      const { current, size, offset } = parsePaging(query)
      const orderBy = [desc(questionCollect.createTime), desc(questionCollect.id)]
      const { rows, total } = await pageRows(
        ctx.db,
        { table: questionCollect, where: ownRows(questionCollect, ctx), orderBy },
        size,
        offset,
      )
      const qs = await forLearner(
        ctx,
        await pagedQuestions(
          ctx,
          rows.map((r) => r.questionId),
        ),
      )
      return pageOf(
        qs.map((q) => ({ ...q, collectTime: rows.find((r) => r.questionId === q.id)?.createTime })),
        total,
        current,
        size,
      )
    },
  },
} satisfies Actions<typeof question>
