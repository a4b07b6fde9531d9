import { Elysia, t } from 'elysia'
import { and, count, desc, eq } from 'drizzle-orm'
import { pageRows } from '../../lib/page-query.ts'
import { contains } from '../../lib/like.ts'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { dept, post, role, user } from '../../../db/schema/index.ts'
import type { Ctx, Services } from '../../lib/context.ts'
import { authContext } from '../../lib/auth-context.ts'
import { ok } from '../../lib/envelope.ts'
import { badRequest } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { countByMember, memberOf } from '../../lib/membership.ts'
import { formatDateTime } from '../../lib/time.ts'
import { userInfo } from '../auth/index.ts'
import { userFilters, userResource, withNames } from './user.ts'
import { updateOwnInfo, updateOwnPassword } from './user-admin.ts'
import { roleResource } from './role.ts'
import { deptResource } from './dept.ts'
import { postResource } from './post.ts'
import { handWritten } from '../../lib/hand-written.ts'
import { body as bodyOf, bodyText, paging, query as queryOf, text } from '../../lib/request-schema.ts'

type Q = Record<string, string | undefined>

/** A page as the generated /page answers it: the read side's filters and names (user.ts). */
async function page(ctx: Ctx, q: Q) {
  const p = await userResource.ops.page(ctx, q)
  return { ...p, records: await userResource.read(ctx, p.records, 'page') }
}

/** A role's users of the caller's tenant, paged (students for review lists, teachers for owner pickers). */
const roleRoute =
  (roleName: string) =>
  async ({ ctx, query }: { ctx: Ctx; query: Q } & Record<string, unknown>) =>
    ok(ctx, await page(ctx, { ...query, roleName }))

const USER_ORDER = [desc(user.id)]

/** A page of users as the generated /page reads it: paging, and the list's filters (user.ts) kept as text. */
const UserPageQuery = queryOf({ ...paging(), account: text('contains'), realName: text('contains') })

/** The pickers' name search. */
const NameQuery = queryOf({ name: text('contains') })

/** Own-account bodies: each field as the handler reads it (text or null; anything else is its validation.invalid). */
const PasswordBody = bodyOf({
  oldPassword: bodyText('current password (md5 hex)'),
  newPassword: bodyText('new password (md5 hex)'),
  newPassword1: bodyText('new password again'),
})
const OwnInfoBody = bodyOf({
  avatar: bodyText('avatar link'),
  name: bodyText('nickname'),
  realName: bodyText('real name'),
  phone: bodyText('phone'),
  email: bodyText('e-mail'),
  sex: t.Optional(t.Unknown({ description: 'sex (1, 2, 3)' })),
  birthday: bodyText('birthday'),
})

export const userRoutes = (s: Services) =>
  handWritten(
    "the caller's own account, role-filtered pickers and dashboard counts: projections, aggregates and own-row writes the user resource does not declare",
    userRoutesPlugin(s),
  )

