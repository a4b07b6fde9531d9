import { integer, table, text } from './dialect.ts'
import { commonColumns, scopedListIndex } from './common.ts'

/**
 * A printable report (blade-report/report/rest): asked for by a member of staff, rendered by a durable job into the
 * file store. kind: examResults (subjectId an exam) or courseProgress (a course); format pdf or xlsx; lang the
 * requester's language, which the file is written in. state: 0 queued, 1 ready, 2 failed.
 */
export const report = table(
  'blade_report',
  {
    ...commonColumns(),
    name: text().notNull(),
    kind: text().notNull(),
    format: text().notNull(),
    subjectId: text().notNull(),
    lang: text().notNull(),
    state: integer().notNull().default(0),
    /** The stored file (/upload/<key>, private) once ready. */
    fileLink: text(),
    fileSize: integer(),
    error: text(),
  },
  (t) => [scopedListIndex('report', t)],
)
