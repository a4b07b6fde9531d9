/**
 * CSV and XLSX (first sheet): a header row with the columns of SHEET_COLUMNS; options in columns A–H, `correct`
 * as letters ("A", "A,C") or 正确/错误 (true/false), `blanks` as blanks separated by ";" with alternatives
 * separated by "|", `fractions` (optional) as each option's grade in percent separated by ";" ("50;50;-100").
 *
 * Written cells that a spreadsheet would run as a formula (= + - @, tab, CR first) get a leading apostrophe;
 * reading strips it again, so an export imports back as it was.
 */
import type ExcelJS from 'exceljs'
import { loadExcel } from '../../lib/lazy-libs.ts'
import Papa from 'papaparse'
import { Readable } from 'node:stream'
import { checkZip } from './xlsx-guard.ts'
import { labelOf, type QuestionInput } from './question-input.ts'
import { named, type SourceRow } from './question-rows.ts'

export const SHEET_COLUMNS = [
  'type',
  'hard',
  'score',
  'content',
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'correct',
  'blanks',
  'answer',
  'analysis',
  'title',
  'courseName',
  'bankType',
  'fractions',
] as const
const OPTION_COLUMNS = SHEET_COLUMNS.slice(4, 12)
/** A row of our layout has 20 cells; a sheet row far wider than that is not a question but a way to exhaust memory. */
export const MAX_CELLS_PER_ROW = 64

const TYPE_NAMES: Record<string, number> = {
  单选题: 1,
  单选: 1,
  single: 1,
  多选题: 2,
  多选: 2,
  multiple: 2,
  判断题: 3,
  判断: 3,
  truefalse: 3,
  judge: 3,
  填空题: 4,
  填空: 4,
  fill: 4,
  简答题: 5,
  简答: 5,
  short: 5,
  essay: 5,
}
const typeOf = (v: unknown) => {
  const s = String(v ?? '').trim()
  return /^\d+$/.test(s) ? Number(s) : (TYPE_NAMES[s.toLowerCase()] ?? TYPE_NAMES[s] ?? s)
}

const FORMULA_START = /^[=+\-@\t\r]/
/** OWASP's CSV-injection guard: a text a spreadsheet would evaluate is shown as text. */
export const guardCell = (v: string | number) => (typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v)
const unguard = (s: string) => (s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s)

/** One sheet row (CSV or XLSX) → a raw question. */
function fromSheetRow(r: Record<string, unknown>): Record<string, unknown> {
  const cell = (k: string) => (r[k] === undefined || r[k] === null ? '' : unguard(String(r[k]).trim()))
  const type = typeOf(cell('type'))
  const correct = cell('correct')
  const letters = new Set(
    correct
      .toUpperCase()
      .split(/[\s,，、]*/)
      .filter((x) => /^[A-H]$/.test(x)),
  )
  const fractions = cell('fractions') ? cell('fractions').split(';') : []
  const options = OPTION_COLUMNS.map((k, i) => ({
    content: cell(k),
    isCorrect: letters.has(labelOf(i)),
    fraction: fractions[i]?.trim() ? Number(fractions[i]) / 100 : undefined,
  })).filter((o) => o.content)
  return {
    type,
    hard: cell('hard') || undefined,
    score: cell('score') || undefined,
    content: cell('content'),
    // True/false: option columns with a letter, or just the answer word (正确/错误, true/false…).
    options: type === 3 && (!options.length || !letters.size) ? undefined : options,
    answer: type === 3 ? correct : cell('answer') || undefined,
    blanks: cell('blanks')
      ? cell('blanks')
          .split(';')
          .map((b) =>
            b
              .split('|')
              .map((x) => x.trim())
              .filter(Boolean),
          )
      : [],
    analysis: cell('analysis') || undefined,
    title: cell('title') || undefined,
    courseName: cell('courseName') || undefined,
    bankType: cell('bankType') || undefined,
  }
}

