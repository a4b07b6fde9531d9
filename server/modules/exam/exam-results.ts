import { Elysia } from 'elysia'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { dept, paperAnswer, paperTimeUser } from '../../../db/schema/index.ts'
import { pageRows } from '../../lib/page-query.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { defineMessages, t as say } from '../../lib/messages.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { now } from '../../lib/time.ts'
import { richTextToPlain } from '../../lib/rich-text.ts'
import { isObjective } from './grading.ts'
import { paperQuestions } from './paper.ts'
import { paperTimeResource } from './paper-time.ts'
import { CORRECTED, finalizeExpired, SUBMITTED } from './sitting.ts'
import { scope } from '../../lib/scope.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { paging, query as queryOf, text } from '../../lib/request-schema.ts'

defineMessages({
  'exam.uncorrected': {
    zh: '还有 {n} 份试卷未批改，批改完成后才能发布成绩',
    en: '{n} papers are not corrected yet; correct them before distributing results',
  },
  'exam.correctScore': {
    zh: '得分必须在 0 到该题分值之间',
    en: "the score must be between 0 and the question's points",
  },
  'exam.notSubmitted': { zh: '试卷尚未提交，不能批改', en: 'the paper has not been submitted: nothing to correct yet' },
  'exam.stats.sheet': { zh: '成绩', en: 'Scores' },
  'exam.stats.questions': { zh: '题目正确率', en: 'Questions' },
  'exam.stats.classes': { zh: '班级平均分', en: 'Classes' },
})

const CODE = paperTimeResource.options.code

/** An exam the caller may manage (tenant, data scope, permission) — the same gate as the exam list. */
async function managedExam(ctx: Ctx, id: unknown) {
  const exam = await paperTimeResource.ops.detail(ctx, id === undefined ? undefined : String(id))
  await finalizeExpired(ctx.db, { examId: exam.id })
  return exam
}

async function managedSitting(ctx: Ctx, id: unknown) {
  const sid = String(id ?? '')
  if (!/^\d{1,20}$/.test(sid)) throw badRequest('validation.id', { field: 'id' }, 'id')
  const s = await ctx.db
    .select()
    .from(paperTimeUser)
    .where(
      and(
        eq(paperTimeUser.id, sid),
        await scope(paperTimeUser, ctx, {
          dataScope: false,
          why: "the sitting's exam is gated next, with the exam list's data scope (managedExam)",
        }),
      ),
    )

    .get()
  if (!s) throw notFound()
  const exam = await managedExam(ctx, s.paperTimeId)
  return { exam, sitting: (await ctx.db.select().from(paperTimeUser).where(eq(paperTimeUser.id, sid)).get())! }
}

/** A sitting with every question, the answer given, the key, score and comment: the correction sheet. */
export async function sheet(ctx: Ctx, sittingId: string, paperId: string) {
  const qs = await paperQuestions(ctx, paperId)
  const answers = await ctx.db.select().from(paperAnswer).where(eq(paperAnswer.paperTimeUserId, sittingId))
  const byQ = new Map(answers.map((a) => [a.questionId, a]))
  return qs.map((q) => {
    const a = byQ.get(q.id)
    return {
      ...q,
      given: a && a.answer !== 'null' ? JSON.parse(a.answer) : null,
      score: a?.score ?? null,
      correct: a?.correct ?? null,
      comment: a?.comment ?? null,
      objective: isObjective(q.type),
    }
  })
}

interface Correction {
  questionId: string
  score?: number
  comment?: string
}

