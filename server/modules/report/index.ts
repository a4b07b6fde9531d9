import { Elysia } from 'elysia'
import type { Services } from '../../lib/context.ts'
import { reportResource } from './report.ts'
import { rememberReportFiles } from './report-files.ts'

/** blade-report: printable reports of exams and courses, rendered by a job into the file store. */
export const reportModule = (s: Services) => {
  rememberReportFiles(s)
  return new Elysia({ name: 'report-module', seed: s.id }).use(reportResource.routes(s))
}
