import { and, asc, inArray } from 'drizzle-orm'
import { writeFile as writeTemp, unlink } from 'node:fs/promises'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import { question } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { badRequest } from '../../lib/errors.ts'
import { t as say } from '../../lib/messages.ts'
import { requirePermission } from '../../lib/permissions.ts'
import { withTransaction } from '../../lib/transaction.ts'
import type { FileService } from '../resource/files.ts'
import { checkInWorker, type CheckedRow } from './question-check.ts'
import { type Format, writeFile } from './question-formats.ts'
import { FILE_LINK } from './question-rows.ts'
import type { QuestionInput } from './question-input.ts'
import { insertQuestions, withChildren } from './question-store.ts'
import { questionResource } from './question.ts'
import './question-import-messages.ts'

export const IMPORT_MAX = 5000
/** Embedded files a question may carry (Moodle <file>): media a stem shows or plays, judged by their bytes. */
export const EMBED_TYPES = ['jpg', 'png', 'gif', 'webp', 'mp3', 'wav', 'mp4', 'webm', 'pdf']
export const EMBED_MAX_BYTES = 20 * 1024 * 1024
/** How long one write slice may hold the event loop before the import yields to other requests. */
const SLICE_MS = 4
/**
 * Questions written by one multi-row INSERT (and one for their options, one for their blanks): a statement a row
 * would make a 5,000-question import tens of thousands of round trips on PostgreSQL; small enough that a batch stays
 * well inside SLICE_MS on SQLite.
 */
const BATCH = 25
/** Refusals that are about the whole file, not one question: no choice makes part of such a file importable. */
const FILE_LEVEL = new Set([
  'import.badFile',
  'import.header',
  'import.tooMany',
  'import.tooManyCells',
  'import.zipEntries',
  'import.zipSize',
  'import.zipRatio',
])

interface Named {
  line: number
  /** The question's name (Moodle) or title, and its category (Moodle) or bank type, where the file gives them. */
  question?: string
  category?: string
}
export interface ImportError extends Named {
  field?: string
  reason: string
}
export interface ImportNote extends Named {
  note: string
}
export interface ImportReport {
  format: Format
  total: number
  /** Questions that can be (dry run) or were stored. */
  valid: number
  imported: number
  dryRun: boolean
  skipInvalid: boolean
  /** Refused questions (and file-level refusals on line 1), each with why. */
  errors: ImportError[]
  /** What was converted on the way in, per question. */
  notes: ImportNote[]
  /** The first rows as they would be stored, for the back office's preview. */
  preview: QuestionInput[]
}

export interface ImportOptions {
  dryRun?: boolean
  /** Store the valid questions of a file that also has refused ones (the teacher chose it after the dry run). */
  skipInvalid?: boolean
  onProgress?: (done: number, total: number) => void
  /** The file store, for questions that carry embedded files. */
  files?: FileService
}

/**
 * Imports a question file into the caller's bank. Parsing and checking run in a worker thread; then, unless it is
 * a dry run, the valid questions are written in short transactions that yield to the event loop between them.
 * By default a file with any refused question stores nothing; with skipInvalid the rest is stored. Should a write
 * fail halfway, the questions already written by this import are removed again, so it stays all or nothing.
 */
export async function importQuestions(
  ctx: Ctx,
  format: Format,
  bytes: Uint8Array,
  o: ImportOptions = {},
): Promise<ImportReport> {
  await requirePermission(ctx, 'exam:question:import', '', '')
  const rows = await checkInWorker(format, bytes, IMPORT_MAX)
  const at = (r: CheckedRow): Named => ({ line: r.line, question: r.name, category: r.category })
  const errors: ImportError[] = []
  const notes: ImportNote[] = []
  const good: CheckedRow[] = []
  let fatal = false
  if (!rows.length) errors.push({ line: 1, reason: say(ctx.lang, 'import.empty') })
  if (rows.length > IMPORT_MAX) errors.push({ line: 1, reason: say(ctx.lang, 'import.tooMany', { max: IMPORT_MAX }) })
  if (errors.length) fatal = true
  for (const r of rows) {
    const error = r.error ?? (await embedProblem(r, !!o.files))
    if (error) {
      if (FILE_LEVEL.has(error.key)) fatal = true
      errors.push({ ...at(r), field: error.field, reason: say(ctx.lang, error.key, error.params) })
      continue
    }
    good.push(r)
    for (const n of r.notes) notes.push({ ...at(r), note: say(ctx.lang, n.key, n.params) })
  }
  const report: ImportReport = {
    format,
    total: rows.length,
    valid: fatal ? 0 : good.length,
    imported: 0,
    dryRun: !!o.dryRun,
    skipInvalid: !!o.skipInvalid,
    errors,
    notes,
    preview: good.slice(0, 5).map((r) => r.question!),
  }
  if (o.dryRun || fatal || (errors.length && !o.skipInvalid) || !good.length) return report
  const stored = await storeEmbedded(ctx, good, o.files)
  try {
    await insertSliced(ctx, good, o.onProgress)
  } catch (e) {
    await o.files?.purge(stored)
    throw e
  }
  return { ...report, imported: good.length }
}

