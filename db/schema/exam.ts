import { index, integer, real, table, text, uniqueIndex } from './dialect.ts'
import { commonColumns, scopedListIndex } from './common.ts'

/**
 * Question bank. The stem, options, accepted blank answers and the reference
 * answer are stored structurally (question_option, question_blank rows), never
 * as one opaque string, so grading, import/export and shuffling read them as data.
 */
export const question = table(
  'hm_question',
  {
    ...commonColumns(),
    cover: text(),
    title: text(),
    /** The stem: rich text, sanitised on the server. */
    content: text().notNull(),
    examCenter: text(),
    /** Explanation shown after answering: rich text, sanitised. */
    analysis: text(),
    answerId: text(),
    endIp: text(),
    author: text(),
    /** Dictionary question_type: 1 single, 2 multiple, 3 true/false, 4 fill-in, 5 short answer. */
    type: integer().notNull(),
    /** Dictionary question_hard: 1 easy, 2 medium, 3 hard. */
    hard: integer().notNull().default(1),
    /** Reference answer of a short-answer question (the teacher's guide); for other types a read-only summary. */
    answer: text(),
    courseName: text(),
    bankType: text(),
    /** Default points when the question is put on a paper. */
    score: real().notNull().default(1),
    /** A programming/lab question may point at an experiment. */
    experimentId: text(),
  },
  (t) => [scopedListIndex('hm_question', t), index('ix_hm_question_type').on(t.tenantId, t.type, t.hard)],
)

/** A choice of a single/multiple/true-false question. label is A, B, C… in stored order. */
export const questionOption = table(
  'hm_question_option',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    questionId: text().notNull(),
    label: text().notNull(),
    content: text().notNull(),
    isCorrect: integer().notNull().default(0),
    /**
     * Share of the points this option is worth when picked, -1…1 (Moodle's grade fractions: partial credit,
     * negative marking). NULL for questions without fractions, which keep the all-or-nothing / proportional rule.
     */
    fraction: real(),
    sort: integer().notNull(),
  },
  (t) => [index('ix_hm_question_option_q').on(t.questionId, t.sort)],
)

/** One accepted answer of one blank; a blank with alternatives has several rows with the same blankNo. */
export const questionBlank = table(
  'hm_question_blank',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    questionId: text().notNull(),
    blankNo: integer().notNull(),
    answer: text().notNull(),
    sort: integer().notNull(),
  },
  (t) => [index('ix_hm_question_blank_q').on(t.questionId, t.blankNo, t.sort)],
)

/** Paper (also a competition's paper). score is the sum of its questions' points, kept by the server. */
export const paper = table(
  'hm_paper',
  {
    ...commonColumns(),
    name: text().notNull(),
    /** Dictionary paper_type. */
    type: integer().notNull().default(2),
    score: real().notNull().default(0),
  },
  (t) => [scopedListIndex('hm_paper', t)],
)

export const paperQuestion = table(
  'hm_paper_question',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    paperId: text().notNull(),
    questionId: text().notNull(),
    score: real().notNull(),
    sort: integer().notNull(),
  },
  (t) => [index('ix_hm_paper_question_p').on(t.paperId, t.sort)],
)

/** An exam (paper time): a window, a duration and the papers one of which each candidate draws. */
export const paperTime = table(
  'hm_paper_time',
  {
    ...commonColumns(),
    title: text().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    /** Minutes a candidate has from opening the paper (never beyond endTime). */
    duration: integer().notNull().default(60),
    /** Comma-joined paper ids; each candidate draws one. */
    paperIds: text().notNull(),
    /** Comma-joined exam group ids and class (dept) ids naming the candidates; both empty = every learner of the tenant. */
    groupIds: text(),
    classIds: text(),
    candidatesNumber: integer().notNull().default(0),
    content: text(),
    /** 1: learners see their score once results are distributed. */
    showScore: integer().notNull().default(1),
    /** 1: question and option order shuffled per candidate. */
    shuffle: integer().notNull().default(0),
    /** 0 exam, 1 student competition, 2 company competition. */
    category: integer().notNull().default(0),
    cover: text(),
    distributed: integer().notNull().default(0),
    distributeTime: text(),
  },
  (t) => [scopedListIndex('hm_paper_time', t)],
)

