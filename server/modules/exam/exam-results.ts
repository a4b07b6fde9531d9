/**
 * An exam's statistics as an xlsx download. The rest of the staff side of
 * sittings (the list, correction sheet, correcting, statistics) is declared as
 * actions of the exam resource (exam-marking.ts, spread into paper-time.ts).
 */
import { Elysia } from 'elysia'
import ExcelJS from 'exceljs'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { defineMessages, t as say } from '../../lib/messages.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { query as queryOf, text } from '../../lib/request-schema.ts'
import { statistics } from './exam-marking.ts'
import { paperTimeResource } from './paper-time.ts'
import { finalizeExpired } from './sitting.ts'

export { sheet } from './exam-marking.ts'

defineMessages({
  'exam.stats.sheet': { zh: '成绩', en: 'Scores' },
  'exam.stats.questions': { zh: '题目正确率', en: 'Questions' },
  'exam.stats.classes': { zh: '班级平均分', en: 'Classes' },
})

/** The statistics action's answer as a workbook: scores, questions' correct rates, classes' averages. */
async function statisticsXlsx(ctx: Ctx, examId: string | undefined): Promise<Uint8Array> {
  const exam = await paperTimeResource.ops.detail(ctx, examId)
  await finalizeExpired(ctx.db, { examId: exam.id })
  const st = await statistics(ctx, exam)
  const wb = new ExcelJS.Workbook()
  const names = new Map(st.classes.map((c) => [c.classId, c.className]))
  const s1 = wb.addWorksheet(say(ctx.lang, 'exam.stats.sheet'))
  s1.addRow(['userName', 'class', 'score', 'submitTime'])
  for (const s of st.scores) s1.addRow([s.userName, names.get(s.classId ?? '') ?? '', s.score, s.submitTime])
  const s2 = wb.addWorksheet(say(ctx.lang, 'exam.stats.questions'))
  s2.addRow(['questionId', 'content', 'type', 'answered', 'correctRate%'])
  for (const q of st.questions) s2.addRow([q.questionId, q.content, q.type, q.answered, q.correctRate])
  const s3 = wb.addWorksheet(say(ctx.lang, 'exam.stats.classes'))
  s3.addRow(['class', 'count', 'average'])
  for (const c of st.classes) s3.addRow([c.className, c.count, c.average])
  return new Uint8Array(await wb.xlsx.writeBuffer())
}

export const examResultRoutes = (s: Services) =>
  handWritten(
    "an exam's statistics as an xlsx download: a file answered as bytes, not the envelope an action answers",
    new Elysia({ prefix: '/api/hm-paperTime/paperTime' }).use(authContext(s)).get(
      '/exportStatistics',
      async ({ ctx, query, set }) => {
        const bytes = await statisticsXlsx(ctx, query.id)
        set.headers['content-type'] = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        set.headers['content-disposition'] = `attachment; filename="exam-${query.id}.xlsx"`
        return new Response(new Blob([bytes as BlobPart]))
      },
      { perm: paperTimeResource.perms.list, query: queryOf({ id: text('id') }) },
    ),
  )
