/**
 * A learner's teams (portal): the caller's teams as cards, and a team's question set — a paper the team
 * practises together — for its members only. Declared as actions of the practice resource (practice.ts).
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { question, team, teamUser } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { first } from '../../lib/rows.ts'
import type { Actions } from '../../lib/resource.ts'
import { ownRows, publicRows } from '../../lib/tenant-rows.ts'
import { keyRule } from './key-visibility.ts'
import { paperQuestions } from './paper.ts'
import { fields, forLearner } from './practice-bank.ts'
import { shuffled } from './sitting.ts'

const MEMBERSHIP = 'a learner reaches a team by membership, checked next'

/** The team (of the caller's tenant) the caller belongs to, or 403/404. */
async function myTeam(ctx: Ctx, teamId: unknown) {
  const id = String(teamId ?? '')
  if (!/^\d{1,20}$/.test(id)) throw badRequest('validation.id', { field: 'teamId' }, 'teamId')
  const t = await first(
    ctx.db
      .select()
      .from(team)
      .where(and(eq(team.id, id), publicRows(team, ctx.actor.tenantId, { why: MEMBERSHIP }))),
  )
  if (!t) throw notFound()
  const member = await first(
    ctx.db
      .select({ id: teamUser.id })
      .from(teamUser)
      .where(and(eq(teamUser.teamId, id), eq(teamUser.userId, ctx.actor.userId))),
  )
  if (!member) throw new ApiError(403, 'practice.notMember')
  return t
}

/** The team's question set, less the questions an exam still holds (key-visibility.ts). */
async function teamQuestions(ctx: Ctx, teamId: unknown) {
  const t = await myTeam(ctx, teamId)
  if (!t.paperId) return []
  const { held } = await keyRule(ctx)
  return (await paperQuestions(ctx, t.paperId)).filter((q) => !held.has(q.id))
}

const byTeam = { teamId: fields.text('team') }

export const teamActions = {
  getTeamQuestion: {
    method: 'GET',
    button: SIGNED_IN,
    body: byTeam,
    run: async (ctx, { query }) => forLearner(ctx, await teamQuestions(ctx, query.teamId)),
  },
  getRandomTeamQuestion: {
    method: 'GET',
    button: SIGNED_IN,
    body: byTeam,
    run: async (ctx, { query }) => forLearner(ctx, shuffled(await teamQuestions(ctx, query.teamId), Math.random)),
  },
  getTeamQuestionTypeNumber: {
    method: 'GET',
    button: SIGNED_IN,
    body: byTeam,
    run: async (ctx, { query }) => {
      const qs = await teamQuestions(ctx, query.teamId)
      const types = [...new Set(qs.map((q) => q.type))].sort()
      return types.map((type) => ({ type, number: qs.filter((q) => q.type === type).length }))
    },
  },
  // The caller's teams, as cards: the teams their membership rows name, newest first.
  'page-card': {
    method: 'GET',
    path: '/api/nep-wbp/team/page-card',
    button: SIGNED_IN,
    body: fields.paging,
    run: async (ctx, { query }) => {
      const { current, size, offset } = parsePaging(query)
      const mine = ctx.db.select({ id: teamUser.teamId }).from(teamUser).where(ownRows(teamUser, ctx))
      const where = and(publicRows(team, ctx.actor.tenantId, { why: MEMBERSHIP }), inArray(team.id, mine))
      const { rows, total } = await pageRows(ctx.db, { table: team, where, orderBy: [desc(team.id)] }, size, offset)
      const ids = rows.map((t) => t.id)
      const counts = ids.length
        ? await ctx.db
            .select({ teamId: teamUser.teamId, n: count() })
            .from(teamUser)
            .where(inArray(teamUser.teamId, ids))
            .groupBy(teamUser.teamId)
        : []
      const records = rows.map((t) => ({
        id: t.id,
        name: t.name,
        cover: t.cover,
        intro: t.intro,
        hasQuestions: !!t.paperId,
        memberCount: counts.find((c) => c.teamId === t.id)?.n ?? 0,
      }))
      return pageOf(records, total, current, size)
    },
  },
} satisfies Actions<typeof question>
