/**
 * The statistics as a workbook to download (the blob export): one sheet per table of the figures, headed in the
 * caller's language. It takes the figures the JSON endpoints answer, so the two never differ.
 */
import { defineMessages, t, type Lang } from '../../lib/messages.ts'
import { loadExcel } from '../../lib/lazy-libs.ts'
import type { courseStatisticsOf, exerciseStatisticsOf, userStatisticsOf } from './statistics.ts'

defineMessages({
  'stats.courses': { zh: '课程统计', en: 'Courses' },
  'stats.enrolmentsByDay': { zh: '每日选课', en: 'Enrolments per day' },
  'stats.hotByDay': { zh: '热门课程每日选课', en: 'Hot courses per day' },
  'stats.questions': { zh: '题目正确率', en: 'Questions' },
  'stats.points': { zh: '知识点', en: 'Knowledge points' },
  'stats.hardest': { zh: '最难题目', en: 'Hardest questions' },
  'stats.activeByDay': { zh: '每日活跃学员', en: 'Active learners per day' },
  'stats.byDept': { zh: '按部门', en: 'By department' },
  'stats.col': {
    zh: '课程|选课人数|完成人数|完成率（%）|评价数|平均评分|日期|人数|题目|知识点|作答次数|正确率（%）|部门',
    en: 'Course|Enrolments|Completed|Completion (%)|Ratings|Average rating|Day|Count|Question|Knowledge point|Answers|Correct (%)|Department',
  },
})

type Sheet = [title: string, columns: number[], rows: (string | number)[][]]

export type StatisticsKind = 'course' | 'exercise' | 'user'
export type Figures = {
  course: Awaited<ReturnType<typeof courseStatisticsOf>>
  exercise: Awaited<ReturnType<typeof exerciseStatisticsOf>>
  user: Awaited<ReturnType<typeof userStatisticsOf>>
}

function sheets<K extends StatisticsKind>(lang: Lang, kind: K, f: Figures[K]): Sheet[] {
  if (kind === 'course') {
    const c = f as Figures['course']
    return [
      [
        t(lang, 'stats.courses'),
        [0, 1, 2, 3, 4, 5],
        c.courses.map((r) => [r.title, r.enrolments, r.completed, r.completionRate, r.ratings, r.rating]),
      ],
      [t(lang, 'stats.enrolmentsByDay'), [6, 7], c.enrolmentsByDay.map((d) => [d.day, d.count])],
      [t(lang, 'stats.hotByDay'), [6, 0, 7], c.hotByDay.map((d) => [d.day, d.title, d.count])],
    ]
  }
  if (kind === 'exercise') {
    const e = f as Figures['exercise']
    const q = (r: Figures['exercise']['questions'][number]) => [r.content, r.point, r.answered, r.correctRate]
    return [
      [t(lang, 'stats.questions'), [8, 9, 10, 11], e.questions.map(q)],
      [t(lang, 'stats.points'), [9, 10, 11], e.points.map((p) => [p.point, p.answered, p.correctRate])],
      [t(lang, 'stats.hardest'), [8, 9, 10, 11], e.hardest.map(q)],
    ]
  }
  const u = f as Figures['user']
  return [
    [t(lang, 'stats.activeByDay'), [6, 7], u.activeByDay.map((d) => [d.day, d.count])],
    [t(lang, 'stats.byDept'), [12, 7], u.byDept.map((d) => [d.deptName, d.count])],
  ]
}

export async function statisticsWorkbook<K extends StatisticsKind>(lang: Lang, kind: K, f: Figures[K]) {
  const names = t(lang, 'stats.col').split('|')
  const wb = new (await loadExcel()).Workbook()
  for (const [title, columns, rows] of sheets(lang, kind, f)) {
    const sheet = wb.addWorksheet(title)
    sheet.addRow(columns.map((i) => names[i])).font = { bold: true }
    for (const row of rows) sheet.addRow(row)
  }
  return new Uint8Array(await wb.xlsx.writeBuffer())
}
