/**
 * Question bank file formats. Our own layouts (documented in the README):
 *
 * - JSON: `{ "format": "atrium-questions", "version": 1, "questions": [ { type, hard, score, content,
 *   title, analysis, answer, courseName, bankType, examCenter, author, experimentId,
 *   options: [{ content, isCorrect }], blanks: [["alt1", "alt2"], ...] } ] }`
 * - CSV and XLSX (first sheet): a header row with the columns of SHEET_COLUMNS; options in
 *   columns A–H, `correct` as letters ("A", "A,C") or 正确/错误 (true/false),
 *   `blanks` as blanks separated by ";" with alternatives separated by "|".
 * - Moodle XML: multichoice (single/multiple), truefalse, shortanswer, numerical,
 *   essay and matching (as a fill-in with one blank per pair); categories become bankType;
 *   any other type is reported on its line.
 *
 * Every parser answers rows with the line they came from, for the import report.
 */
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { XMLBuilder, XMLParser } from 'fast-xml-parser'
import { richTextToPlain } from '../../lib/rich-text.ts'
import { labelOf, type QuestionInput } from './question-input.ts'

export type Format = 'json' | 'csv' | 'xlsx' | 'moodle'
export const FORMATS: Format[] = ['json', 'csv', 'xlsx', 'moodle']

/** A parsed row: its raw question (checked later by normaliseQuestion), or why it cannot be one. */
export type SourceRow =
  | { line: number; raw: Record<string, unknown> }
  | { line: number; error: string; params?: Record<string, string | number> }

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
] as const
const OPTION_COLUMNS = SHEET_COLUMNS.slice(4, 12)

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

/** One sheet row (CSV or XLSX) → a raw question. */
function fromSheetRow(r: Record<string, unknown>): Record<string, unknown> {
  const cell = (k: string) => (r[k] === undefined || r[k] === null ? '' : String(r[k]).trim())
  const type = typeOf(cell('type'))
  const correct = cell('correct')
  const letters = new Set(
    correct
      .toUpperCase()
      .split(/[\s,，、]*/)
      .filter((x) => /^[A-H]$/.test(x)),
  )
  const options = OPTION_COLUMNS.map((k, i) => ({ content: cell(k), isCorrect: letters.has(labelOf(i)) })).filter(
    (o) => o.content,
  )
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
  return row
}

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
      ? { line: i + 1, raw: q as Record<string, unknown> }
      : { line: i + 1, error: 'import.notObject' },
  )
}

export function parseCsv(text: string): SourceRow[] {
  const res = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  })
  if (!res.meta.fields?.includes('content') || !res.meta.fields.includes('type'))
    return [{ line: 1, error: 'import.header', params: { columns: 'type, content' } }]
  return res.data.map((r, i) => ({ line: i + 2, raw: fromSheetRow(r) }))
}

export async function parseXlsx(bytes: Uint8Array): Promise<SourceRow[]> {
  const wb = new ExcelJS.Workbook()
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    return [{ line: 1, error: 'import.badFile', params: { format: 'XLSX' } }]
  }
  const ws = wb.worksheets[0]
  if (!ws) return [{ line: 1, error: 'import.badFile', params: { format: 'XLSX' } }]
  const header: string[] = []
  ws.getRow(1).eachCell((c, col) => {
    header[col] = String(c.text).trim()
  })
  if (!header.includes('content') || !header.includes('type'))
    return [{ line: 1, error: 'import.header', params: { columns: 'type, content' } }]
  const rows: SourceRow[] = []
  ws.eachRow((row, n) => {
    if (n === 1) return
    const r: Record<string, unknown> = {}
    row.eachCell((c, col) => {
      if (header[col]) r[header[col]] = c.text
    })
    if (Object.values(r).some((v) => String(v).trim())) rows.push({ line: n, raw: fromSheetRow(r) })
  })
  return rows
}

const MOODLE_SUPPORTED = ['multichoice', 'truefalse', 'shortanswer', 'numerical', 'essay', 'matching', 'cloze']
/** Embedded Cloze answers that map to a blank: {1:SHORTANSWER:=a~=b} (also SA, NUMERICAL, NM). */
const CLOZE = /\{\d*:(SHORTANSWER|SA|MW|SHORTANSWER_C|SAC|MWC|NUMERICAL|NM):([^}]*)\}/g
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['question', 'answer', 'subquestion'].includes(name),
  parseTagValue: false,
  trimValues: true,
})
const textOf = (node: unknown): string => {
  if (node === undefined || node === null) return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  // <answer> is always parsed as a list (multichoice has many); a matching pair's single answer is its first.
  if (Array.isArray(node)) return textOf(node[0])
  const n = node as Record<string, unknown>
  return textOf(n.text ?? n['#text'] ?? '')
}

