/**
 * Question bank file formats: what every parser answers and the dispatch by format. The layouts themselves are
 * documented in the README ("Question bank files") and live beside this file: question-sheet.ts (CSV, XLSX),
 * moodle-xml.ts (+ moodle-cloze.ts, moodle-export.ts) and the JSON layout here.
 *
 * Every parser answers rows with the line they came from and, where the file names them, the question's name and
 * category, so the import report can say which question a refusal is about.
 */
import { parseMoodle } from './moodle-xml.ts'
import { writeMoodle } from './moodle-export.ts'
import { parseCsv, parseXlsx, writeCsv, writeXlsx } from './question-sheet.ts'
import type { QuestionInput } from './question-input.ts'
import { named, type SourceRow } from './question-rows.ts'

export type Format = 'json' | 'csv' | 'xlsx' | 'moodle'
export const FORMATS: Format[] = ['json', 'csv', 'xlsx', 'moodle']

export function parseJson(text: string): SourceRow[] {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    return [{ line: 1, error: 'import.badFile', params: { format: 'JSON' } }]
  }
  const list = Array.isArray(doc) ? doc : (doc as { questions?: unknown })?.questions
  if (!Array.isArray(list)) return [{ line: 1, error: 'import.badFile', params: { format: 'JSON' } }]
  return list.map((q, i) =>
    q && typeof q === 'object' && !Array.isArray(q)
      ? { line: i + 1, raw: q as Record<string, unknown>, ...named(q as Record<string, unknown>) }
      : { line: i + 1, error: 'import.notObject' },
  )
}

export async function parseFile(format: Format, bytes: Uint8Array, max: number): Promise<SourceRow[]> {
  if (format === 'xlsx') return parseXlsx(bytes, max)
  const text = new TextDecoder().decode(bytes)
  return format === 'json' ? parseJson(text) : format === 'csv' ? parseCsv(text, max) : parseMoodle(text)
}

/** The format a file name names; null when unknown. */
export function formatOf(name: string): Format | null {
  const ext = name.toLowerCase().split('.').pop() ?? ''
  return ext === 'json' ? 'json' : ext === 'csv' ? 'csv' : ext === 'xlsx' ? 'xlsx' : ext === 'xml' ? 'moodle' : null
}

const exportable = (q: QuestionInput) => ({
  type: q.type,
  hard: q.hard,
  score: q.score,
  content: q.content,
  title: q.title ?? null,
  analysis: q.analysis ?? null,
  answer: q.type === 5 ? (q.answer ?? null) : null,
  courseName: q.courseName ?? null,
  bankType: q.bankType ?? null,
  examCenter: q.examCenter ?? null,
  author: q.author ?? null,
  experimentId: q.experimentId ?? null,
  options: q.options.map((o) =>
    o.fraction == null
      ? { content: o.content, isCorrect: o.isCorrect }
      : { content: o.content, isCorrect: o.isCorrect, fraction: o.fraction },
  ),
  blanks: q.blanks,
})

export async function writeFile(format: Format, questions: QuestionInput[]): Promise<Uint8Array> {
  if (format === 'json')
    return new TextEncoder().encode(
      JSON.stringify({ format: 'atrium-questions', version: 1, questions: questions.map(exportable) }, null, 2),
    )
  if (format === 'csv') return new TextEncoder().encode(writeCsv(questions))
  if (format === 'xlsx') return writeXlsx(questions)
  return new TextEncoder().encode(writeMoodle(questions))
}