function toSheetRow(q: QuestionInput): Record<string, string | number> {
  const row: Record<string, string | number> = { type: q.type, hard: q.hard, score: q.score, content: q.content }
  // A true/false question with the usual 正确/错误 choices needs no option columns: its answer word says it all.
  const plainJudge = q.type === 3 && q.options.map((o) => o.content).join() === '正确,错误'
  if (!plainJudge)
    q.options.forEach((o, i) => {
      row[labelOf(i)] = o.content
    })
  row.correct = plainJudge
    ? q.options[0]?.isCorrect
      ? '正确'
      : '错误'
    : q.options
        .map((o, i) => (o.isCorrect ? labelOf(i) : ''))
        .filter(Boolean)
        .join(',')
  row.blanks = q.blanks.map((b) => b.join('|')).join(';')
  row.answer = q.type === 5 ? (q.answer ?? '') : ''
  for (const k of ['analysis', 'title', 'courseName', 'bankType'] as const) row[k] = q[k] ?? ''
  row.fractions = q.options.some((o) => o.fraction != null)
    ? q.options.map((o) => Math.round((o.fraction ?? 0) * 1e7) / 1e5).join(';')
    : ''
  return row
}
const sheetCells = (q: QuestionInput) => {
  const row = toSheetRow(q)
  return SHEET_COLUMNS.map((c) => guardCell(row[c] ?? ''))
}

const tooMany = (max: number): SourceRow[] => [{ line: 1, error: 'import.tooMany', params: { max } }]
const missingHeader: SourceRow[] = [{ line: 1, error: 'import.header', params: { columns: 'type, content' } }]

export function parseCsv(text: string, max: number): SourceRow[] {
  // One row past the cap is enough to know the file is over it; the rest is never parsed.
  const res = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    preview: max + 1,
  })
  if (!res.meta.fields?.includes('content') || !res.meta.fields.includes('type')) return missingHeader
  if (res.data.length > max) return tooMany(max)
  if (res.meta.fields.length > MAX_CELLS_PER_ROW)
    return [{ line: 1, error: 'import.tooManyCells', params: { max: MAX_CELLS_PER_ROW } }]
  return res.data.map((r, i) => {
    const raw = fromSheetRow(r)
    return { line: i + 2, raw, ...named(raw) }
  })
}

/**
 * Reads the first sheet row by row with exceljs's streaming reader, after the zip's central directory passed
 * checkZip; stops at the row cap and refuses rows wider than the cell cap, so neither the archive nor the sheet
 * decides how much memory an import takes.
 */
export async function parseXlsx(bytes: Uint8Array, max: number): Promise<SourceRow[]> {
  const zip = checkZip(bytes)
  if (!zip.ok) return [{ line: 1, error: zip.key, params: zip.params }]
  const rows: SourceRow[] = []
  const header: string[] = []
  try {
    const excel = await loadExcel()
    const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    })
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.cellCount > MAX_CELLS_PER_ROW)
          return [{ line: row.number, error: 'import.tooManyCells', params: { max: MAX_CELLS_PER_ROW } }]
        if (!header.length) {
          row.eachCell((c, col) => {
            header[col] = String(c.text).trim()
          })
          if (!header.includes('content') || !header.includes('type')) return missingHeader
          continue
        }
        const r: Record<string, unknown> = {}
        row.eachCell((c, col) => {
          if (header[col]) r[header[col]] = c.text
        })
        if (!Object.values(r).some((v) => String(v).trim())) continue
        if (rows.length >= max) return tooMany(max)
        const raw = fromSheetRow(r)
        rows.push({ line: row.number, raw, ...named(raw) })
      }
      break
    }
  } catch {
    return [{ line: 1, error: 'import.badFile', params: { format: 'XLSX' } }]
  }
  return header.length ? rows : missingHeader
}

export const writeCsv = (questions: QuestionInput[]) =>
  `\uFEFF${Papa.unparse({ fields: [...SHEET_COLUMNS], data: questions.map(sheetCells) })}`

export async function writeXlsx(questions: QuestionInput[]): Promise<Uint8Array> {
  const wb = new (await loadExcel()).Workbook()
  const ws = wb.addWorksheet('questions')
  ws.addRow([...SHEET_COLUMNS])
  for (const q of questions) ws.addRow(sheetCells(q))
  return new Uint8Array(await wb.xlsx.writeBuffer())
}
