import { Type } from '@sinclair/typebox'
import { and, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { contains } from '../../lib/like.ts'
import { paper, paperQuestion, paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { first } from '../../lib/rows.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import type { PublicView } from '../../lib/resource-types.ts'

import { sheet } from './exam-marking.ts'
import { mySittingsPage } from './my-sittings.ts'
import { splitIds } from './candidates.ts'
import { CORRECTED, ownSitting, phaseOf, visibleScore, type Exam } from './sitting.ts'
import { released } from './closing.ts'
import { keyRule, uncorrectedAmong } from './key-visibility.ts'

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

/** Published competitions, beyond the tenant and not-deleted bounds every public view has. */
const published = (...more: SQL[]) =>
  and(eq(paperTime.status, 1), inArray(paperTime.category, [STUDENT_COMPETITION, COMPANY_COMPETITION]), ...more)

/** What anyone may read of a competition: no candidate lists, no paper ids. */
type Card = Pick<
  Exam,
  | 'id'
  | 'title'
  | 'cover'
  | 'category'
  | 'startTime'
  | 'endTime'
  | 'duration'
  | 'showScore'
  | 'distributed'
  | 'groupIds'
  | 'classIds'
>
const publicCard = (e: Card, participants?: number) => ({
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
/** The columns a card is drawn from (`open` reads the candidate lists; the card does not show them). */
const CARD: (keyof Card)[] = [
  'id',
  'title',
  'cover',
  'category',
  'startTime',
  'endTime',
  'duration',
  'showScore',
  'distributed',
  'groupIds',
  'classIds',
]

/** How many sittings each exam has: one grouped count for a whole page. */
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
async function paperSummary(ctx: Ctx, paperIds: string | null) {
  const paperId = splitIds(paperIds)[0]
  if (!paperId) return { questionCount: 0, totalScore: 0 }
  const p = await first(ctx.db.select({ score: paper.score }).from(paper).where(eq(paper.id, paperId)))
  const [{ n }] = await ctx.db.select({ n: count() }).from(paperQuestion).where(eq(paperQuestion.paperId, paperId))
  return { questionCount: n, totalScore: p?.score ?? 0 }
}

/** The list's query: a category (1 or 2), a title it contains, a phase against the server's clock. */
function listFilters(q: Record<string, string | undefined>, t: string): SQL[] {
  const conds: SQL[] = []
  if (q.category !== undefined && q.category !== '') {
    const c = Number(q.category)
    if (c !== STUDENT_COMPETITION && c !== COMPANY_COMPETITION)
      throw badRequest('exam.category', { field: 'category' }, 'category')
    conds.push(eq(paperTime.category, c))
  }
  if (typeof q.title === 'string' && q.title.trim()) conds.push(contains(paperTime.title, q.title.trim().slice(0, 100)))
  if (q.phase === 'open') conds.push(lt(paperTime.startTime, t), gt(paperTime.endTime, t))
  else if (q.phase === 'notStarted') conds.push(gt(paperTime.startTime, t))
  else if (q.phase === 'ended') conds.push(lt(paperTime.endTime, t))
  else if (q.phase !== undefined && q.phase !== '') throw badRequest('validation.invalid', { field: 'phase' }, 'phase')
  return conds
}

const text = (description: string) => Type.Optional(Type.String({ description }))
const WHY = 'published competitions are on the public portal'

/**
 * Competitions on the portal (spec portal §2: /home/competition, /home/competition-detail,
 * /home/competition/student-competition[-detail], /home/competition/company-competition):
 * the list and the detail are public views (visitors of the school's tenant).
 */
const views: PublicView[] = [
  {
    path: '/api/nop-wbp/paperTime',
    why: WHY,
    routes: ['list'],
    fields: CARD,
    where: (_ctx, q) => published(...listFilters(q, now())),
    // Running and coming first (by start), then the ended ones, latest first: the split reads the clock.
    orderAt: (c, t) => [sql`CASE WHEN ${c.endTime} > ${t} THEN 0 ELSE 1 END`, desc(c.startTime)],
    query: {
      list: {
        current: text('page, from 1'),
        size: text('rows a page (default 10, at most 200)'),
        category: text('1 student or 2 company competitions'),
        title: text('title, contains'),
        phase: text('open, notStarted or ended'),
      },
    },
    rows: async (ctx, rows) => {
      const n = await participantsOf(
        ctx,
        rows.map((r) => r.id as string),
      )
      return (rows as Card[]).map((r) => publicCard(r, n.get(r.id) ?? 0))
    },
  },
  {
    path: '/api/nop-wbp/paperTime',
    why: WHY,
    routes: ['detail'],
    fields: [...CARD, 'content', 'paperIds'],
    where: () => published(),
    query: { detail: { id: text('competition') } },
    rows: async (ctx, rows) =>
      Promise.all(
        (rows as (Card & Pick<Exam, 'content' | 'paperIds'>)[]).map(async (e) => ({
          ...publicCard(e, (await participantsOf(ctx, [e.id])).get(e.id) ?? 0),
          content: e.content,
          ...(await paperSummary(ctx, e.paperIds)),
          serverTime: Date.now(),
        })),
      ),
  },
]

/** A learner reviews a paper once it is corrected, the exam's results are released (closing.ts) and shown. */
const reviewable = (e: Exam, x: { state: number }, allCorrected: boolean) =>
  x.state === CORRECTED && e.showScore === 1 && released(e, allCorrected)

const refused = () => false as const

/**
 * Competitions: published exams of category 1 or 2. Visitors read them through the public views; a learner's own
 * competitions, results and answer review (actions for any signed-in user) only ever reach the caller's sittings.
 * Entering goes through the exam calls (/home/competition-test, exam-portal.ts), which check window and candidates.
 */
export const competitionResource = defineResource({
  table: paperTime,
  path: '/api/nep-wbp/paperTimeUser',
  code: 'exam:paperTime',
  // No generic verbs here: the back office's exams are paper-time.ts; learners reach their sittings below.
  skip: ['list', 'page', 'detail', 'submit', 'remove'],
  access: { list: refused, detail: refused, add: refused, edit: refused, remove: refused },
  views,
  actions: {
    // The caller's competitions: every sitting on a competition, answering or finished, with the score once shown.
    myCompetitions: {
      method: 'GET',
      button: SIGNED_IN,
      body: {
        current: text('page, from 1'),
        size: text('rows a page (default 10, at most 200)'),
        category: text('1 student or 2 company competitions; both when left out'),
      },
      run: async (ctx, { query }) => {
        const page = await mySittingsPage(ctx, query, {
          exams:
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
        return {
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
        }
      },
    },
    // One of the caller's sittings with every question, the answer given, the key, analysis, score and comment; a
    // question another exam still holds (key-visibility.ts) comes with the answer given only.
    review: {
      method: 'GET',
      button: SIGNED_IN,
      body: { sittingId: text('sitting') },
      run: async (ctx, { query }) => {
        const x = await ownSitting(ctx, query.sittingId)
        const e = await first(ctx.db.select().from(paperTime).where(eq(paperTime.id, x.paperTimeId)))
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
        return {
          sittingId: x.id,
          timeId: e.id,
          title: e.title,
          category: e.category,
          submitTime: x.submitTime,
          ...visibleScore(e, x),
          questions,
        }
      },
    },
  },
})
