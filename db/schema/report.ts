import { index, integer, primaryKey, table, text } from './dialect.ts'
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

/**
 * Graded answers per exam, question and day (the day of the answer's last save), for the dashboard's exercise
 * statistics: a million answer rows fold into a few thousand here. Kept by the database itself — triggers on
 * hm_paper_answer (db/migrations 0037_report_answer_day, db/migrations-pg 0019_report_answer_day) add and take away
 * an answer as its `correct` is set, changed or removed, in the statement that writes it, whoever writes. An answer
 * counts once graded: a save while answering leaves `correct` null and this table alone.
 */
export const reportAnswerDay = table(
  'report_answer_day',
  {
    tenantId: text().notNull(),
    paperTimeId: text().notNull(),
    questionId: text().notNull(),
    /** yyyy-MM-dd */
    day: text().notNull(),
    answered: integer().notNull().default(0),
    /** Answers fully right (correct = 1). */
    rightCount: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.paperTimeId, t.questionId, t.day] }),
    index('ix_report_answer_day_tenant').on(t.tenantId, t.day),
  ],
)

/**
 * Who was active on which day in which course or exam (subjectId: a course's or an exam's id), for the dashboard's
 * user figures: one row however often the learner saved progress that day. Kept by the database itself — triggers on
 * hm_course_statistics (its update_time) and hm_paper_time_user (its start_time), db/migrations
 * 0039_report_learner_day and db/migrations-pg 0021_report_learner_day — in the statement that writes those rows.
 * A day once active stays active: activity is history, whatever happens to the row later.
 */
export const reportLearnerDay = table(
  'report_learner_day',
  {
    tenantId: text().notNull(),
    subjectId: text().notNull(),
    /** yyyy-MM-dd */
    day: text().notNull(),
    userId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.day, t.userId] })],
)
