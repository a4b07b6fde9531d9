/**
 * A report laid out once, for both file formats: a title, summary lines and tables. The PDF prints the tables one
 * after another, the workbook puts each on its own sheet, so the two files always say the same.
 */
import { t, type Lang } from '../../lib/messages.ts'
import type { CourseProgress } from '../course/overview.ts'
import { PASS_SHARE, type ExamResults } from './exam-results.ts'
import './report-text.ts'

export type ReportCell = string | number

export interface ReportTable {
  heading: string
  columns: string[]
  /** Relative column widths in the PDF ('*' shares what is left). */
  widths: (number | '*')[]
  rows: ReportCell[][]
}

export interface ReportDocument {
  title: string
  lines: string[]
  tables: ReportTable[]
}

const cols = (lang: Lang, ...keys: string[]) => keys.map((k) => t(lang, `report.col.${k}`))

export function examResultsDocument(lang: Lang, r: ExamResults, at: string): ReportDocument {
  return {
    title: `${t(lang, 'report.examResults')}：${r.title}`,
    lines: [
      t(lang, 'report.generatedAt', { at }),
      t(lang, 'report.summary', {
        sat: r.sat,
        passed: r.passed,
        share: PASS_SHARE * 100,
        average: r.average,
        highest: r.highest,
        lowest: r.lowest,
      }),
    ],
    tables: [
      {
        heading: t(lang, 'report.learners'),
        columns: cols(lang, 'no', 'name', 'class', 'score', 'total', 'pass'),
        widths: [30, '*', '*', 50, 50, 60],
        rows: r.learners.map((l, i) => [
          i + 1,
          l.name,
          l.className,
          l.score,
          l.total,
          t(lang, l.pass ? 'report.yes' : 'report.no'),
        ]),
      },
      {
        heading: t(lang, 'report.questions'),
        columns: cols(lang, 'no', 'question', 'answered', 'correctRate'),
        widths: [30, '*', 60, 70],
        rows: r.questions.map((q, i) => [i + 1, q.content, q.answered, q.correctRate]),
      },
      {
        heading: t(lang, 'report.distribution'),
        columns: cols(lang, 'band', 'count'),
        widths: ['*', 80],
        rows: r.distribution.map((d) => [d.band, d.count]),
      },
    ],
  }
}

export function courseProgressDocument(lang: Lang, p: CourseProgress, at: string): ReportDocument {
  return {
    title: `${t(lang, 'report.courseProgress')}：${p.title}`,
    lines: [
      t(lang, 'report.generatedAt', { at }),
      t(lang, 'report.progressSummary', {
        wares: p.wares,
        learners: p.learners.length,
        completed: p.completed,
        average: p.average,
      }),
    ],
    tables: [
      {
        heading: t(lang, 'report.learners'),
        columns: cols(lang, 'no', 'name', 'account', 'done', 'progress', 'lastLearn'),
        widths: [30, '*', '*', 60, 60, 110],
        rows: p.learners.map((l, i) => [
          i + 1,
          l.realName,
          l.account,
          `${l.done}/${p.wares}`,
          l.progress,
          l.lastLearnTime ?? '',
        ]),
      },
    ],
  }
}