/**
 * One candidate's sitting. State and deadline live here, so a restart, another
 * browser or a sweep after the deadline all see the same truth.
 * state: 1 answering, 2 submitted (awaiting correction when subjective), 3 corrected.
 */
export const paperTimeUser = table(
  'hm_paper_time_user',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    paperTimeId: text().notNull(),
    userId: text().notNull(),
    userName: text(),
    classId: text(),
    paperId: text().notNull(),
    state: integer().notNull().default(1),
    startTime: text().notNull(),
    /** Epoch milliseconds the answering ends (server clock). */
    deadline: integer().notNull(),
    submitTime: text(),
    /** 1 submitted by the learner, 2 automatically when time ran out. */
    submitKind: integer(),
    objectiveScore: real(),
    subjectiveScore: real(),
    score: real(),
    correctUser: text(),
    correctTime: text(),
  },
  (t) => [
    uniqueIndex('ux_hm_ptu_user').on(t.paperTimeId, t.userId),
    index('ix_hm_ptu_deadline').on(t.state, t.deadline),
  ],
)

/**
 * A candidate's answer to one question. version is the client's per-question
 * counter: a save only replaces a stored answer with a higher version, so a
 * replayed or late save never overwrites a newer one.
 */
export const paperAnswer = table(
  'hm_paper_answer',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    paperTimeUserId: text().notNull(),
    questionId: text().notNull(),
    /** JSON: option ids for choices, strings per blank for fill-in, text for short answers. */
    answer: text().notNull(),
    version: integer().notNull(),
    saveTime: text().notNull(),
    score: real(),
    /** 1 right, 0 wrong, 2 partly right; null until graded. */
    correct: integer(),
    comment: text(),
  },
  (t) => [uniqueIndex('ux_hm_paper_answer').on(t.paperTimeUserId, t.questionId)],
)

/** Exam/student group (card grid): a set of students picked within classes. */
export const examGroup = table(
  'hm_exam_group',
  {
    ...commonColumns(),
    category: text(),
    title: text().notNull(),
    cover: text(),
    classIds: text().notNull(),
    studentIds: text().notNull(),
    studentNumber: integer().notNull().default(0),
  },
  (t) => [scopedListIndex('hm_exam_group', t)],
)

/** A team with a practice question set (a paper). */
export const team = table(
  'hm_team',
  {
    ...commonColumns(),
    name: text().notNull(),
    cover: text(),
    intro: text(),
    paperId: text(),
  },
  (t) => [scopedListIndex('hm_team', t)],
)

export const teamUser = table(
  'hm_team_user',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    teamId: text().notNull(),
    userId: text().notNull(),
    classId: text(),
    createTime: text(),
  },
  (t) => [uniqueIndex('ux_hm_team_user').on(t.teamId, t.userId)],
)

/** A learner's favourite question. */
export const questionCollect = table(
  'hm_question_collect',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    userId: text().notNull(),
    questionId: text().notNull(),
    createTime: text().notNull(),
  },
  (t) => [uniqueIndex('ux_hm_question_collect').on(t.userId, t.questionId)],
)

/** Wrong-answer book: one row per learner and question, with the last wrong answer. */
export const questionError = table(
  'hm_question_error',
  {
    id: text().primaryKey(),
    tenantId: text().notNull(),
    userId: text().notNull(),
    questionId: text().notNull(),
    lastAnswer: text().notNull(),
    times: integer().notNull().default(1),
    updateTime: text().notNull(),
  },
  (t) => [uniqueIndex('ux_hm_question_error').on(t.userId, t.questionId)],
)
