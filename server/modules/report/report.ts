/**
 * Printable reports (blade-report/report/rest): `list` and `remove` as the contract names them, and `generate`,
 * which checks the caller may see the exam or course (its menu's data scope: a teacher their own), records the
 * report and enqueues its rendering in the same transaction. The list signs a download link for each ready file;
 * removing a report deletes its file too.
 */
import { Type } from '@sinclair/typebox'
import { and, eq } from 'drizzle-orm'
import { course, paperTime, report } from '../../../db/schema/index.ts'
import { reportFields } from '../../../db/fields/report.ts'
import type { Ctx } from '../../lib/context.ts'
import { notFound } from '../../lib/errors.ts'
import { enqueue } from '../../lib/jobs.ts'
import { t } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { first } from '../../lib/rows.ts'
import { courseResource } from '../course/course.ts'
import { paperTimeResource } from '../exam/paper-time.ts'
import { dropStoredFile, reportFiles } from './report-files.ts'
import { REPORT_JOB, REPORT_STATE } from './report-job.ts'
import './report-text.ts'
import { statisticsWorkbook, type StatisticsKind } from './statistics-export.ts'
import { courseStatisticsOf, exerciseStatisticsOf, userStatisticsOf } from './statistics.ts'

/** The dashboard's statistics: whoever holds the dashboard (staff), over the rows their menus' data scopes show. */
const STATS = '/api/blade-report/statistics'
const DASHBOARD = 'desk:dashboard'
const statisticsOf = {
  course: courseStatisticsOf,
  exercise: exerciseStatisticsOf,
  user: userStatisticsOf,
} satisfies Record<StatisticsKind, unknown>
const daysQuery = {
  days: Type.Optional(
    Type.String({
      pattern: '^([1-9]\\d{0,1}|[12]\\d{2}|3[0-5]\\d|36[0-6])$',
      error: 'report.days',
      description: 'the last 1–366 days (30)',
    }),
  ),
}
const daysOf = (q: Record<string, string | undefined>) => Number(q.days ?? 30)
const statisticsAction = (kind: StatisticsKind) => ({
  method: 'GET' as const,
  path: `${STATS}/${kind}`,
  button: DASHBOARD,
  body: daysQuery,
  run: (ctx: Ctx, { query }: { query: Record<string, string | undefined> }) => statisticsOf[kind](ctx, daysOf(query)),
})

const literals = (values: string[], error: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { error },
  )

/** The exam or course a report is about, as the caller may see it: another school's or a colleague's is a 404. */
async function subjectTitle(ctx: Ctx, kind: string, id: string): Promise<string> {
  const found =
    kind === 'examResults'
      ? await first(
          ctx.db
            .select({ title: paperTime.title })
            .from(paperTime)
            .where(and(await paperTimeResource.scope(ctx), eq(paperTime.id, id))),
        )
      : await first(
          ctx.db
            .select({ title: course.title })
            .from(course)
            .where(and(await courseResource.scope(ctx), eq(course.id, id))),
        )
  if (!found) throw notFound()
  return found.title
}

export const reportResource = defineResource({
  table: report,
  path: '/api/blade-report/report/rest',
  code: 'report:report',
  search: ['name'],
  filters: ['kind', 'format', 'state'],
  dates: ['createTime'],
  fields: reportFields,
  // Reports are asked for through generate and written only by their job.
  skip: ['submit'],
  perms: { add: 'report:report:generate' },
  access: { edit: () => false },
  read: {
    rows: (ctx, rows) => {
      const files = reportFiles(ctx.db)
      return rows.map((r) => ({
        ...r,
        downloadUrl: r.state === REPORT_STATE.ready && typeof r.fileLink === 'string' ? files.sign(r.fileLink) : null,
      }))
    },
  },
  actions: {
    generate: {
      button: 'generate',
      body: {
        kind: literals(['examResults', 'courseProgress'], 'report.kind'),
        format: literals(['pdf', 'xlsx'], 'report.format'),
        subjectId: Type.String({ pattern: '^\\d{1,20}$', error: 'report.subjectId' }),
      },
      messages: { kind: 'report.kind', format: 'report.format', subjectId: 'report.subjectId' },
      message: 'report.generating',
      run: async (ctx, { body }): Promise<unknown> => {
        const kind = String(body.kind)
        const title = await subjectTitle(ctx, kind, String(body.subjectId))
        return reportResource.ops.submit(ctx, {
          name: `${t(ctx.lang, `report.${kind}`)}：${title}`.slice(0, 200),
          kind,
          format: body.format,
          subjectId: body.subjectId,
          lang: ctx.lang,
          state: REPORT_STATE.queued,
        })
      },
    },
    courseStatistics: statisticsAction('course'),
    exerciseStatistics: statisticsAction('exercise'),
    userStatistics: statisticsAction('user'),
    // The blob export: the same figures as a workbook to download.
    exportStatistics: {
      method: 'GET',
      path: `${STATS}/export`,
      button: DASHBOARD,
      body: { ...daysQuery, type: literals(['course', 'exercise', 'user'], 'report.statisticsType') },
      messages: { type: 'report.statisticsType' },
      run: async (ctx, { query }) => {
        const kind = query.type as StatisticsKind
        const bytes = await statisticsWorkbook(ctx.lang, kind, await statisticsOf[kind](ctx, daysOf(query)))
        return new Response(new Blob([bytes as BlobPart]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="statistics-${kind}.xlsx"`,
          },
        })
      },
    },
  },
  afterWrite: async (_ctx, w, tx) => {
    // The rendering commits with the report row, so neither exists without the other.
    if (w.op === 'insert')
      await enqueue(
        tx,
        REPORT_JOB,
        { id: w.values.id },
        { tenantId: String(w.values.tenantId), ref: String(w.values.id) },
      )
  },
  afterCommit: async (ctx, w) => {
    if (w.op !== 'remove') return
    for (const r of w.before) if (r.fileLink) await dropStoredFile(ctx.db, r.fileLink)
  },
})