/** Teacher correction: per question a score (subjective; objective ones may be overridden) and a comment; the total follows. */
async function correct(ctx: Ctx, sittingId: unknown, items: Correction[]) {
  const { sitting } = await managedSitting(ctx, sittingId)
  if (sitting.state < SUBMITTED) throw new ApiError(409, 'exam.notSubmitted')
  const qs = await paperQuestions(ctx, sitting.paperId)
  const points = new Map(qs.map((q) => [q.id, q.points]))
  for (const i of items) {
    if (!points.has(String(i.questionId))) throw badRequest('exam.notInPaper', { field: 'questionId' }, 'questionId')
    if (
      i.score !== undefined &&
      i.score !== null &&
      (!Number.isFinite(Number(i.score)) || Number(i.score) < 0 || Number(i.score) > points.get(String(i.questionId))!)
    )
      throw badRequest('exam.correctScore', { field: 'score' }, 'score')
  }
  ctx.db.transaction((tx) => {
    for (const i of items) {
      const set: Record<string, unknown> = {}
      if (i.score !== undefined && i.score !== null) {
        const sc = Number(i.score),
          max = points.get(String(i.questionId))!
        Object.assign(set, { score: sc, correct: sc >= max ? 1 : sc <= 0 ? 0 : 2 })
      }
      if (i.comment !== undefined) set.comment = i.comment === null ? null : String(i.comment).slice(0, 2000)
      if (Object.keys(set).length)
        tx.update(paperAnswer)
          .set(set)
          .where(and(eq(paperAnswer.paperTimeUserId, sitting.id), eq(paperAnswer.questionId, String(i.questionId))))
          .run()
    }
    const rows = tx
      .select({ questionId: paperAnswer.questionId, score: paperAnswer.score })
      .from(paperAnswer)
      .where(eq(paperAnswer.paperTimeUserId, sitting.id))
      .all()
    const type = new Map(qs.map((q) => [q.id, q.type]))
    const subjective = rows.filter((r) => !isObjective(type.get(r.questionId) ?? 1))
    const objective = rows
      .filter((r) => isObjective(type.get(r.questionId) ?? 1))
      .reduce((t, r) => t + (r.score ?? 0), 0)
    const done = subjective.every((r) => r.score !== null)
    const sub = subjective.reduce((t, r) => t + (r.score ?? 0), 0)
    const r2 = (n: number) => Math.round(n * 100) / 100
    tx.update(paperTimeUser)
      .set({
        objectiveScore: r2(objective),
        subjectiveScore: done ? r2(sub) : null,
        score: done ? r2(objective + sub) : null,
        state: done ? CORRECTED : SUBMITTED,
        correctUser: ctx.actor.userId,
        correctTime: now(),
      })
      .where(eq(paperTimeUser.id, sitting.id))
      .run()
  })
  return (await ctx.db.select().from(paperTimeUser).where(eq(paperTimeUser.id, sitting.id)).get())!
}

/** Score distribution (10 % bands of the paper total), per-question correct rate, per-class averages. */
export async function statistics(ctx: Ctx, examId: unknown) {
  const exam = await managedExam(ctx, examId)
  const sittings = await ctx.db
    .select()
    .from(paperTimeUser)
    .where(and(eq(paperTimeUser.paperTimeId, exam.id), eq(paperTimeUser.state, CORRECTED)))
  const paperIds = [...new Set(exam.paperIds.split(','))]
  const papers = await Promise.all(paperIds.map(async (id) => ({ id, qs: await paperQuestions(ctx, id) })))
  const totals = new Map(papers.map((p) => [p.id, p.qs.reduce((t, q) => t + q.points, 0)]))
  const bands = Array.from({ length: 10 }, (_, i) => ({ band: `${i * 10}-${i === 9 ? 100 : i * 10 + 9}%`, count: 0 }))
  for (const s of sittings) {
    const pct = (totals.get(s.paperId) ?? 0) > 0 ? ((s.score ?? 0) / totals.get(s.paperId)!) * 100 : 0
    bands[Math.min(9, Math.floor(pct / 10))].count++
  }
  const ids = sittings.map((s) => s.id)
  const answers = ids.length
    ? await ctx.db.select().from(paperAnswer).where(inArray(paperAnswer.paperTimeUserId, ids))
    : []
  const questions = papers
    .flatMap((p) => p.qs)
    .filter((q, i, all) => all.findIndex((x) => x.id === q.id) === i)
    .map((q) => {
      const mine = answers.filter((a) => a.questionId === q.id)
      const right = mine.filter((a) => a.correct === 1).length
      return {
        questionId: q.id,
        content: richTextToPlain(q.content).slice(0, 80),
        type: q.type,
        answered: mine.length,
        correctRate: mine.length ? Math.round((right / mine.length) * 1000) / 10 : 0,
      }
    })
  const classIds = [...new Set(sittings.map((s) => s.classId).filter(Boolean))] as string[]
  const names = classIds.length
    ? await ctx.db.select({ id: dept.id, name: dept.deptName }).from(dept).where(inArray(dept.id, classIds))
    : []
  const classes = classIds.map((id) => {
    const mine = sittings.filter((s) => s.classId === id)
    return {
      classId: id,
      className: names.find((n) => n.id === id)?.name ?? id,
      count: mine.length,
      average: Math.round((mine.reduce((t, s) => t + (s.score ?? 0), 0) / mine.length) * 100) / 100,
    }
  })
  const scores = sittings.map((s) => s.score ?? 0)
  return {
    exam: { id: exam.id, title: exam.title },
    sat: sittings.length,
    average: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : 0,
    highest: scores.length ? Math.max(...scores) : 0,
    lowest: scores.length ? Math.min(...scores) : 0,
    distribution: bands,
    questions,
    classes,
    scores: sittings.map((s) => ({
      userName: s.userName,
      classId: s.classId,
      score: s.score,
      submitTime: s.submitTime,
    })),
  }
}

