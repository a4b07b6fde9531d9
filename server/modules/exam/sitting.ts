/**
 * Taking an exam: one sitting per candidate (hm_paper_time_user) holding the
 * drawn paper, the deadline on the server's clock and the state; one answer row
 * per question with a version. All of it is in SQLite, so a reload, another
 * browser, a server restart or a kill -9 finds the same state.
 *
 * - A save is committed (WAL) before it is acknowledged, and only replaces a
 *   stored answer with a higher version: replays and late duplicates are no-ops.
 * - Saves are accepted while takesAnswers() says so (closing.ts: the deadline
 *   plus a grace for network latency); the sitting is then finalised (graded as submitted automatically) by whichever comes
 *   first: any exam call touching it, or the sweep main.ts runs.
 * - Submit is a conditional state change (state 1 → 2): a second submit finds
 *   nothing to change and is refused.
 * - Only a published exam (status 1) is opened, sat or saved to: a draft is 404.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { paperAnswer, paperQuestion, paperTime, paperTimeUser, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Db } from '../../lib/db.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineMessages } from '../../lib/messages.ts'
import { bound, prepared } from '../../lib/prepared.ts'
import { changed, first } from '../../lib/rows.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { writeBatches } from '../../lib/write-batch.ts'
import { formatDateTime, now } from '../../lib/time.ts'
import { isCandidate, splitIds } from './candidates.ts'
import { grade, isObjective, isResponseShape, parseResponse } from './grading.ts'
import { paperQuestions } from './paper.ts'
import { paperKey, recordGrade, storedAnswers } from './paper-key.ts'
import { learnerView } from './question-store.ts'
import { ownRows, publicRows, tenantRows } from '../../lib/tenant-rows.ts'
import { ANSWERING, closedDeadlineCut, CORRECTED, SUBMITTED, takesAnswers, toEpoch } from './closing.ts'

export { ANSWERING, CORRECTED, GRACE_MS, SUBMITTED, toEpoch } from './closing.ts'

defineMessages({
  'exam.notStarted': { zh: '考试尚未开始', en: 'the exam has not started yet' },
  'exam.ended': { zh: '考试已结束', en: 'the exam has ended' },
  'exam.notCandidate': { zh: '你不在本场考试的考生名单中', en: 'you are not a candidate of this exam' },
  'exam.alreadySubmitted': { zh: '试卷已提交，不能重复提交', en: 'the paper has already been submitted' },
  'exam.timeUp': { zh: '考试时间已到，答案未被接受', en: 'time is up: the answer was not accepted' },
  'exam.notInPaper': { zh: '该题不在你的试卷中', en: 'that question is not on your paper' },
  'exam.answer': { zh: '答案格式无效', en: 'the answer is not valid' },
  'exam.version': { zh: '版本号必须是正整数', en: 'version must be a positive whole number' },
  'exam.notSitting': { zh: '尚未开始答题', en: 'you have not started this exam' },
})

export type Sitting = typeof paperTimeUser.$inferSelect
export type Exam = typeof paperTime.$inferSelect

/** Where an exam stands on the server's clock: the portal's exam and competition cards both show it. */
export type Phase = 'notStarted' | 'open' | 'ended'
export const phaseOf = (e: Pick<Exam, 'startTime' | 'endTime'>, t = Date.now()): Phase =>
  t < toEpoch(e.startTime) ? 'notStarted' : t >= toEpoch(e.endTime) ? 'ended' : 'open'

/** An exam's status: 0 is a draft nobody may open or sit. */
export const PUBLISHED = 1

export async function findExam(ctx: Ctx, id: string | undefined): Promise<Exam> {
  if (!id || !/^\d{1,20}$/.test(id)) throw badRequest('validation.id', { field: 'timeId' }, 'timeId')
  const exam = await first(
    prepared(ctx.db, 'exam.find', (d) =>
      d
        .select()
        .from(paperTime)
        .where(
          and(
            eq(paperTime.id, sql.placeholder('id')),
            publicRows(paperTime, sql.placeholder('tenantId'), {
              why: "a learner opens any of the tenant's published exams; the callers check candidacy and the window",
            }),
            eq(paperTime.status, PUBLISHED),
          ),
        )
        .prepare(),
    ).execute({ id, tenantId: ctx.actor.tenantId }),
  )
  if (!exam) throw notFound()
  return exam
}

