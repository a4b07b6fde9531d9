import { Type } from '@sinclair/typebox'
import { question } from '../../../db/schema/index.ts'
import { questionFields } from '../../../db/fields/exam.ts'
import { defineResource, type Write } from '../../lib/resource.ts'
import { normaliseQuestion, type QuestionInput } from './question-input.ts'
import { childrenOf, withChildren, writeChildren } from './question-store.ts'

/** The structured parts a submit carries beside the columns; moved out of the row in beforeWrite and written in afterWrite. */
const pending = new WeakMap<Write, Pick<QuestionInput, 'options' | 'blanks'>>()

export const questionResource = defineResource({
  table: question,
  path: '/api/hm-question/question',
  code: 'exam:question',
  search: ['content', 'title', 'courseName'],
  filters: ['type', 'hard', 'bankType', 'createUser'],
  dates: ['createTime'],
  fields: questionFields,
  body: {
    options: Type.Array(
      Type.Object({
        id: Type.Optional(Type.String()),
        content: Type.String(),
        isCorrect: Type.Union([Type.Boolean(), Type.Integer()]),
        fraction: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
      }),
    ),
    blanks: Type.Array(Type.Union([Type.Array(Type.String()), Type.String()])),
  },
  // Staff detail: the row with its options (correct flags) and accepted blanks.
  read: { on: ['detail'], rows: (ctx, rows) => withChildren(ctx.db, rows as (typeof question.$inferSelect)[]) },
  async beforeWrite(ctx, w) {
    if (w.op === 'remove') return
    const stored = w.before[0]
    const merged: Record<string, unknown> = { ...stored, ...w.values }
    // An edit that leaves out the options or blanks keeps the stored ones.
    if (stored && (w.values.options === undefined || w.values.blanks === undefined)) {
      const { options, blanks } = await childrenOf(ctx.db, [stored.id])
      merged.options ??= options.get(stored.id) ?? []
      merged.blanks ??= blanks.get(stored.id) ?? []
    }
    const q = normaliseQuestion(merged)
    const { options, blanks, ...cols } = q
    delete w.values.options
    delete w.values.blanks
    Object.assign(w.values, cols)
    pending.set(w, { options, blanks })
  },
  async afterWrite(ctx, w, tx) {
    const children = pending.get(w)
    if (children) await writeChildren(tx, ctx.actor.tenantId, w.values.id as string, children)
  },
})