/** Why a row's embedded files cannot be stored, or null. */
async function embedProblem(r: CheckedRow, canStore: boolean): Promise<CheckedRow['error'] | null> {
  for (const f of r.files) {
    if (f.bytes.length > EMBED_MAX_BYTES)
      return { key: 'import.moodleFileSize', params: { file: f.name, max: `${EMBED_MAX_BYTES / 1024 / 1024} MB` } }
    const type = await fileTypeFromBuffer(f.bytes)
    if (!type || !EMBED_TYPES.includes(type.ext) || !canStore)
      return { key: 'import.moodleFileType', params: { file: f.name, allowed: EMBED_TYPES.join('/') } }
  }
  return null
}

/**
 * Stores the embedded files as public files of the importing tenant (a stem's <img>/<audio> is loaded without a
 * token; the names are unguessable) and points the questions' FILE_LINK links at them.
 */
async function storeEmbedded(ctx: Ctx, rows: CheckedRow[], files: FileService | undefined) {
  const stored: Awaited<ReturnType<FileService['storeTemp']>>[] = []
  if (!files) return stored
  try {
    for (const r of rows) {
      if (!r.files.length) continue
      const links: string[] = []
      for (const f of r.files) {
        const ext = (await fileTypeFromBuffer(f.bytes))!.ext
        mkdirSync(files.tmpDir, { recursive: true })
        const tmp = join(files.tmpDir, `import-${randomBytes(12).toString('hex')}`)
        await writeTemp(tmp, f.bytes)
        try {
          const row = await files.storeTemp(ctx, tmp, {
            ext,
            size: f.bytes.length,
            originalName: f.name,
            kind: 'question-media',
            isPublic: true,
          })
          stored.push(row)
          links.push(row.link)
        } catch (e) {
          await unlink(tmp).catch(() => {})
          throw e
        }
      }
      r.question = relink(r.question!, links)
    }
  } catch (e) {
    await files.purge(stored)
    throw e
  }
  return stored
}

const linkRe = new RegExp(`${FILE_LINK.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\d+)`, 'g')
function relink(q: QuestionInput, links: string[]): QuestionInput {
  const fix = <T extends string | null | undefined>(s: T): T =>
    (typeof s === 'string' ? s.replace(linkRe, (_m, i: string) => links[Number(i)] ?? _m) : s) as T
  return {
    ...q,
    content: fix(q.content),
    analysis: fix(q.analysis),
    answer: fix(q.answer),
    options: q.options.map((op) => ({ ...op, content: fix(op.content) })),
  }
}

/**
 * Writes questions, BATCH at a time, in transactions of about SLICE_MS each and yields between them, so health
 * checks and other requests are served during a 5,000-question import. Each slice is its own transaction: while one
 * is open (on SQLite) every other request's statements wait for it, so one spanning the whole import would hold them
 * all. A slice awaits only its inserts; the file was parsed and checked before, and the yield is between slices.
 */
async function insertSliced(ctx: Ctx, rows: CheckedRow[], onProgress?: (done: number, total: number) => void) {
  const actor = { tenantId: ctx.actor.tenantId, userId: ctx.actor.userId, deptIds: ctx.actor.deptIds }
  const ids: string[] = []
  let i = 0
  try {
    while (i < rows.length) {
      const until = performance.now() + SLICE_MS
      await withTransaction(ctx.db, async (tx) => {
        do {
          const batch = rows.slice(i, i + BATCH).map((r) => r.question!)
          ids.push(...(await insertQuestions(tx, actor, batch)))
          i += batch.length
        } while (i < rows.length && performance.now() < until)
      })
      onProgress?.(i, rows.length)
      await new Promise((resolve) => setImmediate(resolve))
    }
  } catch (e) {
    for (let k = 0; k < ids.length; k += 500)
      await ctx.db
        .update(question)
        .set({ isDeleted: 1 })
        .where(inArray(question.id, ids.slice(k, k + 500)))
    throw e
  }
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
      options: q.options.map((o) =>
        o.fraction == null
          ? { content: o.content, isCorrect: o.isCorrect === 1 }
          : { content: o.content, isCorrect: o.isCorrect === 1, fraction: o.fraction },
      ),
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