const userRoutesPlugin = (s: Services) =>
  new Elysia().use(userResource.routes(s)).use(
    new Elysia({ prefix: userResource.options.path })
      .use(authContext(s))
      .get('/teacher-page', roleRoute('teacher'), { perm: ['system:user', 'desk'], query: UserPageQuery })
      .get(
        '/platform-detail',
        async ({ ctx, query }) => {
          const u = await userResource.ops.detail(ctx, query.id)
          return ok(ctx, {
            id: u.id,
            account: u.account,
            realName: u.realName,
            userType: u.userType,
            userExt: u.userExt,
          })
        },
        { perm: 'system:user:platform', query: queryOf({ id: text('user') }) },
      )
      .get('/info', async ({ ctx }) => ok(ctx, await userInfo(ctx)), { perm: SIGNED_IN, query: queryOf() })
      .post(
        '/update',
        async ({ ctx, body }) => {
          if (!body?.id) throw badRequest('validation.id', { field: 'id' }, 'id')
          return ok(ctx, await userResource.ops.submit(ctx, body))
        },
        // The fields are submit's (checked there, 400 naming the field); update only insists on an id.
        { perm: 'system:user:edit', body: bodyOf({ id: t.Optional(t.Unknown({ description: 'user (required)' })) }) },
      )
      .post(
        '/update-platform',
        async ({ ctx, body }) => {
          await userResource.ops.detail(ctx, body.userId)
          const ext = typeof body.userExt === 'string' ? body.userExt : JSON.stringify(body.userExt ?? {})
          return ok(ctx, await userResource.ops.submit(ctx, { id: body.userId, userType: body.userType, userExt: ext }))
        },
        {
          perm: 'system:user:platform',
          body: t.Object({
            userId: t.String(),
            userType: t.Integer({ minimum: 1, maximum: 3 }),
            userExt: t.Optional(t.Unknown()),
          }),
        },
      )
      .post(
        '/update-password',
        async ({ ctx, body, query }) => ok(ctx, await updateOwnPassword(ctx, { ...query, ...body })),
        { perm: SIGNED_IN, query: queryOf(), body: PasswordBody },
      )
      .post('/update-info', async ({ ctx, body }) => ok(ctx, await updateOwnInfo(ctx, body ?? {})), {
        perm: SIGNED_IN,
        body: OwnInfoBody,
      })
      .get(
        '/getStudentList',
        async ({ ctx, query }) => {
          const deptIds = parseIds(query.deptIds)
          const rows = await userResource.ops.all(
            ctx,
            {},
            and(await userFilters(ctx, { roleName: 'student' }), memberOf(user.deptId, deptIds)),
          )
          return ok(ctx, await withNames(ctx, rows))
        },
        { perm: ['system:user', 'desk'], query: queryOf({ deptIds: text('classes (departments), comma-separated') }) },
      )
      .get(
        '/getUserByRole',
        async ({ ctx, query }) => {
          if (!query.role) throw badRequest('validation.required', { field: 'role' }, 'role')
          const rows = await userResource.ops.all(ctx, {}, await userFilters(ctx, { roleName: query.role }))
          return ok(
            ctx,
            rows.map((r) => ({ id: r.id, account: r.account, realName: r.realName, name: r.name, avatar: r.avatar })),
          )
        },
        { perm: ['system:user', 'desk'], query: queryOf({ role: text('role name (required)') }) },
      )
      // Experiment enrolments: until labs answers them, the tenant's students in scope. (getCourseExamineUserPage: course/enrolment.ts.)
      .get('/getExperimentUserPage', roleRoute('student'), { perm: 'system:user', query: UserPageQuery })
      // Dashboard figures are counts only: the dashboard code suffices, rows stay within tenant and data scope.
      .get(
        '/getUserTotal',
        async ({ ctx }) => {
          const where = await userResource.scope(ctx)
          const [row] = await ctx.db.select({ total: count() }).from(user).where(where)
          const byStatus = await ctx.db
            .select({ status: user.status, n: count() })
            .from(user)
            .where(where)
            .groupBy(user.status)
          const [{ locked }] = await ctx.db
            .select({ locked: count() })
            .from(user)
            .where(and(where, eq(user.locked, 1)))
          return ok(ctx, {
            total: row.total,
            locked,
            pending: byStatus.find((b) => b.status === 0)?.n ?? 0,
            active: byStatus.find((b) => b.status === 1)?.n ?? 0,
            disabled: byStatus.find((b) => b.status === 2)?.n ?? 0,
          })
        },
        { perm: ['system:user', 'desk:dashboard'], query: queryOf() },
      )
      .get(
        '/getUserStatistics',
        async ({ ctx }) => {
          const where = await userResource.scope(ctx)
          const users = await ctx.db.select({ createTime: user.createTime }).from(user).where(where)
          const holders = await countByMember(ctx.db, user.roleId, where)
          const roles = await ctx.db
            .select({ id: role.id, roleName: role.roleName, roleAlias: role.roleAlias })
            .from(role)
            .where(await roleResource.scope(ctx))
          const byRole = roles.map((r) => ({
            roleId: r.id,
            roleName: r.roleName,
            roleAlias: r.roleAlias,
            count: holders.get(r.id) ?? 0,
          }))
          const months: { month: string; count: number }[] = []
          const d = new Date()
          for (let i = 11; i >= 0; i--) {
            const m = formatDateTime(new Date(d.getFullYear(), d.getMonth() - i, 1)).slice(0, 7)
            months.push({ month: m, count: users.filter((u) => u.createTime?.startsWith(m)).length })
          }
          return ok(ctx, { byRole, byMonth: months })
        },
        { perm: ['system:user', 'desk:dashboard'], query: queryOf() },
      ),
  )

