import { Elysia } from 'elysia'
import { and, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { pageRows } from '../../lib/page-query.ts'
import { contains } from '../../lib/like.ts'
import { paper, paperQuestion, paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import { authContext } from '../../lib/auth-context.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { PUBLIC, SIGNED_IN } from '../../lib/permissions.ts'
import { now } from '../../lib/time.ts'
import { publicRows } from '../../lib/tenant-rows.ts'

import { sheet } from './exam-results.ts'
import { mySittingsPage } from './my-sittings.ts'
import { splitIds } from './candidates.ts'
import { CORRECTED, ownSitting, phaseOf, visibleScore, type Exam } from './sitting.ts'
import { released } from './closing.ts'
import { keyRule, uncorrectedAmong } from './key-visibility.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { paging, query as queryOf, text } from '../../lib/request-schema.ts'

defineMessages({
  'exam.reviewClosed': {
    zh: '成绩发布后才能查看答卷',
    en: 'your answers can be reviewed once results are distributed',
  },
  'exam.category': {
    zh: '竞赛类别只能是 1（学生竞赛）或 2（企业竞赛）',
    en: 'category must be 1 (student) or 2 (company)',
  },
})

/** Exam categories that are competitions (paperTime.category): shown on the public portal. */
export const STUDENT_COMPETITION = 1,
  COMPANY_COMPETITION = 2

/** Published, live competitions of the caller's (or the visited school's) tenant. */
const published = (ctx: Ctx) =>
  and(
    publicRows(paperTime, ctx.actor.tenantId, { why: 'published competitions are on the public portal' }),
    eq(paperTime.status, 1),
    inArray(paperTime.category, [STUDENT_COMPETITION, COMPANY_COMPETITION]),
  )!

const idOf = (v: unknown, field = 'id') => {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw badRequest('validation.id', { field }, field)
  return v
}

/** What anyone may read of a competition: no candidate lists, no paper ids. */
const publicCard = (e: Exam, participants?: number) => ({
  id: e.id,
  title: e.title,
  cover: e.cover,
  category: e.category,
  startTime: e.startTime,
  endTime: e.endTime,
  duration: e.duration,
  showScore: e.showScore,
  distributed: e.distributed,
  phase: phaseOf(e),
  open: !splitIds(e.groupIds).length && !splitIds(e.classIds).length,
  participants,
})

async function participantsOf(ctx: Ctx, ids: string[]) {
  if (!ids.length) return new Map<string, number>()
  const rows = await ctx.db
    .select({ id: paperTimeUser.paperTimeId, n: count() })
    .from(paperTimeUser)
    .where(inArray(paperTimeUser.paperTimeId, ids))
    .groupBy(paperTimeUser.paperTimeId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

/** The first paper's size and total: what a visitor is told about the questions (the drawn paper may differ in order, not in weight). */
async function paperSummary(ctx: Ctx, e: Exam) {
  const first = splitIds(e.paperIds)[0]
  if (!first) return { questionCount: 0, totalScore: 0 }
  const p = await ctx.db.select({ score: paper.score }).from(paper).where(eq(paper.id, first)).get()
  const [{ n }] = await ctx.db.select({ n: count() }).from(paperQuestion).where(eq(paperQuestion.paperId, first))
  return { questionCount: n, totalScore: p?.score ?? 0 }
}

/**
 * Competitions on the portal (spec portal §2: /home/competition, /home/competition-detail,
 * /home/competition/student-competition[-detail], /home/competition/company-competition).
 * The list and the detail are public (visitors of the school's tenant); a learner's own
 * competitions, results and answer review need a sign-in and only ever reach the caller's sittings.
 * Entering goes through the exam calls (/home/competition-test), which check window and candidates.
 */
export const competitionRoutes = (s: Services) =>
  handWritten(
    "competitions: published exams by phase with participant counts, and the caller's own sittings and answer review",
    competitionRoutesPlugin(s),
  )

const competitionRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(authContext(s))
    .get(
      '/api/nop-wbp/paperTime/list',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const conds: (SQL | undefined)[] = [published(ctx)]
        if (query.category !== undefined && query.category !== '') {
          const c = Number(query.category)
          if (c !== STUDENT_COMPETITION && c !== COMPANY_COMPETITION)
            throw badRequest('exam.category', { field: 'category' }, 'category')
          conds.push(eq(paperTime.category, c))
        }
        if (typeof query.title === 'string' && query.title.trim())
          conds.push(contains(paperTime.title, query.title.trim().slice(0, 100)))
        const t = now()
        if (query.phase === 'open') conds.push(lt(paperTime.startTime, t), gt(paperTime.endTime, t))
        else if (query.phase === 'notStarted') conds.push(gt(paperTime.startTime, t))
        else if (query.phase === 'ended') conds.push(lt(paperTime.endTime, t))
        else if (query.phase !== undefined && query.phase !== '')
          throw badRequest('validation.invalid', { field: 'phase' }, 'phase')
        const where = and(...conds)
        // Running and coming first (by start), then the ended ones, latest first.
        const orderBy = [sql`CASE WHEN ${paperTime.endTime} > ${t} THEN 0 ELSE 1 END`, desc(paperTime.startTime)]
        const { rows, total } = pageRows(ctx.db, { table: paperTime, where, orderBy }, size, offset)
        const n = await participantsOf(
          ctx,
          rows.map((r) => r.id),
        )
        return ok(
          ctx,
          pageOf(
            rows.map((r) => publicCard(r, n.get(r.id) ?? 0)),
            total,
            current,
            size,
          ),
        )
      },
      {
        perm: PUBLIC,
        query: queryOf({
          ...paging(),
          category: text('category'),
          title: text('title, contains'),
          phase: text('open, notStarted or ended'),
        }),
      },
    )
    .get(
      '/api/nop-wbp/paperTime/detail',
      async ({ ctx, query }) => {
        const e = await ctx.db
          .select()
          .from(paperTime)
          .where(and(published(ctx), eq(paperTime.id, idOf(query.id))))
          .get()
        if (!e) throw notFound()
        const n = await participantsOf(ctx, [e.id])
        return ok(ctx, {
          ...publicCard(e, n.get(e.id) ?? 0),
          content: e.content,
          ...(await paperSummary(ctx, e)),
          serverTime: Date.now(),
        })
      },
      { perm: PUBLIC, query: queryOf({ id: text('id') }) },
    )
    // The caller's competitions: every sitting on a competition, answering or finished, with the score once shown.
    .get(
      '/api/nep-wbp/paperTimeUser/myCompetitions',
      async ({ ctx, query }) => {
        const page = await mySittingsPage(ctx, query, {
          where:
            query.category === '1' || query.category === '2'
              ? eq(paperTime.category, Number(query.category))
              : gte(paperTime.category, STUDENT_COMPETITION),
          order: desc(paperTimeUser.startTime),
          card: (e, x) => ({ e, x }),
        })
        const uncorrected = await uncorrectedAmong(
          ctx,
          page.records.map((r) => r.e.id),
        )
        return ok(ctx, {
          ...page,
          records: page.records.map(({ e, x }) => ({
            ...publicCard(e),
            sittingId: x.id,
            state: x.state,
            startedAt: x.startTime,
            submitTime: x.submitTime,
            submitKind: x.submitKind,
            ...visibleScore(e, x),
            reviewable: reviewable(e, x, !uncorrected.has(e.id)),
          })),
        })
      },
      { perm: SIGNED_IN, query: queryOf({ category: text('category') }) },
    )
    // One of the caller's sittings with every question, the answer given, the key, analysis, score and comment; a
    // question another exam still holds (key-visibility.ts) comes with the answer given only.
    .get(
      '/api/nep-wbp/paperTimeUser/review',
      async ({ ctx, query }) => {
        const x = ownSitting(ctx, query.sittingId)
        const e = await ctx.db.select().from(paperTime).where(eq(paperTime.id, x.paperTimeId)).get()
        if (!e) throw notFound()
        if (!reviewable(e, x, !(await uncorrectedAmong(ctx, [e.id])).has(e.id)))
          throw new ApiError(403, 'exam.reviewClosed')
        const { held } = await keyRule(ctx)
        const questions = (await sheet(ctx, x.id, x.paperId)).map((q) =>
          held.has(q.id)
            ? {
                id: q.id,
                type: q.type,
                content: q.content,
                analysis: null,
                points: q.points,
                options: q.options.map(({ id, label, content }) => ({ id, label, content, isCorrect: 0 })),
                blanks: [],
                given: q.given,
                score: null,
                correct: null,
                comment: null,
                keyClosed: true,
              }
            : {
                id: q.id,
                type: q.type,
                content: q.content,
                analysis: q.analysis,
                points: q.points,
                options: q.options.map(({ id, label, content, isCorrect }) => ({ id, label, content, isCorrect })),
                blanks: q.blanks,
                given: q.given,
                score: q.score,
                correct: q.correct,
                comment: q.comment,
                keyClosed: false,
              },
        )
        return ok(ctx, {
          sittingId: x.id,
          timeId: e.id,
          title: e.title,
          category: e.category,
          submitTime: x.submitTime,
          ...visibleScore(e, x),
          questions,
        })
      },
      { perm: SIGNED_IN, query: queryOf({ sittingId: text('sitting') }) },
    )

/** A learner reviews a paper once it is corrected, the exam's results are released (closing.ts) and shown. */
const reviewable = (e: Exam, x: { state: number }, allCorrected: boolean) =>
  x.state === CORRECTED && e.showScore === 1 && released(e, allCorrected)
