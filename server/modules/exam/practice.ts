/**
 * Practice for learners (portal, /api/nep-wbp): the tenant's bank by type, in
 * order or at random, answers checked with immediate feedback, papers built by
 * requirement, team question sets, favourites and the wrong-answer book — one
 * resource over the bank whose routes are all declared actions for any
 * signed-in learner, each reaching the live bank (practice-bank.ts) and the
 * caller's own rows only. The contract puts favourites, the wrong-answer book
 * and the team cards under services of their own, so those actions name their
 * whole paths (favourites.ts, wrong-answers.ts, practice-teams.ts).
 */
import { Type } from '@sinclair/typebox'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { question } from '../../../db/schema/index.ts'
import { badRequest } from '../../lib/errors.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { favouriteActions } from './favourites.ts'
import { keyRule } from './key-visibility.ts'
import {
  bankQuestion,
  byRequirement,
  checkAnswer,
  collectedOf,
  fields,
  forLearner,
  live,
  questionIdOf,
  refuseHeld,
  revealed,
} from './practice-bank.ts'
import { teamActions } from './practice-teams.ts'
import { withChildren } from './question-store.ts'
import { wrongAnswerActions } from './wrong-answers.ts'

const refused = () => false as const

export const practiceResource = defineResource({
  table: question,
  path: '/api/nep-wbp/question',
  code: 'exam:question',
  // No generic verbs: learners reach the bank only through the actions below, which leave held keys out.
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  access: { list: refused, detail: refused, add: refused, edit: refused, remove: refused },
  actions: {
    // The bank for practice: by type and difficulty, in order (mode=order, paged) or a random draw (mode=random, `size` questions).
    practice: {
      method: 'GET',
      button: SIGNED_IN,
      body: {
        ...fields.paging,
        type: fields.text('type, 1 to 5'),
        hard: fields.text('difficulty'),
        mode: fields.text('order or random'),
      },
      run: async (ctx, { query }) => {
        const type = query.type ? Number(query.type) : null
        if (type !== null && (!Number.isInteger(type) || type < 1 || type > 5))
          throw badRequest('practice.type', { field: 'type' }, 'type')
        const hard = query.hard ? Number(query.hard) : null
        const cond = and(
          live(ctx),
          (await keyRule(ctx)).notHeld(question.id),
          type ? eq(question.type, type) : undefined,
          hard ? eq(question.hard, hard) : undefined,
        )
        const { current, size, offset } = parsePaging(query)
        // Random practice draws one page afresh each time (no offset), counted over the same bank.
        const { rows, total } =
          query.mode === 'random'
            ? {
                total: (await ctx.db.select({ total: count() }).from(question).where(cond))[0].total,
                rows: await ctx.db
                  .select()
                  .from(question)
                  .where(cond)
                  .orderBy(sql`random()`)
                  .limit(size),
              }
            : await pageRows(ctx.db, { table: question, where: cond, orderBy: [asc(question.id)] }, size, offset)
        const full = await withChildren(ctx.db, rows)
        return pageOf(await forLearner(ctx, full), total, query.mode === 'random' ? 1 : current, size)
      },
    },
    // How many questions of each type (and difficulty) the bank holds: the requirement form's limits.
    typeNumber: {
      method: 'GET',
      button: SIGNED_IN,
      run: async (ctx) =>
        ctx.db
          .select({ type: question.type, hard: question.hard, number: count() })
          .from(question)
          .where(and(live(ctx), (await keyRule(ctx)).notHeld(question.id)))
          .groupBy(question.type, question.hard),
    },
    checkAnswer: {
      button: SIGNED_IN,
      body: { questionId: fields.questionId, answer: fields.answer },
      run: async (ctx, { body }) => checkAnswer(ctx, body, await keyRule(ctx)),
    },
    // A whole practice paper handed in at once (/home/check): the same check per answer, in order.
    checkAnswers: {
      button: SIGNED_IN,
      body: {
        answers: Type.Optional(
          Type.Unknown({ description: 'the answers in order, 1 to 200 of { questionId, answer }' }),
        ),
      },
      run: async (ctx, { body }) => {
        const list = body.answers
        if (!Array.isArray(list) || !list.length || list.length > 200)
          throw badRequest('practice.answer', { field: 'answers' }, 'answers')
        const rule = await keyRule(ctx)
        const out = []
        for (const item of list) out.push(await checkAnswer(ctx, (item ?? {}) as Record<string, unknown>, rule))
        return out
      },
    },
    lookQuestionMes: {
      method: 'GET',
      button: SIGNED_IN,
      body: { questionId: fields.text('question'), id: fields.text('id') },
      run: async (ctx, { query }) => {
        const id = questionIdOf(query.questionId ?? query.id)
        refuseHeld(await keyRule(ctx), id)
        const q = await bankQuestion(ctx, id)
        return { ...revealed(q), collected: (await collectedOf(ctx, [q.id])).has(q.id) }
      },
    },
    toPaperByRequire: {
      button: SIGNED_IN,
      body: {
        requires: Type.Optional(
          Type.Unknown({
            description: '1 to 15 of { type (1–5), hard (1–3, optional), number (1–100) }, 200 questions in all',
          }),
        ),
      },
      run: (ctx, { body }) => byRequirement(ctx, body),
    },
    ...teamActions,
    ...favouriteActions,
    ...wrongAnswerActions,
  },
})
