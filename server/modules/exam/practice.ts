/**
 * Practice for learners (portal, /api/nep-wbp): the tenant's bank by type, in
 * order or at random, papers built by requirement, team question sets,
 * favourites and the wrong-answer book. Answers are checked one at a time with
 * immediate feedback (score, the key, the analysis); a wrong one lands in the
 * wrong-answer book with the answer given.
 *
 * Questions whose key is held (key-visibility.ts: on an exam whose results are
 * not released) are left out of practice lists and refused where a key or a
 * verdict would be answered: practice must not become a way to read an exam's
 * answers.
 */
import { pageRows } from '../../lib/page-query.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { Elysia } from 'elysia'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { question, questionCollect, questionError, team, teamUser } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { defineMessages } from '../../lib/messages.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { ownRows, publicRows } from '../../lib/tenant-rows.ts'

import { now } from '../../lib/time.ts'
import { grade, isObjective, isResponseShape, QuestionType, type Response } from './grading.ts'
import { paperQuestions } from './paper.ts'
import { answerKey, learnerView, withChildren, type FullQuestion } from './question-store.ts'
import { shuffled } from './sitting.ts'
import { keyRule, type KeyRule } from './key-visibility.ts'
import { paging, query as queryOf, text } from '../../lib/request-schema.ts'

defineMessages({
  'practice.questionId': { zh: '请选择题目', en: 'please choose a question' },
  'practice.notMember': { zh: '你不是该团队的成员', en: 'you are not a member of this team' },
  'practice.requires': {
    zh: '请按题型（1–5）、难度（1–3，可不填）和数量（1–100）填写组卷要求，总数不超过 200',
    en: 'give requirements as type (1–5), difficulty (1–3, optional) and number (1–100), at most 200 questions in all',
  },
  'practice.answer': { zh: '答案格式无效', en: 'the answer is not valid' },
  'practice.type': { zh: '题型必须是 1 到 5', en: 'the type must be 1 to 5' },
})

const ID = /^\d{1,20}$/

function questionIdOf(v: unknown, field = 'questionId'): string {
  const id = String(v ?? '')
  if (!ID.test(id)) throw badRequest('practice.questionId', { field }, field)
  return id
}

function responseOf(a: unknown): Response {
  // Practice accepts no answer at all; an exam save always carries one (sitting.ts).
  if (a !== null && a !== undefined && !isResponseShape(a))
    throw badRequest('practice.answer', { field: 'answer' }, 'answer')
  return a as Response
}

const live = (ctx: Ctx) =>
  and(
    publicRows(question, ctx.actor.tenantId, { why: 'the live bank is open to every learner for practice' }),
    eq(question.status, 1),
  )

/** A live question of the caller's tenant with options and blanks, or 404. */
async function bankQuestion(ctx: Ctx, id: string): Promise<FullQuestion> {
  const row = await ctx.db
    .select()
    .from(question)
    .where(and(live(ctx), eq(question.id, id)))
    .get()
  if (!row) throw notFound()
  return (await withChildren(ctx.db, [row]))[0]
}

/** What a learner sees after answering: the key and the analysis. */
const revealed = (q: FullQuestion) => ({
  ...learnerView(q),
  analysis: q.analysis,
  score: q.score,
  correctOptionIds: q.options.filter((o) => o.isCorrect === 1).map((o) => o.id),
  blanks: q.blanks,
  referenceAnswer: q.type === QuestionType.short ? q.answer : null,
})

async function collectedOf(ctx: Ctx, ids: string[]) {
  if (!ids.length) return new Set<string>()
  const rows = await ctx.db
    .select({ id: questionCollect.questionId })
    .from(questionCollect)
    .where(and(eq(questionCollect.userId, ctx.actor.userId), inArray(questionCollect.questionId, ids)))
  return new Set(rows.map((r) => r.id))
}