/** blade-user/user-list and blade-system/search/*: small name look-ups for pickers, always scoped. */
export const userLookupRoutes = (s: Services) =>
  handWritten(
    'name look-ups for pickers over users, roles, departments and posts: small projections across several resources',
    userLookupRoutesPlugin(s),
  )

const userLookupRoutesPlugin = (s: Services) =>
  new Elysia({ prefix: '/api' })
    .use(authContext(s))
    // The recipient picker of messages: whoever may send messages pages the tenant's active users (names only).
    .get(
      '/blade-user/user-list',
      async ({ ctx, query }) => {
        const { current, size, offset } = parsePaging(query)
        const text = (col: SQLiteColumn, v?: string) => (v ? contains(col, v) : undefined)
        const cond = and(
          await userResource.scope(ctx),
          eq(user.status, 1),
          await userFilters(ctx, query),
          text(user.account, query.account),
          text(user.realName, query.realName),
        )
        const { rows, total } = pageRows(
          ctx.db,
          { table: user, where: cond, orderBy: USER_ORDER, keyDesc: user.id },
          size,
          offset,
        )
        const named = await withNames(ctx, rows as Record<string, unknown>[])
        return ok(
          ctx,
          pageOf(
            named.map((r) => ({
              id: r.id,
              account: r.account,
              realName: r.realName,
              deptName: r.deptName,
              roleName: r.roleName,
              avatar: r.avatar,
            })),
            total,
            current,
            size,
          ),
        )
      },
      { perm: ['system:user', 'desk:message:send'], query: UserPageQuery },
    )
    .get(
      '/blade-system/search/user',
      async ({ ctx, query }) =>
        ok(
          ctx,
          (await userResource.ops.all(ctx, { realName: query.name ?? query.realName, account: query.account }))
            .slice(0, 50)
            .map((r) => ({ id: r.id, account: r.account, realName: r.realName })),
        ),
      {
        perm: 'system:user',
        query: queryOf({ name: text('real name, contains'), realName: text('contains'), account: text('contains') }),
      },
    )
    .get(
      '/blade-system/search/role',
      async ({ ctx, query }) => ok(ctx, await nameSearch(ctx, roleResource, role.roleName, query.name)),
      { perm: 'system:role', query: NameQuery },
    )
    .get(
      '/blade-system/search/dept',
      async ({ ctx, query }) => ok(ctx, await nameSearch(ctx, deptResource, dept.deptName, query.name)),
      { perm: 'system:dept', query: NameQuery },
    )
    .get(
      '/blade-system/search/post',
      async ({ ctx, query }) => ok(ctx, await nameSearch(ctx, postResource, post.postName, query.name)),
      { perm: 'system:post', query: NameQuery },
    )

async function nameSearch(
  ctx: Ctx,
  res: typeof roleResource | typeof deptResource | typeof postResource,
  col: SQLiteColumn,
  name?: string,
) {
  const rows = await ctx.db
    .select()
    .from(res.options.table)
    .where(and(await res.scope(ctx), name ? contains(col, name) : undefined))
    .limit(50)
  return rows
}
