import { index, integer, real, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, money, scopedListIndex } from './common.ts'

/** Courses (type 1) and training camps (type 2). createUser is the teacher (spec §3). */
export const course = table(
  'hm_course',
  {
    ...commonColumns(),
    type: integer().notNull().default(1),
    /** Up to 3 comma-joined image links. */
    cover: text(),
    title: text().notNull(),
    specialId: integer(),
    cateId: integer(),
    levelId: integer(),
    intro: text(),
    content: text(),
    standard: text(),
    position: text(),
    target: text(),
    /** 1: enrolment waits for a teacher's approval. */
    isAuth: integer().notNull().default(0),
    sort: integer().notNull().default(0),
    /** Hot courses on the portal home, in hotSort order. */
    isHot: integer().notNull().default(0),
    hotSort: integer().notNull().default(0),
    /** 1: a practice course (/home/practice-course). */
    isPractice: integer().notNull().default(0),
    /** Price in fen; 0 is free. A priced course or camp is joined by paying an order (server/modules/pay). */
    price: money().notNull().default(0),
  },
  (t) => [scopedListIndex('course', t)],
)

export const courseSection = table(
  'hm_course_section',
  {
    ...commonColumns(),
    courseId: text().notNull(),
    title: text().notNull(),
    content: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_section_course').on(t.courseId), scopedListIndex('course_section', t)],
)

/** A section's links to downloads, questions and courseware (one table each, as the spec's calls). */
export const sectionDownload = table(
  'hm_course_section_download',
  {
    ...commonColumns(),
    sectionId: text().notNull(),
    downloadId: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_section_download').on(t.sectionId), scopedListIndex('section_download', t)],
)
export const sectionQuestion = table(
  'hm_course_section_question',
  {
    ...commonColumns(),
    sectionId: text().notNull(),
    questionId: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_section_question').on(t.sectionId), scopedListIndex('section_question', t)],
)
export const sectionWare = table(
  'hm_course_section_ware',
  {
    ...commonColumns(),
    sectionId: text().notNull(),
    wareId: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_section_ware').on(t.sectionId), scopedListIndex('section_ware', t)],
)

/** Courseware: a document, a video (transcoded by a job), Markdown, or experiment steps. */
export const courseWare = table(
  'hm_course_ware',
  {
    ...commonColumns(),
    title: text().notNull(),
    /** 1 course ware, 2 experiment. */
    screen: integer().notNull(),
    /** 1 document, 2 video, 3 markdown, 4 experiment steps. */
    type: integer().notNull(),
    fileAddress: text(),
    /** 0 local, 1/2/4/5 cloud kinds (spec); ours: 0 local disk, 1 S3-compatible. */
    saveType: integer().notNull().default(0),
    saveKey: text(),
    isTranscoding: integer().notNull().default(0),
    /** 0 failed, 1 transcoded, 2 waiting. */
    transcodingStatus: integer(),
    /** The transcoded stream (MP4, faststart) the learn page plays. */
    playAddress: text(),
    /** Seconds. */
    playTime: integer(),
    /** Markdown body for type 3. */
    content: text(),
    token: text(),
    skey: text(),
  },
  (t) => [scopedListIndex('course_ware', t)],
)

export const wareStep = table(
  'hm_ware_step',
  {
    ...commonColumns(),
    wareId: text().notNull(),
    title: text().notNull(),
    content: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_ware_step_ware').on(t.wareId), scopedListIndex('ware_step', t)],
)

/** Enrolment. status: 0 pending review, 1 approved, 2 rejected. source: 1 sign-up, 2 added by staff, 3 card, 4 paid order. */
export const courseUser = table(
  'hm_course_user',
  {
    ...commonColumns(),
    courseId: text().notNull(),
    userId: text().notNull(),
    source: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('uq_course_user').on(t.tenantId, t.courseId, t.userId),
    index('ix_course_user_user').on(t.userId),
    scopedListIndex('course_user', t),
  ],
)

/** Learning progress per learner and courseware (courseStatistics/save), resumed on the learn page. */
export const courseStatistics = table(
  'hm_course_statistics',
  {
    ...commonColumns(),
    courseId: text().notNull(),
    sectionId: text(),
    wareId: text().notNull(),
    userId: text().notNull(),
    /** Seconds into a video, or the step reached. */
    position: real().notNull().default(0),
    /** 0–100. */
    progress: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('uq_course_statistics').on(t.tenantId, t.userId, t.wareId),
    index('ix_course_statistics_course').on(t.courseId, t.userId),
    scopedListIndex('course_statistics', t),
  ],
)

/** Activation cards: status from activation_status (0 not activated, 1 activated, 2 expired). */
export const courseCard = table(
  'hm_course_card',
  {
    ...commonColumns(),
    cardNumber: text().notNull(),
    type: integer().notNull().default(1),
    courseId: text().notNull(),
    batchNo: text(),
    userId: text(),
    useTime: text(),
    expireTime: text(),
  },
  (t) => [uniqueIndex('uq_course_card_tenant_number').on(t.tenantId, t.cardNumber), scopedListIndex('course_card', t)],
)

/** Ratings: four stars and a text, one per learner per course. */
export const courseEvaluate = table(
  'hm_course_evaluate',
  {
    ...commonColumns(),
    courseId: text().notNull(),
    userId: text().notNull(),
    targetEvaluate: integer().notNull(),
    contentEvaluate: integer().notNull(),
    methodEvaluate: integer().notNull(),
    effectEvaluate: integer().notNull(),
    evaluate: text(),
  },
  (t) => [
    uniqueIndex('uq_course_evaluate').on(t.tenantId, t.courseId, t.userId),
    scopedListIndex('course_evaluate', t),
  ],
)

export const series = table(
  'blade_series',
  {
    ...commonColumns(),
    cover: text(),
    title: text().notNull(),
    intro: text(),
    content: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('series', t)],
)

export const courseSeries = table(
  'blade_course_series',
  {
    ...commonColumns(),
    seriesId: text().notNull(),
    courseId: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('ix_course_series_series').on(t.seriesId), scopedListIndex('course_series', t)],
)
