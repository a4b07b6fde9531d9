import { Elysia } from 'elysia'
import { Type } from '@sinclair/typebox'
import { and, eq } from 'drizzle-orm'
import { question } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
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
  messages: { content: 'question.content', type: 'question.type' },
  fields: {
    options: Type.Array(Type.Object({ id: Type.Optional(Type.String()), content: Type.String(), isCorrect: Type.Union([Type.Boolean(), Type.Integer()]) })),
    blanks: Type.Array(Type.Union([Type.Array(Type.String()), Type.String()])),
  },
  skip: ['detail'],
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
  afterWrite(ctx, w, tx) {
    const children = pending.get(w)
    if (children) writeChildren(tx, ctx.actor.tenantId, w.values.id as string, children)
  },
})

export const questionRoutes = (s: Services) =>
  new Elysia()
    .use(questionResource.routes(s))
    .use(new Elysia({ prefix: questionResource.options.path })
      .use(authContext(s))
      // Staff detail: the row with its options (correct flags) and accepted blanks.
      .get('/detail', async ({ ctx, query }) => {
        const row = await questionResource.ops.detail(ctx, query.id)
        const [full] = await withChildren(ctx.db, [row])
        return ok(ctx, full)
      }, { perm: questionResource.perms.detail }))

/** A question of the caller's tenant, live, or undefined. */
export const findQuestion = (db: Services['db'], tenantId: string, id: string) =>
  db.select().from(question).where(and(eq(question.id, id), eq(question.tenantId, tenantId), eq(question.isDeleted, 0))).get()
