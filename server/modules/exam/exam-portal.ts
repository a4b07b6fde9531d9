import { Elysia } from 'elysia'
import { and, desc, eq, gte, inArray } from 'drizzle-orm'
import { paperTime, paperTimeUser } from '../../../db/schema/index.ts'
import type { Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { keepOutOfApiLog } from '../../lib/logs.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { now } from '../../lib/time.ts'
import { isCandidate } from './candidates.ts'
import { mySittingsPage } from './my-sittings.ts'
import {
  finalizeExpired,
  findExam,
  mySitting,
  phaseOf,
  saveAnswers,
  sittingPaper,
  startSitting,
  SUBMITTED,
  submitSitting,
  visibleScore,
  type Exam,
  type Sitting,
} from './sitting.ts'
import { publicRows } from '../../lib/tenant-rows.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { body as bodyOf, paging, query as queryOf, text, textOrNumber } from '../../lib/request-schema.ts'
import { t } from 'elysia'

type Body = Record<string, unknown> | undefined

const mine = (exam: Exam, s: Sitting | undefined) =>
  s && {
    sittingId: s.id,
    state: s.state,
    startTime: s.startTime,
    deadline: s.deadline,
    submitTime: s.submitTime,
    submitKind: s.submitKind,
    ...visibleScore(exam, s),
  }

const examCard = (exam: Exam) => ({
  id: exam.id,
  title: exam.title,
  content: exam.content,
  startTime: exam.startTime,
  endTime: exam.endTime,
  duration: exam.duration,
  category: exam.category,
  cover: exam.cover,
  showScore: exam.showScore,
  distributed: exam.distributed,
  shuffle: exam.shuffle,
})

/**
 * The hot path's bodies, in the order the handlers check them (sitting.ts: each answer, then the sitting), with the
 * handlers' own message keys; an answer's shape is grading.ts's to judge (exam.answer), so it passes as sent. The
 * route compiles them once: a save pays one compiled check, nothing measurable (README, Benchmark).
 */
const sittingId = textOrNumber('the sitting (toAnswer answers it)', 'validation.id')
const answer = t.Optional(t.Unknown({ description: 'option ids, blank texts or text, by question type' }))
const answers = t.Optional(
  t.Unknown({ description: 'answers as saveAnswer takes them, { questionId, answer, version } each' }),
)
const SaveBody = bodyOf({
  questionId: textOrNumber('question', 'validation.id'),
  version: textOrNumber('1, 2, …: rises with each change of this answer', 'exam.version'),
  answer,
  sittingId,
})
const SavesBody = bodyOf({ answers, sittingId })

// Autosaves come every few seconds from every candidate; each answer row keeps its own save time and version.
keepOutOfApiLog('/api/nep-wbp/paperQuestion/saveAnswer', '/api/nep-wbp/paperQuestion/saveAnswers')

/** Learners' exam calls (/api/nep-wbp): every one works on the caller's own sitting only. */
export const examPortalRoutes = (s: Services) =>
  handWritten(
    "the exam hot path: the caller's own sitting, its questions and answers, saved only inside the exam's window",
    examPortalRoutesPlugin(s),
  )

const examPortalRoutesPlugin = (s: Services) =>
  new Elysia({ prefix: '/api/nep-wbp' })
    .use(authContext(s))
    .get(
      '/paperTime/showPaperMessage',
      async ({ ctx, query }) => {
        const exam = await findExam(ctx, query.timeId ?? query.id)
        await finalizeExpired(ctx.db, { sittingOf: { examId: exam.id, userId: ctx.actor.userId } })
        const sitting = await mySitting(ctx, exam.id)
        return ok(ctx, {
          ...examCard(exam),
          phase: phaseOf(exam),
          serverTime: Date.now(),
          isCandidate: await isCandidate(ctx.db, exam, ctx.actor.userId),
          mine: mine(exam, sitting) ?? null,
        })
      },
      { perm: SIGNED_IN, query: queryOf({ timeId: text('exam'), id: text('id') }) },
    )
    // Opens or resumes the sitting: the paper, the deadline, the server's clock and every stored answer.
    .get(
      '/paperQuestion/toAnswer',
      async ({ ctx, query }) => {
        const exam = await findExam(ctx, query.timeId ?? query.id)
        return ok(ctx, await sittingPaper(ctx, exam, await startSitting(ctx, exam)))
      },
      { perm: SIGNED_IN, query: queryOf({ timeId: text('exam'), id: text('id') }) },
    )
    .post(
      '/paperQuestion/saveAnswer',
      async ({ ctx, body }) => {
        const b = body as Body
        const saved = await saveAnswers(ctx, b?.sittingId, [b])
        return ok(ctx, { ...saved[0], serverTime: Date.now() })
      },
      { perm: SIGNED_IN, body: SaveBody },
    )
    // The page's replay of its offline queue: many answers, one transaction.
    .post(
      '/paperQuestion/saveAnswers',
      async ({ ctx, body }) => {
        const b = body as Body
        return ok(ctx, {
          saved: await saveAnswers(ctx, b?.sittingId, Array.isArray(b?.answers) ? b.answers : []),
          serverTime: Date.now(),
        })
      },
      { perm: SIGNED_IN, body: SavesBody },
    )
    .post(
      '/paperTimeUser/submitPaper',
      async ({ ctx, body }) => {
        const b = body as Body
        const done = await submitSitting(ctx, b?.sittingId, Array.isArray(b?.answers) ? b.answers : [])
        const exam = await findExam(ctx, done.paperTimeId)
        return ok(ctx, mine(exam, done))
      },
      // The last answers (if any) go with the submit, saved first in the same call.
      { perm: SIGNED_IN, body: SavesBody },
    )
    // Exams the caller may sit (current and coming first), with where the caller stands.
    .get(
      '/paperTime/lookMyPaperTime',
      async ({ ctx, query }) => {
        await finalizeExpired(ctx.db, { userId: ctx.actor.userId })
        const { current, size, offset } = parsePaging(query)
        const live = and(
          publicRows(paperTime, ctx.actor.tenantId, { why: 'published exams; candidacy is checked per exam below' }),
          eq(paperTime.status, 1),
          query.ended === '1' ? undefined : gte(paperTime.endTime, now()),
        )
        const exams = await ctx.db.select().from(paperTime).where(live).orderBy(desc(paperTime.startTime))
        const mineOnly: Exam[] = []
        for (const e of exams) if (await isCandidate(ctx.db, e, ctx.actor.userId)) mineOnly.push(e)
        const page = mineOnly.slice(offset, offset + size)
        const sittings = page.length
          ? await ctx.db
              .select()
              .from(paperTimeUser)
              .where(
                and(
                  eq(paperTimeUser.userId, ctx.actor.userId),
                  inArray(
                    paperTimeUser.paperTimeId,
                    page.map((e) => e.id),
                  ),
                ),
              )
          : []
        return ok(
          ctx,
          pageOf(
            page.map((e) => ({
              ...examCard(e),
              phase: phaseOf(e),
              mine:
                mine(
                  e,
                  sittings.find((x) => x.paperTimeId === e.id),
                ) ?? null,
            })),
            mineOnly.length,
            current,
            size,
          ),
        )
      },
      { perm: SIGNED_IN, query: queryOf({ ...paging(), ended: text('1: ended ones too') }) },
    )
    // The caller's finished sittings; scores appear once the teacher distributes them.
    .get(
      '/paperTime/lookExamRecords',
      async ({ ctx, query }) => {
        const page = await mySittingsPage(ctx, query, {
          sittings: gte(paperTimeUser.state, SUBMITTED),
          order: desc(paperTimeUser.submitTime),
          card: (e, x) => ({ ...examCard(e), ...mine(e, x) }),
        })
        return ok(ctx, page)
      },
      { perm: SIGNED_IN, query: queryOf() },
    )