/** Learner views of full questions, each flagged when it is a favourite. */
async function forLearner(ctx: Ctx, qs: FullQuestion[]) {
  const fav = await collectedOf(
    ctx,
    qs.map((q) => q.id),
  )
  return qs.map((q) => ({ ...learnerView(q), score: q.score, collected: fav.has(q.id) }))
}

/** Records (or refreshes) a wrong answer in the caller's book. */
function recordError(ctx: Ctx, questionId: string, answer: Response) {
  const stamp = now()
  ctx.db
    .insert(questionError)
    .values({
      id: newId(),
      tenantId: ctx.actor.tenantId,
      userId: ctx.actor.userId,
      questionId,
      lastAnswer: JSON.stringify(answer ?? null),
      times: 1,
      updateTime: stamp,
    })
    .onConflictDoUpdate({
      target: [questionError.userId, questionError.questionId],
      set: { lastAnswer: JSON.stringify(answer ?? null), times: sql`${questionError.times} + 1`, updateTime: stamp },
    })
    .run()
}

/** A held question answers neither its key nor whether an answer to it is right. */
function refuseHeld(rule: KeyRule, id: string) {
  if (rule.held.has(id)) throw new ApiError(403, 'exam.keyClosed')
}

/** Checks one practice answer: grade, key and analysis; a wrong objective answer goes to the wrong-answer book. */
async function checkAnswer(ctx: Ctx, body: Record<string, unknown>, rule: KeyRule) {
  const id = questionIdOf(body.questionId)
  const answer = responseOf(body.answer)
  refuseHeld(rule, id)
  const q = await bankQuestion(ctx, id)
  const g = grade(answerKey(q, q.score), answer)
  if (isObjective(q.type) && g.correct !== 1) recordError(ctx, q.id, answer)
  return { questionId: q.id, points: q.score, ...g, question: revealed(q) }
}

/** A paper by requirement: per type (and difficulty) a number of questions drawn at random; a shortfall is reported, not hidden. */
async function byRequirement(ctx: Ctx, body: Record<string, unknown>) {
  const raw = Array.isArray(body.requires) ? body.requires : null
  const bad = () => badRequest('practice.requires', { field: 'requires' }, 'requires')
  if (!raw?.length || raw.length > 15) throw bad()
  const requires = raw.map((r) => {
    const x = (r ?? {}) as Record<string, unknown>
    const type = Number(x.type),
      number = Number(x.number)
    const hard = x.hard === undefined || x.hard === null || x.hard === '' ? null : Number(x.hard)
    if (
      !Number.isInteger(type) ||
      type < 1 ||
      type > 5 ||
      !Number.isInteger(number) ||
      number < 1 ||
      number > 100 ||
      (hard !== null && (!Number.isInteger(hard) || hard < 1 || hard > 3))
    )
      throw bad()
    return { type, hard, number }
  })
  if (requires.reduce((t, r) => t + r.number, 0) > 200) throw bad()
  const rule = await keyRule(ctx)
  const picked: string[] = []
  const shortfall: { type: number; hard: number | null; wanted: number; available: number }[] = []
  for (const r of requires) {
    const pool = (
      await ctx.db
        .select({ id: question.id })
        .from(question)
        .where(
          and(
            live(ctx),
            rule.notHeld(question.id),
            eq(question.type, r.type),
            r.hard === null ? undefined : eq(question.hard, r.hard),
          ),
        )
    )
      .map((x) => x.id)
      .filter((id) => !picked.includes(id))
    const drawn = shuffled(pool, Math.random).slice(0, r.number)
    if (drawn.length < r.number)
      shortfall.push({ type: r.type, hard: r.hard, wanted: r.number, available: drawn.length })
    picked.push(...drawn)
  }
  const rows = picked.length ? await ctx.db.select().from(question).where(inArray(question.id, picked)) : []
  const full = await withChildren(
    ctx.db,
    picked.map((id) => rows.find((r) => r.id === id)!),
  )
  return { questions: await forLearner(ctx, full), shortfall, total: full.reduce((t, q) => t + q.score, 0) }
}

