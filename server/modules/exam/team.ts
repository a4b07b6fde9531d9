import { Type } from '@sinclair/typebox'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { paper, team, teamUser, user } from '../../../db/schema/index.ts'
import { teamFields } from '../../../db/fields/exam.ts'
import type { Ctx } from '../../lib/context.ts'
import type { Page } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { first } from '../../lib/rows.ts'
import { newId } from '../../lib/ids.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { defineMessages } from '../../lib/messages.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { defineResource } from '../../lib/resource.ts'
import type { Query } from '../../lib/resource-types.ts'
import { pageRows } from '../../lib/page-query.ts'
import { transact } from '../../lib/transaction.ts'
import { now } from '../../lib/time.ts'
import { splitIds } from './candidates.ts'
import { paperResource } from './paper.ts'
import { scope } from '../../lib/scope.ts'
import { userResource } from '../system/user.ts'

defineMessages({
  'team.paperId': { zh: '题目集必须是本租户的试卷', en: 'the question set must be a paper of this tenant' },
  'team.students': { zh: '请选择学生（本租户的用户）', en: 'please select students (users of this tenant)' },
})

/** Where the contract files a team's members. */
const MEMBERS = '/api/hm-teamUser/teamUser'
const text = (description: string) => Type.Optional(Type.String({ description }))
const paging = { current: text('page, from 1'), size: text('rows a page (default 10, at most 200)') }

/** Teams: members picked by class, a question set (a paper) to practise together. */
export const teamResource = defineResource({
  table: team,
  path: '/api/hm-team/team',
  code: 'exam:team',
  search: ['name'],
  fields: teamFields,
  actions: {
    // The card grid: the team page (its search and paging) with each team's member count.
    'page-card': {
      method: 'GET',
      button: 'exam:team',
      body: { ...paging, name: text('contains') },
      run: (ctx, { query }) => pageCard(ctx, query),
    },
    // Members are team_user rows, reached through their team (the target, as the team detail reads it).
    members: {
      method: 'GET',
      path: `${MEMBERS}/getTeamUserInfo`,
      button: 'exam:team',
      target: { one: 'teamId' },
      verb: 'detail',
      body: paging,
      run: (ctx, { rows: [t], query }) => members(ctx, t.id, query),
    },
    // The member picker pre-selects the team's students and their classes.
    memberIds: {
      method: 'GET',
      path: `${MEMBERS}/getStuIdsAndClassIds`,
      button: 'exam:team',
      target: { one: 'teamId' },
      verb: 'detail',
      run: async (ctx, { rows: [t] }) => {
        const rows = await ctx.db
          .select({ userId: teamUser.userId, classId: teamUser.classId })
          .from(teamUser)
          .where(eq(teamUser.teamId, t.id))
        return {
          studentIds: rows.map((r) => r.userId),
          classIds: [...new Set(rows.map((r) => r.classId).filter(Boolean))],
        }
      },
    },
    // POST { teamId, studentIds: [..] or "1,2" }; answers the first page of members.
    addStudents: {
      path: `${MEMBERS}/addStudents`,
      button: 'edit',
      target: { one: 'teamId' },
      verb: 'detail',
      body: {
        studentIds: Type.Optional(
          Type.Union([Type.String(), Type.Array(Type.Union([Type.String(), Type.Number()]))], {
            description: 'students: a list of ids, or comma-separated',
            error: 'team.students',
          }),
        ),
      },
      run: (ctx, { rows: [t], body }) => addStudents(ctx, t.id, body.studentIds),
    },
    // POST ?ids= member rows (not teams).
    removeMembers: {
      path: `${MEMBERS}/remove`,
      button: 'edit',
      body: {
        ids: Type.Optional(
          Type.Union([Type.String(), Type.Array(Type.Union([Type.String(), Type.Number()]))], {
            description: 'member rows: comma-separated ids, or a list',
            error: 'validation.ids',
          }),
        ),
      },
      run: (ctx, { body }) => removeMembers(ctx, body.ids),
    },
  },
  async beforeWrite(ctx, w) {
    if (w.op === 'remove' || !w.values.paperId) return
    const found = await first(
      ctx.db
        .select({ id: paper.id })
        .from(paper)
        .where(and(await paperResource.scope(ctx), eq(paper.id, String(w.values.paperId)))),
    )
    if (!found) throw badRequest('team.paperId', { field: 'paperId' }, 'paperId')
  },
  async afterWrite(_ctx, w, tx) {
    if (w.op === 'remove')
      await tx.delete(teamUser).where(
        inArray(
          teamUser.teamId,
          w.before.map((b) => b.id),
        ),
      )
  },
})

