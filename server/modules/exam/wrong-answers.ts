/**
 * A learner's wrong-answer book (log_user_question rows, one per learner and question with the last wrong answer
 * and how often): filled by practice checks (practice-bank.ts) or saved by the page, listed with the key and the
 * analysis, emptied question by question. Every call reaches the caller's own rows only (ownRows); a question an
 * exam still holds (key-visibility.ts) stays out of the list. Declared as actions of the practice resource
 * (practice.ts) at the contract's logUserQuestion paths.
 */
import { and, desc, eq } from 'drizzle-orm'
import { question, questionError } from '../../../db/schema/index.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import type { Actions } from '../../lib/resource.ts'
import { ownRows } from '../../lib/tenant-rows.ts'
import { keyRule } from './key-visibility.ts'
import {
  bankQuestion,
  fields,
  pagedQuestions,
  questionIdOf,
  recordError,
  responseOf,
  revealed,
} from './practice-bank.ts'

const AT = '/api/nep-wbp/logUserQuestion'

export const wrongAnswerActions = {
  saveErrorQuestion: {
    path: `${AT}/saveErrorQuestion`,
    button: SIGNED_IN,
    body: { questionId: fields.questionId, answer: fields.answer },
    run: async (ctx, { body }) => {
      const q = await bankQuestion(ctx, questionIdOf(body.questionId))
      await recordError(ctx, q.id, responseOf(body.answer))
      return true
    },
  },
  // The book: each question with the key, the analysis and the learner's last wrong answer.
  showErrorQuestion: {
    method: 'GET',
    path: `${AT}/showErrorQuestion`,
    button: SIGNED_IN,
    body: fields.paging,
    run: async (ctx, { query }) => {
      const { current, size, offset } = parsePaging(query)
      const where = and(ownRows(questionError, ctx), (await keyRule(ctx)).notHeld(questionError.questionId))
      const orderBy = [desc(questionError.updateTime), desc(questionError.id)]
      const { rows, total } = await pageRows(ctx.db, { table: questionError, where, orderBy }, size, offset)
      const qs = await pagedQuestions(
        ctx,
        rows.map((r) => r.questionId),
      )
      return pageOf(
        qs.map((q) => {
          const e = rows.find((r) => r.questionId === q.id)!
          return { ...revealed(q), lastAnswer: JSON.parse(e.lastAnswer), times: e.times, updateTime: e.updateTime }
        }),
        total,
        current,
        size,
      )
    },
  },
  removeErrorQuestion: {
    method: 'GET',
    path: `${AT}/removeErrorQuestion`,
    button: SIGNED_IN,
    body: { questionId: fields.text('question') },
    run: async (ctx, { query }) => {
      const id = questionIdOf(query.questionId)
      await ctx.db.delete(questionError).where(and(ownRows(questionError, ctx), eq(questionError.questionId, id)))
      return true
    },
  },
} satisfies Actions<typeof question>