/** The name a question without a title gets in Moodle XML. */
const nameFrom = (content: string) => richTextToPlain(content).slice(0, 60)

export function parseMoodle(xml: string): SourceRow[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fast-xml-parser's untyped tree, read field by field below
  let doc: { quiz?: { question?: Record<string, any>[] } }
  try {
    doc = parser.parse(xml)
  } catch {
    return [{ line: 1, error: 'import.badFile', params: { format: 'Moodle XML' } }]
  }
  if (!doc.quiz) return [{ line: 1, error: 'import.badFile', params: { format: 'Moodle XML' } }]
  // The parser keeps document order but not positions: find each <question>'s line in the text.
  const lines: number[] = []
  const re = /<question\b/g
  for (let m = re.exec(xml); m; m = re.exec(xml)) lines.push(xml.slice(0, m.index).split('\n').length)
  const rows: SourceRow[] = []
  let category: string | undefined
  ;(doc.quiz.question ?? []).forEach((q, i) => {
    const line = lines[i] ?? 1
    const kind = String(q['@type'] ?? '')
    if (kind === 'category') {
      // "$course$/top" alone is Moodle's default category: no bank type.
      category =
        textOf(q.category)
          .replace(/^\$course\$\//, '')
          .replace(/^top(\/|$)/, '') || undefined
      return
    }
    if (!MOODLE_SUPPORTED.includes(kind))
      return rows.push({ line, error: 'import.moodleType', params: { type: kind || '?' } })
    const answers: { text: string; fraction: number }[] = (q.answer ?? []).map((a: Record<string, unknown>) => ({
      text: textOf(a),
      fraction: Number(a['@fraction'] ?? 0),
    }))
    const base = {
      // Moodle requires a name; ours is the stem's start when the question has no title, which is no title.
      title: textOf(q.name) && textOf(q.name) !== nameFrom(textOf(q.questiontext)) ? textOf(q.name) : undefined,
      content: textOf(q.questiontext),
      analysis: textOf(q.generalfeedback) || undefined,
      score: q.defaultgrade !== undefined ? Number(textOf(q.defaultgrade)) : undefined,
      bankType: category,
    }
    if (kind === 'multichoice') {
      const single = String(textOf(q.single)).toLowerCase() !== 'false'
      rows.push({
        line,
        raw: {
          ...base,
          type: single ? 1 : 2,
          options: answers.map((a) => ({ content: a.text, isCorrect: a.fraction > 0 })),
        },
      })
    } else if (kind === 'truefalse') {
      const right = answers.find((a) => a.fraction >= 100)
      rows.push({ line, raw: { ...base, type: 3, answer: right ? right.text.trim().toLowerCase() : '' } })
    } else if (kind === 'shortanswer' || kind === 'numerical') {
      rows.push({
        line,
        raw: {
          ...base,
          type: 4,
          blanks: [answers.filter((a) => a.fraction >= 100).map((a) => richTextToPlain(a.text))],
        },
      })
    } else if (kind === 'cloze') {
      const stem = textOf(q.questiontext)
      const blanks: string[][] = []
      const content = stem.replace(CLOZE, (_m, _k, body: string) => {
        blanks.push(
          body
            .split(/(?<!\\)~/)
            .filter((a) => a.startsWith('=') || a.startsWith('%100%'))
            .map((a) =>
              a
                .replace(/^(=|%100%)/, '')
                .replace(/#.*$/, '')
                .replace(/\\([}~#=])/g, '$1'),
            ),
        )
        return '____'
      })
      if (/\{\d*:[A-Z_]+:/.test(content) || !blanks.length)
        return rows.push({ line, error: 'import.moodleType', params: { type: 'cloze' } })
      const title = base.title === nameFrom(content) ? undefined : base.title
      rows.push({ line, raw: { ...base, title, type: 4, content, blanks } })
    } else if (kind === 'essay') {
      rows.push({ line, raw: { ...base, type: 5, answer: textOf(q.graderinfo) || undefined } })
    } else {
      // Matching maps to a fill-in: each pair's prompt becomes a numbered blank whose accepted answer is its match.
      const subs: { text: string; answer: string }[] = (q.subquestion ?? [])
        .map((s: Record<string, unknown>) => ({ text: richTextToPlain(textOf(s)), answer: textOf(s.answer) }))
        .filter((s: { text: string }) => s.text)
      rows.push({
        line,
        raw: {
          ...base,
          type: 4,
          content: `${base.content}<ol>${subs.map((s) => `<li>${s.text} ____</li>`).join('')}</ol>`,
          blanks: subs.map((s) => [s.answer]),
        },
      })
    }
  })
  return rows
}

export async function parseFile(format: Format, bytes: Uint8Array): Promise<SourceRow[]> {
  if (format === 'xlsx') return parseXlsx(bytes)
  const text = new TextDecoder().decode(bytes)
  return format === 'json' ? parseJson(text) : format === 'csv' ? parseCsv(text) : parseMoodle(text)
}

/** The format a file name or content type names; null when unknown. */
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
  options: q.options.map((o) => ({ content: o.content, isCorrect: o.isCorrect })),
  blanks: q.blanks,
})

export async function writeFile(format: Format, questions: QuestionInput[]): Promise<Uint8Array> {
  if (format === 'json')
    return new TextEncoder().encode(
      JSON.stringify({ format: 'atrium-questions', version: 1, questions: questions.map(exportable) }, null, 2),
    )
  if (format === 'csv')
    return new TextEncoder().encode(
      `\uFEFF${Papa.unparse({ fields: [...SHEET_COLUMNS], data: questions.map((q) => SHEET_COLUMNS.map((c) => toSheetRow(q)[c] ?? '')) })}`,
    )
  if (format === 'xlsx') {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('questions')
    ws.addRow([...SHEET_COLUMNS])
    for (const q of questions) ws.addRow(SHEET_COLUMNS.map((c) => toSheetRow(q)[c] ?? ''))
    return new Uint8Array(await wb.xlsx.writeBuffer())
  }
  return new TextEncoder().encode(moodleXml(questions))
}

function moodleXml(questions: QuestionInput[]): string {
  const text = (s: string | null | undefined) => ({ text: s ?? '' })
  const html = (s: string | null | undefined) => ({ '@format': 'html', text: s ?? '' })
  const out: Record<string, unknown>[] = []
  let category: string | null | undefined
  for (const q of questions) {
    // A category holds until the next one, so a question without a bank type after one with it switches back to the default.
    if ((q.bankType ?? null) !== (category ?? null) && (q.bankType || category !== undefined))
      out.push({ '@type': 'category', category: text(q.bankType ? `$course$/top/${q.bankType}` : '$course$/top') })
    category = q.bankType ?? null
    const base = {
      name: text(q.title ?? nameFrom(q.content)),
      questiontext: html(q.content),
      generalfeedback: html(q.analysis),
      defaultgrade: q.score,
    }
    if (q.type === 1 || q.type === 2) {
      const right = q.options.filter((o) => o.isCorrect).length
      out.push({
        '@type': 'multichoice',
        ...base,
        single: q.type === 1 ? 'true' : 'false',
        answer: q.options.map((o) => ({
          '@fraction': o.isCorrect ? (q.type === 1 ? 100 : Math.round((100 / right) * 1e5) / 1e5) : 0,
          '@format': 'html',
          text: o.content,
        })),
      })
    } else if (q.type === 3) {
      const truth = q.options[0]?.isCorrect ?? false
      out.push({
        '@type': 'truefalse',
        ...base,
        answer: [
          { '@fraction': truth ? 100 : 0, text: 'true' },
          { '@fraction': truth ? 0 : 100, text: 'false' },
        ],
      })
    } else if (q.type === 4 && q.blanks.length === 1) {
      out.push({ '@type': 'shortanswer', ...base, answer: q.blanks[0].map((a) => ({ '@fraction': 100, text: a })) })
    } else if (q.type === 4) {
      // Several blanks have no single Moodle type: Cloze (multianswer) keeps them, with {:SHORTANSWER:=a~=b} per blank.
      let i = 0
      const cloze = q.blanks.map(
        (alts) => `{1:SHORTANSWER:${alts.map((a) => `=${a.replace(/[}~#=]/g, (c) => `\\${c}`)}`).join('~')}}`,
      )
      const withBlanks = q.content.includes('____')
        ? q.content.replace(/_{4,}/g, () => cloze[i++] ?? '') + cloze.slice(i).join(' ')
        : `${q.content} ${cloze.join(' ')}`
      out.push({ '@type': 'cloze', ...base, questiontext: html(withBlanks) })
    } else {
      out.push({ '@type': 'essay', ...base, graderinfo: html(q.answer) })
    }
  }
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    format: true,
    suppressEmptyNode: false,
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: out } })}`
}