/** The team (of the caller's tenant) the caller belongs to, or 403/404. */
async function myTeam(ctx: Ctx, teamId: unknown) {
  const id = String(teamId ?? '')
  if (!ID.test(id)) throw badRequest('validation.id', { field: 'teamId' }, 'teamId')
  const t = await ctx.db
    .select()
    .from(team)
    .where(
      and(
        eq(team.id, id),
        publicRows(team, ctx.actor.tenantId, { why: 'a learner reaches a team by membership, checked next' }),
      ),
    )
    .get()
  if (!t) throw notFound()
  const member = await ctx.db
    .select({ id: teamUser.id })
    .from(teamUser)
    .where(and(eq(teamUser.teamId, id), eq(teamUser.userId, ctx.actor.userId)))
    .get()
  if (!member) throw new ApiError(403, 'practice.notMember')
  return t
}

async function teamQuestions(ctx: Ctx, teamId: unknown) {
  const t = await myTeam(ctx, teamId)
  if (!t.paperId) return []
  const { held } = await keyRule(ctx)
  return (await paperQuestions(ctx, t.paperId)).filter((q) => !held.has(q.id))
}

const pagedQuestions = async (ctx: Ctx, ids: string[]) => {
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(question)
        .where(and(live(ctx), inArray(question.id, ids)))
    : []
  return withChildren(
    ctx.db,
    ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined),
  )
}

