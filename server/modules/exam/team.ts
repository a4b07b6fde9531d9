import { Elysia } from 'elysia'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { paper, team, teamUser, user } from '../../../db/schema/index.ts'
import { teamFields } from '../../../db/fields/exam.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import { newId } from '../../lib/ids.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { defineMessages } from '../../lib/messages.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { defineResource } from '../../lib/resource.ts'
import { now } from '../../lib/time.ts'
import { splitIds } from './candidates.ts'
import { paperResource } from './paper.ts'
import { scope } from '../../lib/scope.ts'
import { userResource } from '../system/user.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { paging, query as queryOf, text } from '../../lib/request-schema.ts'

defineMessages({
  'team.paperId': { zh: '题目集必须是本租户的试卷', en: 'the question set must be a paper of this tenant' },
  'team.students': { zh: '请选择学生（本租户的用户）', en: 'please select students (users of this tenant)' },
})

/** Teams: members picked by class, a question set (a paper) to practise together. */
export const teamResource = defineResource({
  table: team,
  path: '/api/hm-team/team',
  code: 'exam:team',
  search: ['name'],
  fields: teamFields,
  async beforeWrite(ctx, w) {
    if (w.op === 'remove' || !w.values.paperId) return
    const found = await ctx.db
      .select({ id: paper.id })
      .from(paper)
      .where(and(await paperResource.scope(ctx), eq(paper.id, String(w.values.paperId))))
      .get()
    if (!found) throw badRequest('team.paperId', { field: 'paperId' }, 'paperId')
  },
  afterWrite(_ctx, w, tx) {
    if (w.op === 'remove')
      tx.delete(teamUser)
        .where(
          inArray(
            teamUser.teamId,
            w.before.map((b) => b.id),
          ),
        )
        .run()
  },
})

/** Members are read through their team, which managedTeam gates with the team list's data scope. */
const TEAM_GATED = "the team is gated: managedTeam, with the team list's data scope"

/** A team the caller may manage, or 404. */

const managedTeam = async (ctx: Ctx, id: unknown) =>
  teamResource.ops.detail(ctx, id === undefined ? undefined : String(id))

async function members(ctx: Ctx, teamId: string, q: Record<string, string | undefined>) {
  const { current, size, offset } = parsePaging(q)
  const cond = and(eq(teamUser.teamId, teamId), await scope(teamUser, ctx, { dataScope: false, why: TEAM_GATED }))
  const [{ total }] = await ctx.db.select({ total: count() }).from(teamUser).where(cond)
  const rows = await ctx.db
    .select({
      id: teamUser.id,
      userId: teamUser.userId,
      classId: teamUser.classId,
      createTime: teamUser.createTime,
      account: user.account,
      realName: user.realName,
      avatar: user.avatar,
    })
    .from(teamUser)
    .innerJoin(user, eq(user.id, teamUser.userId))
    .where(cond)
    .orderBy(desc(teamUser.id))
    .limit(size)
    .offset(offset)
  return pageOf(rows, total, current, size)
}

export const teamRoutes = (s: Services) =>
  handWritten(
    'team members are team_user rows reached through a team the caller manages; the card page counts them',
    teamRoutesPlugin(s),
  )

const teamRoutesPlugin = (s: Services) =>
  new Elysia()
    .use(teamResource.routes(s))
    .use(
      new Elysia({ prefix: teamResource.options.path }).use(authContext(s)).get(
        '/page-card',
        async ({ ctx, query }) => {
          const page = await teamResource.ops.page(ctx, query)
          const ids = page.records.map((r) => r.id)
          const counts = ids.length
            ? await ctx.db
                .select({ teamId: teamUser.teamId, n: count() })
                .from(teamUser)
                .where(inArray(teamUser.teamId, ids))
                .groupBy(teamUser.teamId)
            : []
          return ok(ctx, {
            ...page,
            records: page.records.map((r) => ({ ...r, memberCount: counts.find((c) => c.teamId === r.id)?.n ?? 0 })),
          })
        },
        { perm: teamResource.perms.list, query: queryOf({ ...paging() }) },
      ),
    )
    .use(
      new Elysia({ prefix: '/api/hm-teamUser/teamUser' })
        .use(authContext(s))
        .get(
          '/getTeamUserInfo',
          async ({ ctx, query }) => ok(ctx, await members(ctx, (await managedTeam(ctx, query.teamId)).id, query)),
          { perm: teamResource.perms.detail, query: queryOf({ teamId: text('team') }) },
        )
        // The member picker pre-selects the team's students and their classes.
        .get(
          '/getStuIdsAndClassIds',
          async ({ ctx, query }) => {
            const t = await managedTeam(ctx, query.teamId)
            const rows = await ctx.db
              .select({ userId: teamUser.userId, classId: teamUser.classId })
              .from(teamUser)
              .where(eq(teamUser.teamId, t.id))
            return ok(ctx, {
              studentIds: rows.map((r) => r.userId),
              classIds: [...new Set(rows.map((r) => r.classId).filter(Boolean))],
            })
          },
          { perm: teamResource.perms.detail, query: queryOf({ teamId: text('team') }) },
        )
        .post(
          '/addStudents',
          async ({ ctx, body }) => {
            const b = (body ?? {}) as { teamId?: unknown; studentIds?: unknown }
            const t = await managedTeam(ctx, b.teamId)
            const ids = Array.isArray(b.studentIds) ? b.studentIds.map(String) : splitIds(String(b.studentIds ?? ''))
            if (!ids.length || ids.some((id) => !/^\d{1,20}$/.test(id)))
              throw badRequest('team.students', { field: 'studentIds' }, 'studentIds')
            const people = await ctx.db
              .select({ id: user.id, deptId: user.deptId })
              .from(user)
              .where(and(await userResource.scope(ctx), inArray(user.id, ids)))
            if (people.length !== new Set(ids).size)
              throw badRequest('team.students', { field: 'studentIds' }, 'studentIds')
            ctx.db.transaction((tx) => {
              for (const p of people)
                tx.insert(teamUser)
                  .values({
                    id: newId(),
                    tenantId: ctx.actor.tenantId,
                    teamId: t.id,
                    userId: p.id,
                    classId: p.deptId.split(',')[0] || null,
                    createTime: now(),
                  })
                  .onConflictDoNothing()
                  .run()
            })
            return ok(ctx, await members(ctx, t.id, {}))
          },
          { perm: teamResource.perms.edit },
        )
        .post(
          '/remove',
          async ({ ctx, query, body }) => {
            const ids = parseIds(query.ids ?? (body as { ids?: unknown } | undefined)?.ids)
            const rows = await ctx.db
              .select()
              .from(teamUser)
              .where(and(inArray(teamUser.id, ids), await scope(teamUser, ctx, { dataScope: false, why: TEAM_GATED })))
            if (rows.length !== new Set(ids).size) throw notFound()
            for (const teamId of new Set(rows.map((r) => r.teamId))) await managedTeam(ctx, teamId)
            await ctx.db.delete(teamUser).where(inArray(teamUser.id, ids))
            return ok(ctx, true)
          },
          { perm: teamResource.perms.edit },
        ),
    )