async function statisticsXlsx(ctx: Ctx, examId: unknown): Promise<Uint8Array> {
  const st = await statistics(ctx, examId)
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

/** Staff side of exams: candidates' sittings, correction, results, statistics. */
export const examResultRoutes = (s: Services) =>
  handWritten(
    'sittings are reached through their exam (managedSitting): lists, scores, correction, statistics and their xlsx',
    examResultRoutesPlugin(s),
  )

const examResultRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(
      new Elysia({ prefix: '/api/hm-paperTime/paperTimeUser' })
        .use(authContext(s))
        .get(
          '/list',
          async ({ ctx, query }) => {
            const exam = await managedExam(ctx, query.paperTimeId)
            const { current, size, offset } = parsePaging(query)
            const cond = and(
              eq(paperTimeUser.paperTimeId, exam.id),
              query.state ? eq(paperTimeUser.state, Number(query.state)) : undefined,
            )
            const orderBy = [asc(paperTimeUser.state), desc(paperTimeUser.submitTime)]
            const { rows, total } = pageRows(ctx.db, { table: paperTimeUser, where: cond, orderBy }, size, offset)
            return ok(ctx, pageOf(rows, total, current, size))
          },
          { perm: CODE, query: queryOf({ ...paging(), paperTimeId: text('exam'), state: text('state') }) },
        )
        .get(
          '/viewScore',
          async ({ ctx, query }) => {
            const { exam, sitting } = await managedSitting(ctx, query.id)
            return ok(ctx, {
              exam: { id: exam.id, title: exam.title, distributed: exam.distributed },
              sitting,
              questions: await sheet(ctx, sitting.id, sitting.paperId),
            })
          },
          { perm: CODE, query: queryOf({ id: text('id') }) },
        )
        // Not an action: a sitting has no resource of its own (staff reach it through its exam: managedSitting).
        .post(
          '/correctingPapers',
          async ({ ctx, body }) => {
            const b = (body ?? {}) as { id?: unknown; items?: Correction[] }
            return ok(ctx, await correct(ctx, b.id, Array.isArray(b.items) ? b.items : []))
          },
          { perm: `${CODE}:correct` },
        ),
    )
    .use(
      new Elysia({ prefix: '/api/hm-paperTime/paperTime' })
        .use(authContext(s))
        .get('/statistics', async ({ ctx, query }) => ok(ctx, await statistics(ctx, query.id)), {
          perm: CODE,
          query: queryOf({ id: text('id') }),
        })
        .get(
          '/exportStatistics',
          async ({ ctx, query, set }) => {
            const bytes = await statisticsXlsx(ctx, query.id)
            set.headers['content-type'] = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            set.headers['content-disposition'] = `attachment; filename="exam-${query.id}.xlsx"`
            return new Response(new Blob([bytes as BlobPart]))
          },
          { perm: CODE, query: queryOf({ id: text('id') }) },
        ),
    )
