/**
 * Moodle's Cloze (multianswer) question text: sub-questions embedded as {weight:KIND:answers}, answers separated
 * by "~", each "=right", "%50%partly" or plain (wrong), with "#feedback" and, for NUMERICAL, "value:tolerance".
 * A backslash escapes } ~ # = / " \ inside answers. This syntax is Moodle's own (not XML), so it is read here.
 *
 * Each sub-question becomes one blank of a fill-in question; what a blank cannot hold is named in a note, and a
 * kind it cannot hold at all (MULTIRESPONSE) refuses the question naming the kind.
 */
import { richTextToPlain } from '../../lib/rich-text.ts'
import type { Said } from './question-rows.ts'

const SHORT = ['SHORTANSWER', 'SA', 'MW', 'SHORTANSWER_C', 'SAC', 'MWC']
const CASE_SENSITIVE = ['SHORTANSWER_C', 'SAC', 'MWC']
const NUMERIC = ['NUMERICAL', 'NM']
const CHOICE = [
  'MULTICHOICE',
  'MC',
  'MULTICHOICE_V',
  'MCV',
  'MULTICHOICE_H',
  'MCH',
  'MULTICHOICE_S',
  'MCS',
  'MULTICHOICE_VS',
  'MCVS',
  'MULTICHOICE_HS',
  'MCHS',
]
const START = /\{(\d*):([A-Za-z_]+):/g

export type ClozeResult = { content: string; blanks: string[][]; notes: Said[] } | Said

interface Part {
  start: number
  end: number
  weight: number
  kind: string
  answers: { text: string; grade: number; tolerance: number }[]
}

/** The index of the unescaped "}" closing a part whose body starts at `from`, or -1. */
function closing(s: string, from: number) {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++
    else if (s[i] === '}') return i
  }
  return -1
}
const splitUnescaped = (s: string, sep: string) => {
  const out: string[] = []
  let cur = ''
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length) cur += s[i] + s[++i]
    else if (s[i] === sep) {
      out.push(cur)
      cur = ''
    } else cur += s[i]
  }
  return [...out, cur]
}
const unescape = (s: string) => s.replace(/\\([}~#=/"\\])/g, '$1')

function readPart(body: string, numeric: boolean): Part['answers'] {
  return splitUnescaped(body, '~').map((a) => {
    const m = /^%(-?\d+(?:\.\d+)?)%/.exec(a)
    const grade = a.startsWith('=') ? 100 : m ? Number(m[1]) : 0
    let text = splitUnescaped(a.replace(/^=|^%-?\d+(?:\.\d+)?%/, ''), '#')[0]
    let tolerance = 0
    if (numeric) {
      const [v, tol] = splitUnescaped(text, ':')
      text = v
      tolerance = Number(tol ?? 0) || 0
    }
    return { text: richTextToPlain(unescape(text)).trim(), grade, tolerance }
  })
}

export function parseCloze(stem: string): ClozeResult {
  const parts: Part[] = []
  START.lastIndex = 0
  for (let m = START.exec(stem); m; m = START.exec(stem)) {
    const kind = m[2].toUpperCase()
    const bodyStart = m.index + m[0].length
    const end = closing(stem, bodyStart)
    if (end < 0) return { key: 'import.clozeSyntax', params: { n: parts.length + 1 } }
    const n = parts.length + 1
    if (!SHORT.includes(kind) && !NUMERIC.includes(kind) && !CHOICE.includes(kind))
      return { key: 'import.clozeKind', params: { kind, n } }
    const answers = readPart(stem.slice(bodyStart, end), NUMERIC.includes(kind))
    parts.push({ start: m.index, end: end + 1, weight: Number(m[1] || 1), kind, answers })
    START.lastIndex = end + 1
  }
  if (!parts.length) return { key: 'import.clozeEmpty' }
  const notes: Said[] = []
  const note = (key: string, params: Record<string, string | number>) => notes.push({ key, params })
  const blanks: string[][] = []
  let content = ''
  let at = 0
  for (const [i, p] of parts.entries()) {
    const n = i + 1
    const right = p.answers.filter((a) => a.grade >= 100 && a.text)
    if (!right.length) return { key: 'import.clozePartNoAnswer', params: { n, kind: p.kind } }
    const partial = p.answers.filter((a) => a.grade > 0 && a.grade < 100)
    if (partial.length) note('import.note.partialDropped', { answers: partial.map((a) => a.text).join(' / ') })
    if (right.some((a) => a.tolerance)) note('import.note.tolerance', { n })
    if (CASE_SENSITIVE.includes(p.kind)) note('import.note.caseSensitive', { n })
    let blank = '____'
    if (CHOICE.includes(p.kind)) {
      // A blank is typed, not picked: the choices stay in the stem so the learner still sees them.
      blank = `____ (${p.answers.map((a) => a.text).join(' / ')})`
      note('import.note.clozeChoice', { n })
    }
    blanks.push(right.map((a) => a.text))
    content += stem.slice(at, p.start) + blank
    at = p.end
  }
  content += stem.slice(at)
  if (new Set(parts.map((p) => p.weight)).size > 1) note('import.note.clozeWeights', {})
  return { content, blanks, notes }
}
