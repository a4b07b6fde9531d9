/**
 * An exam's statistics as an xlsx workbook (scores, questions' correct rates,
 * classes' averages): what the statistics action answers, laid out for a
 * spreadsheet. It takes the figures rather than computing them, so the
 * exportStatistics action (exam-marking.ts) and its JSON twin never differ.
 */
import { defineMessages, t as say, type Lang } from '../../lib/messages.ts'
import { loadExcel } from '../../lib/lazy-libs.ts'

defineMessages({
  'exam.stats.sheet': { zh: '成绩', en: 'Scores' },
  'exam.stats.questions': { zh: '题目正确率', en: 'Questions' },
  'exam.stats.classes': { zh: '班级平均分', en: 'Classes' },
})

/** The parts of the statistics the workbook shows. */
export interface WorkbookFigures {
  scores: { userName: unknown; classId?: string | null; score: unknown; submitTime: unknown }[]
  questions: { questionId: string; content: string; type: unknown; answered: number; correctRate: number }[]
  classes: { classId: string; className: string; count: number; average: unknown }[]
}

export async function statisticsWorkbook(lang: Lang, st: WorkbookFigures): Promise<Uint8Array> {
  const wb = new (await loadExcel()).Workbook()
  const names = new Map(st.classes.map((c) => [c.classId, c.className]))
  const s1 = wb.addWorksheet(say(lang, 'exam.stats.sheet'))
  s1.addRow(['userName', 'class', 'score', 'submitTime'])
  for (const s of st.scores) s1.addRow([s.userName, names.get(s.classId ?? '') ?? '', s.score, s.submitTime])
  const s2 = wb.addWorksheet(say(lang, 'exam.stats.questions'))
  s2.addRow(['questionId', 'content', 'type', 'answered', 'correctRate%'])
  for (const q of st.questions) s2.addRow([q.questionId, q.content, q.type, q.answered, q.correctRate])
  const s3 = wb.addWorksheet(say(lang, 'exam.stats.classes'))
  s3.addRow(['class', 'count', 'average'])
  for (const c of st.classes) s3.addRow([c.className, c.count, c.average])
  return new Uint8Array(await wb.xlsx.writeBuffer())
}
