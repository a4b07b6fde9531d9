/**
 * Moodle XML import: multichoice (single/multiple, with grade fractions), truefalse, shortanswer, numerical,
 * essay, matching (a fill-in with one blank per pair) and cloze (moodle-cloze.ts); `$course$/top/X` categories
 * become bankType X. Files embedded in a question (base64 <file> in its text, answers or feedback) travel with the
 * row and its @@PLUGINFILE@@ links point at them (FILE_LINK) until the import stores them. Whatever cannot be kept
 * as written is either noted on the row (converted) or refuses the row with the reason.
 */
import { XMLParser } from 'fast-xml-parser'
import { richTextToPlain } from '../../lib/rich-text.ts'
import { parseCloze } from './moodle-cloze.ts'
import { FILE_LINK, type EmbeddedFile, type Said, type SourceRow } from './question-rows.ts'

/** Moodle's grade choices in percent (question_bank::fraction_options_full); a grade is one of these or refused. */
export const MOODLE_GRADES = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5,
  0,
]
/** Files written with 2 decimals (33.33, 14.29) are Moodle's own grades too. */
const GRADE_TOLERANCE = 0.01
export const moodleGrade = (percent: number): number | null => {
  if (!Number.isFinite(percent)) return null
  const hit = MOODLE_GRADES.find((g) => Math.abs(Math.abs(percent) - g) <= GRADE_TOLERANCE)
  return hit === undefined ? null : Math.sign(percent) * hit
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['question', 'answer', 'subquestion', 'file'].includes(name),
  parseTagValue: false,
  trimValues: true,
})
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fast-xml-parser's untyped tree, read field by field
type Node = Record<string, any>

const textOf = (node: unknown): string => {
  if (node === undefined || node === null) return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  // <answer> is always parsed as a list (multichoice has many); a matching pair's single answer is its first.
  if (Array.isArray(node)) return textOf(node[0])
  const n = node as Node
  return textOf(n.text ?? n['#text'] ?? '')
}

/** The name a question without a title gets in Moodle XML (and so the name that means "no title"). */
export const nameFrom = (content: string) => richTextToPlain(content).slice(0, 60)

/** One question's embedded files and the rewriting of its @@PLUGINFILE@@ links to them. */
class QuestionFiles {
  files: EmbeddedFile[] = []
  missing = new Set<string>()
  private byPath = new Map<string, number>()

  /** The text of a field with its links pointing at its files (falling back to any file of the question). */
  text(node: unknown): string {
    const own = new Map<string, number>()
    const list = node && typeof node === 'object' && !Array.isArray(node) ? ((node as Node).file ?? []) : []
    for (const f of list as Node[]) {
      const path = `${String(f['@path'] ?? '/').replace(/\/?$/, '/')}${String(f['@name'] ?? '')}`
      const key = path.replace(/^\/+/, '')
      const bytes = Buffer.from(String(f['#text'] ?? '').replace(/\s+/g, ''), 'base64')
      this.files.push({ name: String(f['@name'] ?? 'file'), bytes: new Uint8Array(bytes) })
      own.set(key, this.files.length - 1)
      this.byPath.set(key, this.files.length - 1)
    }
    return textOf(node).replace(/@@PLUGINFILE@@\/([^"'<>\s)]+)/g, (_m, ref: string) => {
      let key = ref.replace(/[?#].*$/, '')
      try {
        key = decodeURIComponent(key)
      } catch {
        // A malformed escape is looked up as written.
      }
      const i = own.get(key) ?? this.byPath.get(key)
      if (i === undefined) {
        this.missing.add(key)
        return _m
      }
      return `${FILE_LINK}${i}`
    })
  }
}

interface Answer {
  text: string
  grade: number | null
  written: string
  tolerance: number
}

export function parseMoodle(xml: string): SourceRow[] {
  let doc: { quiz?: { question?: Node[] } }
  try {
    doc = parser.parse(xml)
  } catch {
    return [{ line: 1, error: 'import.badFile', params: { format: 'Moodle XML' } }]
  }
  if (!doc.quiz) return [{ line: 1, error: 'import.badFile', params: { format: 'Moodle XML' } }]
  // The parser keeps document order but not positions: find each <question>'s line in the text (one pass).
  const lines: number[] = []
  const re = /<question\b|\n/g
  let lineNo = 1
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (m[0] === '\n') lineNo++
    else lines.push(lineNo)
  }
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
    const name = textOf(q.name) || undefined
    const row = readQuestion(q, kind, category)
    if ('error' in row) rows.push({ line, name, category, error: row.error.key, params: row.error.params })
    else rows.push({ line, name, category, ...row })
  })
  return rows
}

type Read = { error: Said } | { raw: Record<string, unknown>; notes: Said[]; files: EmbeddedFile[] }