/** Members are read through their team, which the actions look up as the team detail does (scope and data scope). */
const TEAM_GATED = "the team is gated: the action's target, with the team list's data scope"

type Member = Pick<typeof teamUser.$inferSelect, 'id' | 'userId' | 'classId' | 'createTime'> &
  Pick<typeof user.$inferSelect, 'account' | 'realName' | 'avatar'>

/** A team's members, newest first, with their accounts (one look-up for the page's users). */
async function members(ctx: Ctx, teamId: string, q: Query): Promise<Page<Member>> {
  const { current, size, offset } = parsePaging(q)
  const where = and(
    eq(teamUser.teamId, teamId),
    await scope(teamUser, ctx, { dataScope: false, why: TEAM_GATED }),
    // A member whose account row is gone is not listed (the page used to be an inner join).
    inArray(teamUser.userId, ctx.db.select({ id: user.id }).from(user)),
  )
  const { rows, total } = await pageRows(
    ctx.db,
    { table: teamUser, where, orderBy: [desc(teamUser.id)], keyDesc: teamUser.id, omit: ['tenantId', 'teamId'] },
    size,
    offset,
  )
  const ids = [...new Set(rows.map((r) => r.userId))]
  const people = ids.length
    ? await ctx.db
        .select({ id: user.id, account: user.account, realName: user.realName, avatar: user.avatar })
        .from(user)
        .where(inArray(user.id, ids))
    : []
  const byId = new Map(people.map((p) => [p.id, p]))
  const records = rows.map((r) => {
    const p = byId.get(r.userId)!
    return {
      id: r.id,
      userId: r.userId,
      classId: r.classId,
      createTime: r.createTime,
      account: p.account,
      realName: p.realName,
      avatar: p.avatar,
    }
  })
  return pageOf(records, total, current, size)
}

/** The card page: the team page with each team's member count (one grouped count for the page). */
async function pageCard(ctx: Ctx, q: Query): Promise<Page<typeof team.$inferSelect & { memberCount: number }>> {
  const page = await teamResource.ops.page(ctx, q)
  const ids = page.records.map((r) => r.id)
  const counts = ids.length
    ? await ctx.db
        .select({ teamId: teamUser.teamId, n: count() })
        .from(teamUser)
        .where(inArray(teamUser.teamId, ids))
        .groupBy(teamUser.teamId)
    : []
  return {
    ...page,
    records: page.records.map((r) => ({ ...r, memberCount: counts.find((c) => c.teamId === r.id)?.n ?? 0 })),
  }
}

/** Adds students of the tenant (within the caller's scope over users) to a team; those already in stay once. */
async function addStudents(ctx: Ctx, teamId: string, raw: unknown): Promise<Page<Member>> {
  const ids = Array.isArray(raw) ? raw.map(String) : splitIds(String(raw ?? ''))
  if (!ids.length || ids.some((id) => !/^\d{1,20}$/.test(id)))
    throw badRequest('team.students', { field: 'studentIds' }, 'studentIds')
  const people = await ctx.db
    .select({ id: user.id, deptId: user.deptId })
    .from(user)
    .where(and(await userResource.scope(ctx), inArray(user.id, ids)))
  if (people.length !== new Set(ids).size) throw badRequest('team.students', { field: 'studentIds' }, 'studentIds')
  await transact(ctx, async (tx) => {
    for (const p of people)
      await tx
        .insert(teamUser)
        .values({
          id: newId(),
          tenantId: ctx.actor.tenantId,
          teamId,
          userId: p.id,
          classId: p.deptId.split(',')[0] || null,
          createTime: now(),
        })
        .onConflictDoNothing()
  })
  return members(ctx, teamId, {})
}

/** Removes member rows (team_user ids): each must be a member of a team the caller may edit, else 404. */
async function removeMembers(ctx: Ctx, raw: unknown): Promise<boolean> {
  const ids = parseIds(raw)
  const rows = await ctx.db
    .select({ id: teamUser.id, teamId: teamUser.teamId })
    .from(teamUser)
    .where(and(inArray(teamUser.id, ids), await scope(teamUser, ctx, { dataScope: false, why: TEAM_GATED })))
  if (rows.length !== new Set(ids).size) throw notFound()
  const teams = [...new Set(rows.map((r) => r.teamId))]
  // The teams as the detail reads them: another teacher's team (outside the data scope) is a 404 here too.
  const within = await ctx.db
    .select({ id: team.id })
    .from(team)
    .where(and(await teamResource.scope(ctx), inArray(team.id, teams)))
  if (within.length !== teams.length) throw notFound()
  await ctx.db.delete(teamUser).where(inArray(teamUser.id, ids))
  return true
}