export const mySitting = (ctx: Ctx, examId: string) =>
  first(
    ctx.db
      .select()
      .from(paperTimeUser)
      .where(and(eq(paperTimeUser.paperTimeId, examId), ownRows(paperTimeUser, ctx))),
  )

/** mulberry32 seeded from the sitting id: the same candidate always sees the same order, nothing extra stored. */
export function rng(seed: string) {
  let a = 0
  for (const c of seed) a = (Math.imul(a, 31) + c.charCodeAt(0)) | 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
export function shuffled<T>(list: T[], next: () => number): T[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** Opens (or returns) the caller's sitting: window, candidate list and the drawn paper are checked here. */
export async function startSitting(ctx: Ctx, exam: Exam): Promise<Sitting> {
  await finalizeExpired(ctx.db, { sittingOf: { examId: exam.id, userId: ctx.actor.userId } })
  const existing = await mySitting(ctx, exam.id)
  if (existing) {
    if (existing.state !== ANSWERING) throw new ApiError(409, 'exam.alreadySubmitted')
    return existing
  }
  const t = Date.now()
  if (t < toEpoch(exam.startTime)) throw new ApiError(409, 'exam.notStarted')
  if (t >= toEpoch(exam.endTime)) throw new ApiError(409, 'exam.ended')
  if (!(await isCandidate(ctx.db, exam, ctx.actor.userId))) throw new ApiError(403, 'exam.notCandidate')
  const papers = splitIds(exam.paperIds)
  const paperId = papers[Math.floor(Math.random() * papers.length)]
  const me = await first(
    ctx.db.select({ realName: user.realName, deptId: user.deptId }).from(user).where(eq(user.id, ctx.actor.userId)),
  )
  const row: Sitting = {
    id: newId(),
    tenantId: ctx.actor.tenantId,
    paperTimeId: exam.id,
    userId: ctx.actor.userId,
    userName: me?.realName ?? ctx.actor.account,
    classId: me?.deptId.split(',')[0] || null,
    paperId,
    state: ANSWERING,
    startTime: now(),
    deadline: Math.min(t + exam.duration * 60_000, toEpoch(exam.endTime)),
    submitTime: null,
    submitKind: null,
    objectiveScore: null,
    subjectiveScore: null,
    score: null,
    correctUser: null,
    correctTime: null,
  }
  // Two tabs opening at once: the unique (exam, user) index keeps one sitting; both get it.
  await ctx.db.insert(paperTimeUser).values(row).onConflictDoNothing()
  return (await mySitting(ctx, exam.id))!
}

/** The paper as the candidate sees it: order (shuffled when the exam says so), points, no answer key; plus the stored answers. */
export async function sittingPaper(ctx: Ctx, exam: Exam, s: Sitting) {
  const qs = await paperQuestions(ctx, s.paperId)
  const next = rng(s.id)
  const ordered = exam.shuffle ? shuffled(qs, next) : qs
  const questions = ordered.map((q) => {
    const v = learnerView(q)
    return { ...v, points: q.points, options: exam.shuffle ? shuffled(v.options, next) : v.options }
  })
  const answers = await ctx.db
    .select({ questionId: paperAnswer.questionId, answer: paperAnswer.answer, version: paperAnswer.version })
    .from(paperAnswer)
    .where(eq(paperAnswer.paperTimeUserId, s.id))
  return {
    sittingId: s.id,
    timeId: exam.id,
    title: exam.title,
    content: exam.content,
    paperId: s.paperId,
    deadline: s.deadline,
    serverTime: Date.now(),
    state: s.state,
    totalScore: qs.reduce((a, q) => a + q.points, 0),
    questions,
    answers: Object.fromEntries(
      answers.map((a) => [a.questionId, { answer: parseResponse(a.answer), version: a.version }]),
    ),
  }
}

export interface SaveInput {
  questionId: string
  answer: unknown
  version: number
}

function checkSave(raw: unknown): SaveInput {
  const r = (raw ?? {}) as Record<string, unknown>
  const questionId = String(r.questionId ?? '')
  if (!/^\d{1,20}$/.test(questionId)) throw badRequest('validation.id', { field: 'questionId' }, 'questionId')
  const version = Number(r.version)
  if (!Number.isInteger(version) || version < 1 || version > 2 ** 31)
    throw badRequest('exam.version', { field: 'version' }, 'version')
  const a = r.answer
  if (!isResponseShape(a)) throw badRequest('exam.answer', { field: 'answer' }, 'answer')
  return { questionId, answer: a, version }
}

/**
 * The save path's statements, compiled once per database handle (prepared.ts): a save runs on every answer change
 * of every candidate, so it only binds and steps. Inside a transaction they are taken from its `tx`, so they run on
 * the transaction's connection.
 */
const saveStatements = (db: Db) =>
  prepared(db, 'exam.save', (d) => ({
    // A sitting of an exam put back to draft or removed is not found: it can no longer be sat.
    // The exam is checked by a sub-select on its primary key, not a join: bun:sqlite ran this join at 14 µs against
    // 2 µs (a join statement costs it a fixed few µs plus some per column), and this is the first read of every save.
    ownSitting: d
      .select()
      .from(paperTimeUser)
      .where(
        and(
          eq(paperTimeUser.id, sql.placeholder('id')),
          eq(paperTimeUser.userId, sql.placeholder('userId')),
          tenantRows(paperTimeUser, sql.placeholder('tenantId'), {
            why: "the caller's own sitting: the line above binds its user",
          }),
          sql`(select ${paperTime.status} = ${PUBLISHED} and ${paperTime.isDeleted} = 0 from ${paperTime} where ${paperTime.id} = ${paperTimeUser.paperTimeId})`,
        ),
      )
      .prepare(),
    onPaper: d
      .select({ id: paperQuestion.id })
      .from(paperQuestion)
      .where(
        and(eq(paperQuestion.paperId, sql.placeholder('paperId')), eq(paperQuestion.questionId, sql.placeholder('q'))),
      )
      .prepare(),
    // The lock a save holds on its sitting: only an open sitting before its deadline (plus grace) is touched. On
    // PostgreSQL the row stays locked until the save commits, so a close waits for it (and then grades the answer)
    // or, having closed first, makes this touch find nothing; on SQLite the transaction alone orders the two.
    open: d
      .update(paperTimeUser)
      .set({ state: ANSWERING })
      .where(
        and(
          eq(paperTimeUser.id, sql.placeholder('id')),
          eq(paperTimeUser.state, ANSWERING),
          gte(paperTimeUser.deadline, sql.placeholder('cut')),
        ),
      )
      .prepare(),
    // One statement stores the answer over a lower version and answers the stored version; nothing comes back when
    // the stored version was not lower (a replay or a late save), and `stored` tells which version won.
    upsert: d
      .insert(paperAnswer)
      .values({
        id: sql.placeholder('id'),
        tenantId: sql.placeholder('tenantId'),
        paperTimeUserId: sql.placeholder('sittingId'),
        questionId: sql.placeholder('q'),
        answer: sql.placeholder('answer'),
        version: sql.placeholder('version'),
        saveTime: sql.placeholder('saveTime'),
      })
      .onConflictDoUpdate({
        target: [paperAnswer.paperTimeUserId, paperAnswer.questionId],
        set: { answer: sql`excluded.answer`, version: sql`excluded.version`, saveTime: sql`excluded.save_time` },
        setWhere: sql`excluded.version > ${paperAnswer.version}`,
      })
      .returning({ version: paperAnswer.version })
      .prepare(),
    // Closing is conditional on the sitting still being open: of two submits, a submit and the sweep, one wins.
    claim: d
      .update(paperTimeUser)
      .set({ state: SUBMITTED, submitKind: bound('submitKind'), submitTime: bound('submitTime') })
      .where(and(eq(paperTimeUser.id, sql.placeholder('id')), eq(paperTimeUser.state, ANSWERING)))
      .prepare(),
    graded: d
      .update(paperTimeUser)
      .set({
        state: bound('state'),
        objectiveScore: bound('objectiveScore'),
        subjectiveScore: bound('subjectiveScore'),
        score: bound('score'),
      })
      .where(eq(paperTimeUser.id, sql.placeholder('id')))
      .prepare(),
    unanswered: d
      .insert(paperAnswer)
      .values({
        id: sql.placeholder('id'),
        tenantId: sql.placeholder('tenantId'),
        paperTimeUserId: sql.placeholder('sittingId'),
        questionId: sql.placeholder('q'),
        answer: 'null',
        version: 0,
        saveTime: sql.placeholder('saveTime'),
        score: bound('score'),
        correct: sql.placeholder('correct'),
      })
      .prepare(),
    stored: d
      .select({ version: paperAnswer.version })
      .from(paperAnswer)
      .where(
        and(
          eq(paperAnswer.paperTimeUserId, sql.placeholder('sittingId')),
          eq(paperAnswer.questionId, sql.placeholder('q')),
        ),
      )
      .prepare(),
  }))

/** The caller's own sitting by id: another learner's id is simply not found. */
export async function ownSitting(ctx: Ctx, sittingId: unknown): Promise<Sitting> {
  const id = String(sittingId ?? '')
  if (!/^\d{1,20}$/.test(id)) throw badRequest('validation.id', { field: 'sittingId' }, 'sittingId')
  const s = await first(
    saveStatements(ctx.db).ownSitting.execute({ id, userId: ctx.actor.userId, tenantId: ctx.actor.tenantId }),
  )
  if (!s) throw notFound()
  return s
}

export interface SaveResult {
  questionId: string
  version: number
  accepted: boolean
}

/**
 * Why a sitting takes no more answers: submitted already, or past its deadline, in which case it is submitted
 * automatically with what was saved (the sweep would do it anyway) and `late` says so.
 */
async function refusal(db: Db, s: Sitting, late: 'exam.timeUp' | 'exam.alreadySubmitted'): Promise<ApiError> {
  if (s.state !== ANSWERING) return new ApiError(409, 'exam.alreadySubmitted')
  await closeSitting(db, s, 2)
  return new ApiError(409, late)
}

/**
 * Stores answers and answers with the version now stored per question (the
 * client drops everything up to it from its queue). Committed before this
 * returns: the acknowledgement is the commit. The answers are written in one
 * transaction that first touches the sitting only while it is open (`open`):
 * a submit or the sweep that closed it first makes the save refused, one that
 * comes after grades the answers, so no acknowledged answer is left outside
 * the graded paper.
 */
export async function saveAnswers(ctx: Ctx, sittingId: unknown, raws: unknown[]): Promise<SaveResult[]> {
  const items = raws.map(checkSave)
  const s = await ownSitting(ctx, sittingId)
  if (!takesAnswers(s)) throw await refusal(ctx.db, s, 'exam.timeUp')
  const q = saveStatements(ctx.db)
  for (const i of items)
    if (!(await first(q.onPaper.execute({ paperId: s.paperId, q: i.questionId }))))
      throw badRequest('exam.notInPaper', { field: 'questionId' }, 'questionId')
  const saved = await writeSave(ctx.db, { s, items })
  if (saved) return saved
  // Closed or past its deadline since it was read: refused as if it had been so from the start.
  throw await refusal(ctx.db, await ownSitting(ctx, s.id), 'exam.timeUp')
}

/**
 * A save's own transaction: the sitting touched only while open (else null), then each answer upserted by version.
 * Committed together with the other saves of the same moment (write-batch.ts): at 200 learners at once a commit
 * (BEGIN IMMEDIATE and COMMIT, ~20 µs) was a sixth of a save, and one commit now carries the saves that arrived in
 * one event-loop turn. Each still answers only once that commit is done, and runs in a savepoint of its own, so one
 * that fails is refused alone. On PostgreSQL (and inside a caller's transaction) each commits on its own.
 */
const writeSave = writeBatches((db: Db, { s, items }: { s: Sitting; items: SaveInput[] }) =>
  withTransaction(db, async (tx) => {
    const t = saveStatements(tx)
    if (changed(await t.open.execute({ id: s.id, cut: closedDeadlineCut() })) !== 1) return null
    const out: SaveResult[] = []
    for (const i of items) {
      const won = await first(
        t.upsert.execute({
          id: newId(),
          tenantId: s.tenantId,
          sittingId: s.id,
          q: i.questionId,
          answer: JSON.stringify(i.answer),
          version: i.version,
          saveTime: now(),
        }),
      )
      const version = won?.version ?? (await first(t.stored.execute({ sittingId: s.id, q: i.questionId })))!.version
      out.push({ questionId: i.questionId, version, accepted: version === i.version })
    }
    return out
  }),
)

/**
 * Grades a sitting's stored answers and closes it, in one transaction; false when it was no longer open. The
 * conditional close comes first: it waits for a save holding the sitting (PostgreSQL) and makes later saves
 * refused, so the answers read after it are every answer that was acknowledged.
 */
async function closeSitting(db: Db, s: Sitting, kind: 1 | 2): Promise<boolean> {
  const qs = await paperKey(db, s.paperId)
  const stamp = kind === 2 ? formatDateTime(new Date(Math.min(Date.now(), s.deadline))) : now()
  return withTransaction(db, async (tx) => {
    const q = saveStatements(tx)
    if (changed(await q.claim.execute({ id: s.id, submitKind: kind, submitTime: stamp })) !== 1) return false
    const byQ = new Map((await storedAnswers(tx, s.id)).map((a) => [a.questionId, a]))
    const graded = qs.map((k) => ({ k, a: byQ.get(k.id), g: grade(k, parseResponse(byQ.get(k.id)?.answer)) }))
    const objective =
      Math.round(graded.filter((x) => isObjective(x.k.type)).reduce((t, x) => t + (x.g.score ?? 0), 0) * 100) / 100
    const subjectiveLeft = graded.some((x) => !isObjective(x.k.type))
    await q.graded.execute({
      id: s.id,
      state: subjectiveLeft ? SUBMITTED : CORRECTED,
      objectiveScore: objective,
      subjectiveScore: subjectiveLeft ? null : 0,
      score: subjectiveLeft ? null : objective,
    })
    for (const x of graded) {
      if (x.a) await recordGrade(tx, x.a.id, x.g.score, x.g.correct)
      // Unanswered questions get a row too, so corrections and statistics see every question.
      else
        await q.unanswered.execute({
          id: newId(),
          tenantId: s.tenantId,
          sittingId: s.id,
          q: x.k.id,
          saveTime: stamp,
          score: isObjective(x.k.type) ? 0 : null,
          correct: isObjective(x.k.type) ? 0 : null,
        })
    }
    return true
  })
}

/** The learner's submit: last answers (if sent) are saved first, in the same call, then the paper is graded. */
export async function submitSitting(ctx: Ctx, sittingId: unknown, last: unknown[] = []): Promise<Sitting> {
  const s = await ownSitting(ctx, sittingId)
  // Too late to submit by hand: it is submitted automatically with what was saved, as the sweep would.
  if (!takesAnswers(s)) throw await refusal(ctx.db, s, 'exam.alreadySubmitted')
  if (last.length) await saveAnswers(ctx, s.id, last)
  if (!(await closeSitting(ctx.db, s, 1))) throw new ApiError(409, 'exam.alreadySubmitted')
  return await ownSitting(ctx, s.id)
}

/**
 * Automatic submission: every open sitting past its deadline (plus grace) is
 * graded with what was saved. Cheap (an index on state, deadline) so every
 * exam call can run it for what it touches, and the sweep for everything.
 */
export async function finalizeExpired(
  db: Db,
  only: { sittingId?: string; sittingOf?: { examId: string; userId: string }; examId?: string; userId?: string } = {},
): Promise<number> {
  const cut = closedDeadlineCut()
  const conds = [eq(paperTimeUser.state, ANSWERING), lt(paperTimeUser.deadline, cut)]
  if (only.sittingId !== undefined) conds.push(eq(paperTimeUser.id, only.sittingId))
  if (only.examId) conds.push(eq(paperTimeUser.paperTimeId, only.examId))
  if (only.userId) conds.push(eq(paperTimeUser.userId, only.userId))
  if (only.sittingOf)
    conds.push(eq(paperTimeUser.paperTimeId, only.sittingOf.examId), eq(paperTimeUser.userId, only.sittingOf.userId))
  const due = await db
    .select()
    .from(paperTimeUser)
    .where(and(...conds))
    .orderBy(asc(paperTimeUser.deadline))
    .limit(500)
  let n = 0
  for (const s of due) if (await closeSitting(db, s, 2)) n++
  return n
}

/** What a learner may see of their result: the score only once distributed and when the exam shows scores. */
export const visibleScore = (exam: Pick<Exam, 'distributed' | 'showScore'>, s: Sitting) =>
  exam.distributed === 1 && exam.showScore === 1
    ? { score: s.score, objectiveScore: s.objectiveScore, subjectiveScore: s.subjectiveScore }
    : { score: null, objectiveScore: null, subjectiveScore: null }
