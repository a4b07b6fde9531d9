/**
 * Moodle XML export: single/multiple as multichoice (an option's own fraction when it has one; otherwise Atrium's
 * rule written as Moodle grades: equal shares for the right options, -100% for a wrong one, so a wrong pick still
 * scores nothing), true/false, one-blank fill-ins as shortanswer, several blanks as cloze, short answers as essay.
 */
import { XMLBuilder } from 'fast-xml-parser'
import type { QuestionInput } from './question-input.ts'
import { nameFrom } from './moodle-xml.ts'

const percent = (f: number) => Math.round(f * 1e7) / 1e5

export function writeMoodle(questions: QuestionInput[]): string {
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
      const grade = (o: QuestionInput['options'][number]) =>
        o.fraction != null ? percent(o.fraction) : o.isCorrect ? percent(1 / right) : q.type === 1 ? 0 : -100
      out.push({
        '@type': 'multichoice',
        ...base,
        single: q.type === 1 ? 'true' : 'false',
        answer: q.options.map((o) => ({ '@fraction': grade(o), '@format': 'html', text: o.content })),
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
      // Several blanks have no single Moodle type: Cloze (multianswer) keeps them, with {1:SHORTANSWER:=a~=b} per blank.
      let i = 0
      const cloze = q.blanks.map(
        (alts) => `{1:SHORTANSWER:${alts.map((a) => `=${a.replace(/[}~#=\\]/g, (c) => `\\${c}`)}`).join('~')}}`,
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