function readQuestion(q: Node, kind: string, category: string | undefined): Read {
  const files = new QuestionFiles()
  const notes: Said[] = []
  const refuse = (key: string, params?: Record<string, string | number>): Read => ({ error: { key, params } })
  const answers: Answer[] = (q.answer ?? []).map((a: Node) => {
    const written = String(a['@fraction'] ?? '0')
    return {
      text: files.text(a),
      grade: moodleGrade(Number(written)),
      written,
      tolerance: Number(textOf(a.tolerance) || 0) || 0,
    }
  })
  const stem = files.text(q.questiontext)
  const base = {
    // Moodle requires a name; ours is the stem's start when the question has no title, which is no title.
    title: textOf(q.name) && textOf(q.name) !== nameFrom(stem) ? textOf(q.name) : undefined,
    content: stem,
    analysis: files.text(q.generalfeedback) || undefined,
    score: q.defaultgrade !== undefined ? Number(textOf(q.defaultgrade)) : undefined,
    bankType: category,
  }
  const done = (raw: Record<string, unknown>): Read => {
    if (files.missing.size) return refuse('import.moodleFileMissing', { file: [...files.missing].join(', ') })
    return { raw: { ...base, ...raw }, notes, files: files.files }
  }
  const badGrade = answers.find((a) => a.grade === null)
  if (badGrade && kind !== 'cloze')
    return refuse('import.moodleGrade', {
      grade: badGrade.written,
      answer: richTextToPlain(badGrade.text).slice(0, 60),
    })
  const plainRight = (list: Answer[]) => list.filter((a) => a.grade! >= 100).map((a) => richTextToPlain(a.text))
  const dropPartial = (list: Answer[]) => {
    const partial = list.filter((a) => a.grade! > 0 && a.grade! < 100)
    if (partial.length)
      notes.push({
        key: 'import.note.partialDropped',
        params: { answers: partial.map((a) => richTextToPlain(a.text)).join(' / ') },
      })
  }

  switch (kind) {
    case 'multichoice': {
      const single = String(textOf(q.single)).toLowerCase() !== 'false'
      const grades = answers.map((a) => a.grade!)
      const right = grades.filter((g) => g > 0)
      // Atrium's own rules, written out as Moodle grades by the export: one 100% option (single); equal shares for
      // the right options and -100% for every wrong one (multiple). Any other grading keeps its fractions.
      const plain = single
        ? grades.every((g) => g === 0 || g === 100)
        : right.length > 0 &&
          right.every((g) => Math.abs(g - 100 / right.length) <= GRADE_TOLERANCE) &&
          grades.every((g) => g > 0 || g === -100)
      return done({
        type: single ? 1 : 2,
        options: answers.map((a) =>
          plain
            ? { content: a.text, isCorrect: a.grade! > 0 }
            : { content: a.text, isCorrect: a.grade! > 0, fraction: Math.round(a.grade! * 1e5) / 1e7 },
        ),
      })
    }
    case 'truefalse': {
      const right = answers.find((a) => a.grade! >= 100)
      return done({ type: 3, answer: right ? richTextToPlain(right.text).toLowerCase() : '' })
    }
    case 'shortanswer':
    case 'numerical': {
      dropPartial(answers)
      if (answers.some((a) => a.grade! >= 100 && a.tolerance))
        notes.push({ key: 'import.note.tolerance', params: { n: 1 } })
      if (kind === 'shortanswer' && textOf(q.usecase) === '1')
        notes.push({ key: 'import.note.caseSensitive', params: { n: 1 } })
      return done({ type: 4, blanks: [plainRight(answers)] })
    }
    case 'cloze': {
      const cloze = parseCloze(stem)
      if ('key' in cloze) return refuse(cloze.key, cloze.params)
      notes.push(...cloze.notes)
      // Moodle names a cloze question by its text with the {…} parts: a title equal to the converted stem's start is none.
      const title = base.title === nameFrom(cloze.content) ? undefined : base.title
      return done({ type: 4, title, content: cloze.content, blanks: cloze.blanks })
    }
    case 'essay':
      return done({ type: 5, answer: files.text(q.graderinfo) || undefined })
    case 'matching': {
      // Each pair's prompt becomes a numbered blank whose accepted answer is its match.
      const subs: { text: string; answer: string }[] = (q.subquestion ?? [])
        .map((s: Node) => ({ text: richTextToPlain(files.text(s)), answer: textOf(s.answer) }))
        .filter((s: { text: string }) => s.text)
      notes.push({ key: 'import.note.matching', params: { pairs: subs.length } })
      return done({
        type: 4,
        content: `${base.content}<ol>${subs.map((s) => `<li>${s.text} ____</li>`).join('')}</ol>`,
        blanks: subs.map((s) => [s.answer]),
      })
    }
    default:
      return refuse('import.moodleType', { type: kind || '?' })
  }
}
