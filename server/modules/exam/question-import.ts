import { and, asc, inArray } from 'drizzle-orm'
import { question } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { defineMessages, t as say } from '../../lib/messages.ts'
import { requirePermission } from '../../lib/permissions.ts'
import { type Format, parseFile, type SourceRow, writeFile } from './question-formats.ts'
import { normaliseQuestion, reasonOf, type QuestionInput } from './question-input.ts'
import { insertQuestion, withChildren } from './question-store.ts'
import { questionResource } from './question.ts'

defineMessages({
  'import.badFile': { zh: '无法读取 {format} 文件', en: 'cannot read the {format} file' },
  'import.header': { zh: '缺少表头列：{columns}', en: 'missing header columns: {columns}' },
  'import.notObject': { zh: '该项不是一个题目对象', en: 'this item is not a question object' },
  'import.moodleType': { zh: '不支持的 Moodle 题型：{type}', en: 'unsupported Moodle question type: {type}' },
  'import.empty': { zh: '文件中没有题目', en: 'the file holds no questions' },
  'import.tooMany': { zh: '一次最多导入 {max} 道题', en: 'at most {max} questions per import' },
  'import.format': {
    zh: '文件格式必须是 json、csv、xlsx 或 Moodle XML（.xml）',
    en: 'the format must be json, csv, xlsx or Moodle XML (.xml)',
  },
  'import.rowReason': { zh: '{field}：{reason}', en: '{field}: {reason}' },
})

export const IMPORT_MAX = 5000

export interface ImportError {
  line: number
  field?: string
  reason: string
}
export interface ImportReport {
  format: Format
  total: number
  imported: number
  dryRun: boolean
  errors: ImportError[]
  /** The first rows as they would be stored, for the back office's preview. */
  preview: QuestionInput[]
}

/**
 * Imports a question file into the caller's bank in ONE transaction: every row
 * is checked first; if any is rejected, nothing is stored and every rejected
 * row is reported with its line and reason. `onProgress` lets the CLI draw a bar.
 */
export async function importQuestions(
  ctx: Ctx,
  format: Format,
  bytes: Uint8Array,
  o: { dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportReport> {
  await requirePermission(ctx, 'exam:question:import', '', '')
  const rows: SourceRow[] = await parseFile(format, bytes)
  const errors: ImportError[] = []
  const good: QuestionInput[] = []
  if (!rows.length) errors.push({ line: 1, reason: say(ctx.lang, 'import.empty') })
  if (rows.length > IMPORT_MAX) errors.push({ line: 1, reason: say(ctx.lang, 'import.tooMany', { max: IMPORT_MAX }) })
  for (const [i, r] of rows.entries()) {
    // Checking is the long part of a big file: let a progress bar draw between batches.
    if (o.onProgress && i % 250 === 0) await new Promise((resolve) => setImmediate(resolve))
    if ('error' in r) errors.push({ line: r.line, reason: say(ctx.lang, r.error, r.params) })
    else {
      try {
        good.push(normaliseQuestion(r.raw))
      } catch (e) {
        const why = reasonOf(e)
        errors.push({ line: r.line, field: why.field, reason: say(ctx.lang, why.key, why.params) })
      }
    }
    o.onProgress?.(i + 1, rows.length * 2)
  }
  const report: ImportReport = {
    format,
    total: rows.length,
    imported: 0,
    dryRun: !!o.dryRun,
    errors,
    preview: good.slice(0, 5),
  }
  if (errors.length || o.dryRun) return report
  const actor = { tenantId: ctx.actor.tenantId, userId: ctx.actor.userId, deptIds: ctx.actor.deptIds }
  ctx.db.transaction((tx) => {
    good.forEach((q, i) => {
      insertQuestion(tx, actor, q)
      o.onProgress?.(rows.length + i + 1, rows.length * 2)
    })
  })
  return { ...report, imported: good.length }
}

/** The caller's bank (or the given ids) in the file format, oldest first so a re-import keeps the order. */
export async function exportQuestions(ctx: Ctx, format: Format, ids?: string[]): Promise<Uint8Array> {
  await requirePermission(ctx, 'exam:question:export', '', '')
  const rows = await ctx.db
    .select()
    .from(question)
    .where(and(await questionResource.scope(ctx), ids?.length ? inArray(question.id, ids) : undefined))
    .orderBy(asc(question.id))
  const full = await withChildren(ctx.db, rows)
  return writeFile(
    format,
    full.map((q) => ({
      ...q,
      options: q.options.map((o) => ({ content: o.content, isCorrect: o.isCorrect === 1 })),
    })),
  )
}

export function checkFormat(v: unknown): Format {
  const f = String(v ?? '').toLowerCase()
  const format = f === 'xml' ? 'moodle' : f
  if (!['json', 'csv', 'xlsx', 'moodle'].includes(format))
    throw badRequest('import.format', { field: 'format' }, 'format')
  return format as Format
}
