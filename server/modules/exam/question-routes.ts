/**
 * The question bank's routes: the resource's generated ones and the bank file
 * import/export. Apart from question.ts (the resource) so that question-import.ts
 * can read through the resource without an import cycle (issue #26).
 */
import { Elysia, t } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { filesOf } from '../resource/files.ts'
import { formatOf, type Format } from './question-formats.ts'
import { checkFormat, exportQuestions, importQuestions } from './question-import.ts'
import { questionResource } from './question.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { body as bodyOf, query as queryOf, text } from '../../lib/request-schema.ts'

const EXPORT_TYPES: Record<Format, string> = {
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
  moodle: 'application/xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** What an import takes beside the file, as a form field or a query parameter. */
const importFields = {
  format: text('json, csv, xlsx or moodle; from the file name when left out'),
  dryRun: text('1 or true: only check the file'),
  skipInvalid: text('1 or true: store the valid questions of a file that also has refused ones'),
}

export const questionRoutes = (s: Services) =>
  handWritten(
    'question bank files in and out: a multipart import (JSON, xlsx, Moodle XML) and the exported files',
    questionRoutesPlugin(s),
  )

const questionRoutesPlugin = (s: Services) =>
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
        {
          perm: 'exam:question:import',
          query: queryOf(importFields),
          body: bodyOf({
            // The handler's own answer to a missing file, so the schema refuses what it did, with its words.
            file: t.Optional(t.File({ description: 'the bank file', error: 'validation.required' })),
            ...importFields,
          }),
        },
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
        {
          perm: 'exam:question:export',
          query: queryOf({
            format: text('json (default), csv, xlsx or moodle'),
            ids: text('the questions, comma-separated; the whole bank the caller may list when left out'),
          }),
        },
      ),
  )
