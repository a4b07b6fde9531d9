import { Elysia } from 'elysia'
import { Type } from '@sinclair/typebox'
import { question } from '../../../db/schema/index.ts'
import { questionFields } from '../../../db/fields/exam.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { defineResource, type Write } from '../../lib/resource.ts'
import { normaliseQuestion, type QuestionInput } from './question-input.ts'
import { badRequest } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { formatOf, type Format } from './question-formats.ts'
import { checkFormat, exportQuestions, importQuestions } from './question-import.ts'

const EXPORT_TYPES: Record<Format, string> = {
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
  moodle: 'application/xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}
import { childrenOf, withChildren, writeChildren } from './question-store.ts'
import { filesOf } from '../resource/files.ts'

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
  afterWrite(ctx, w, tx) {
    const children = pending.get(w)
    if (children) writeChildren(tx, ctx.actor.tenantId, w.values.id as string, children)
  },
})

export const questionRoutes = (s: Services) =>
  new Elysia().use(questionResource.routes(s)).use(
    new Elysia({ prefix: questionResource.options.path })
      .use(authContext(s))
      // Upload a bank file: multipart `file` (format from its extension unless `format` is given), `dryRun=1` only
      // checks, `skipInvalid=1` stores the valid questions of a file that also has refused ones.
      .post(
        '/import',
        async ({ ctx, body, query }) => {
          const b = (body ?? {}) as { file?: unknown; format?: string; dryRun?: string; skipInvalid?: string }
          if (!(b.file instanceof Blob)) throw badRequest('validation.required', { field: 'file' }, 'file')
          const name = b.file instanceof File ? b.file.name : ''
          const format = checkFormat(b.format ?? query.format ?? formatOf(name))
          const flag = (v: unknown) => v === '1' || v === 'true'
          const dryRun = [b.dryRun, query.dryRun].some(flag)
          // The teacher's choice after a dry run: store the valid questions, leave the refused ones out.
          const skipInvalid = [b.skipInvalid, query.skipInvalid].some(flag)
          const bytes = new Uint8Array(await b.file.arrayBuffer())
          return ok(ctx, await importQuestions(ctx, format, bytes, { dryRun, skipInvalid, files: filesOf(s) }))
        },
        { perm: 'exam:question:import' },
      )
      .get(
        '/export',
        async ({ ctx, query, set }) => {
          const format = checkFormat(query.format ?? 'json')
          const bytes = await exportQuestions(ctx, format, query.ids ? parseIds(query.ids) : undefined)
          set.headers['content-type'] = EXPORT_TYPES[format]
          set.headers['content-disposition'] =
            `attachment; filename="questions.${format === 'moodle' ? 'xml' : format}"`
          return new Response(new Blob([bytes as BlobPart]))
        },
        { perm: 'exam:question:export' },
      ),
  )