export const practiceRoutes = (s: Services) =>
  handWritten(
    "practice over the bank and the caller's own favourites, wrong answers and teams: several tables per verb",
    new Elysia({ prefix: '/api/nep-wbp' })
      .use(authContext(s))
      // The bank for practice: by type and difficulty, in order (mode=order, paged) or a random draw (mode=random, `size` questions).
      .get(
        '/question/practice',
        async ({ ctx, query }) => {
          const type = query.type ? Number(query.type) : null
          if (type !== null && (!Number.isInteger(type) || type < 1 || type > 5))
            throw badRequest('practice.type', { field: 'type' }, 'type')
          const hard = query.hard ? Number(query.hard) : null
          const cond = and(
            live(ctx),
            (await keyRule(ctx)).notHeld(question.id),
            type ? eq(question.type, type) : undefined,
            hard ? eq(question.hard, hard) : undefined,
          )
          const { current, size, offset } = parsePaging(query)
          // Random practice draws one page afresh each time (no offset), counted over the same bank.
          const { rows, total } =
            query.mode === 'random'
              ? {
                  total: (await ctx.db.select({ total: count() }).from(question).where(cond))[0].total,
                  rows: await ctx.db
                    .select()
                    .from(question)
                    .where(cond)
                    .orderBy(sql`random()`)
                    .limit(size),
                }
              : pageRows(ctx.db, { table: question, where: cond, orderBy: [asc(question.id)] }, size, offset)
          const full = await withChildren(ctx.db, rows)
          return ok(ctx, pageOf(await forLearner(ctx, full), total, query.mode === 'random' ? 1 : current, size))
        },
        {
          perm: SIGNED_IN,
          query: queryOf({ ...paging(), type: text('type'), hard: text('difficulty'), mode: text('order or random') }),
        },
      )
      // How many questions of each type (and difficulty) the bank holds: the requirement form's limits.
      .get(
        '/question/typeNumber',
        async ({ ctx }) => {
          const rows = await ctx.db
            .select({ type: question.type, hard: question.hard, number: count() })
            .from(question)
            .where(and(live(ctx), (await keyRule(ctx)).notHeld(question.id)))
            .groupBy(question.type, question.hard)
          return ok(ctx, rows)
        },
        { perm: SIGNED_IN, query: queryOf() },
      )
      .post(
        '/question/checkAnswer',
        async ({ ctx, body }) =>
          ok(ctx, await checkAnswer(ctx, (body ?? {}) as Record<string, unknown>, await keyRule(ctx))),
        { perm: SIGNED_IN },
      )
      // A whole practice paper handed in at once (/home/check): the same check per answer, in order.
      .post(
        '/question/checkAnswers',
        async ({ ctx, body }) => {
          const list = (body as { answers?: unknown } | undefined)?.answers
          if (!Array.isArray(list) || !list.length || list.length > 200)
            throw badRequest('practice.answer', { field: 'answers' }, 'answers')
          const rule = await keyRule(ctx)
          const out = []
          for (const item of list) out.push(await checkAnswer(ctx, (item ?? {}) as Record<string, unknown>, rule))
          return ok(ctx, out)
        },
        { perm: SIGNED_IN },
      )
      .get(
        '/question/lookQuestionMes',
        async ({ ctx, query }) => {
          const id = questionIdOf(query.questionId ?? query.id)
          refuseHeld(await keyRule(ctx), id)
          const q = await bankQuestion(ctx, id)
          return ok(ctx, { ...revealed(q), collected: (await collectedOf(ctx, [q.id])).has(q.id) })
        },
        { perm: SIGNED_IN, query: queryOf({ questionId: text('question'), id: text('id') }) },
      )
      .post(
        '/question/toPaperByRequire',
        async ({ ctx, body }) => ok(ctx, await byRequirement(ctx, (body ?? {}) as Record<string, unknown>)),
        { perm: SIGNED_IN },
      )
      .get(
        '/question/getTeamQuestion',
        async ({ ctx, query }) => ok(ctx, await forLearner(ctx, await teamQuestions(ctx, query.teamId))),
        { perm: SIGNED_IN, query: queryOf({ teamId: text('team') }) },
      )
      .get(
        '/question/getRandomTeamQuestion',
        async ({ ctx, query }) =>
          ok(ctx, await forLearner(ctx, shuffled(await teamQuestions(ctx, query.teamId), Math.random))),
        { perm: SIGNED_IN, query: queryOf({ teamId: text('team') }) },
      )
      .get(
        '/question/getTeamQuestionTypeNumber',
        async ({ ctx, query }) => {
          const qs = await teamQuestions(ctx, query.teamId)
          const types = [...new Set(qs.map((q) => q.type))].sort()
          return ok(
            ctx,
            types.map((type) => ({ type, number: qs.filter((q) => q.type === type).length })),
          )
        },
        { perm: SIGNED_IN, query: queryOf({ teamId: text('team') }) },
      )
      // The caller's teams, as cards.
      .get(
        '/team/page-card',
        async ({ ctx, query }) => {
          const { current, size, offset } = parsePaging(query)
          const cond = and(ownRows(teamUser, ctx), eq(team.isDeleted, 0))
          const [{ total }] = await ctx.db
            .select({ total: count() })
            .from(teamUser)
            .innerJoin(team, eq(team.id, teamUser.teamId))
            .where(cond)
          const rows = await ctx.db
            .select({ t: team })
            .from(teamUser)
            .innerJoin(team, eq(team.id, teamUser.teamId))
            .where(cond)
            .orderBy(desc(team.id))
            .limit(size)
            .offset(offset)
          const ids = rows.map((r) => r.t.id)
          const counts = ids.length
            ? await ctx.db
                .select({ teamId: teamUser.teamId, n: count() })
                .from(teamUser)
                .where(inArray(teamUser.teamId, ids))
                .groupBy(teamUser.teamId)
            : []
          const records = rows.map(({ t }) => ({
            id: t.id,
            name: t.name,
            cover: t.cover,
            intro: t.intro,
            hasQuestions: !!t.paperId,
            memberCount: counts.find((c) => c.teamId === t.id)?.n ?? 0,
          }))
          return ok(ctx, pageOf(records, total, current, size))
        },
        { perm: SIGNED_IN, query: queryOf({ ...paging() }) },
      )
      .post(
        '/userQuestionCollect/saveQuestionCollect',
        async ({ ctx, body }) => {
          const q = await bankQuestion(ctx, questionIdOf((body as Record<string, unknown> | undefined)?.questionId))
          ctx.db
            .insert(questionCollect)
            .values({
              id: newId(),
              tenantId: ctx.actor.tenantId,
              userId: ctx.actor.userId,
              questionId: q.id,
              createTime: now(),
            })
            .onConflictDoNothing()
            .run()
          return ok(ctx, true)
        },
        { perm: SIGNED_IN },
      )
      .get(
        '/userQuestionCollect/cancelQuestionCollect',
        async ({ ctx, query }) => {
          const id = questionIdOf(query.questionId)
          await ctx.db
            .delete(questionCollect)
            .where(and(eq(questionCollect.userId, ctx.actor.userId), eq(questionCollect.questionId, id)))
          return ok(ctx, true)
        },
        { perm: SIGNED_IN, query: queryOf({ questionId: text('question') }) },
      )
      .get(
        '/userQuestionCollect/lookQuestionCollects',
        async ({ ctx, query }) => {
          const { current, size, offset } = parsePaging(query)
          const cond = ownRows(questionCollect, ctx)
          const orderBy = [desc(questionCollect.createTime), desc(questionCollect.id)]
          const { rows, total } = pageRows(ctx.db, { table: questionCollect, where: cond, orderBy }, size, offset)
          const qs = await forLearner(
            ctx,
            await pagedQuestions(
              ctx,
              rows.map((r) => r.questionId),
            ),
          )
          return ok(
            ctx,
            pageOf(
              qs.map((q) => ({ ...q, collectTime: rows.find((r) => r.questionId === q.id)?.createTime })),
              total,
              current,
              size,
            ),
          )
        },
        { perm: SIGNED_IN, query: queryOf({ ...paging() }) },
      )
      .post(
        '/logUserQuestion/saveErrorQuestion',
        async ({ ctx, body }) => {
          const b = (body ?? {}) as Record<string, unknown>
          const q = await bankQuestion(ctx, questionIdOf(b.questionId))
          recordError(ctx, q.id, responseOf(b.answer))
          return ok(ctx, true)
        },
        { perm: SIGNED_IN },
      )
      // The wrong-answer book: each question with the key, the analysis and the learner's last wrong answer.
      .get(
        '/logUserQuestion/showErrorQuestion',
        async ({ ctx, query }) => {
          const { current, size, offset } = parsePaging(query)
          const cond = and(ownRows(questionError, ctx), (await keyRule(ctx)).notHeld(questionError.questionId))
          const orderBy = [desc(questionError.updateTime), desc(questionError.id)]
          const { rows, total } = pageRows(ctx.db, { table: questionError, where: cond, orderBy }, size, offset)
          const qs = await pagedQuestions(
            ctx,
            rows.map((r) => r.questionId),
          )
          return ok(
            ctx,
            pageOf(
              qs.map((q) => {
                const e = rows.find((r) => r.questionId === q.id)!
                return {
                  ...revealed(q),
                  lastAnswer: JSON.parse(e.lastAnswer),
                  times: e.times,
                  updateTime: e.updateTime,
                }
              }),
              total,
              current,
              size,
            ),
          )
        },
        { perm: SIGNED_IN, query: queryOf({ ...paging() }) },
      )
      .get(
        '/logUserQuestion/removeErrorQuestion',
        async ({ ctx, query }) => {
          const id = questionIdOf(query.questionId)
          await ctx.db
            .delete(questionError)
            .where(and(eq(questionError.userId, ctx.actor.userId), eq(questionError.questionId, id)))
          return ok(ctx, true)
        },
        { perm: SIGNED_IN, query: queryOf({ questionId: text('question') }) },
      ),
  )
