import { Type } from '@sinclair/typebox'
import { and, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import { contains, endsWith } from '../../lib/like.ts'
import { dept, role, user } from '../../../db/schema/index.ts'
import { userFields } from '../../../db/fields/system.ts'
import type { Ctx } from '../../lib/context.ts'
import { checkContact } from '../../lib/contact-rules.ts'
import { ApiError, badRequest } from '../../lib/errors.ts'
import { defineMessages } from '../../lib/messages.ts'
import { defineResource } from '../../lib/resource.ts'
import { namesOf } from '../../lib/names.ts'
import { scope } from '../../lib/scope.ts'
import { countByMember, memberOf } from '../../lib/membership.ts'
import { assertUnique } from '../../lib/unique.ts'
import { hashPassword } from '../auth/password.ts'
import { endSessions } from '../auth/sessions.ts'
import { assertAssignable } from '../../lib/role-assignment.ts'
import { ACCOUNT_UNIQUE, assertQuota, assertQuotaHeld } from './account-quota.ts'
import { deptResource } from './dept.ts'
import {
  approveUsers,
  grantUserRoles,
  resetPasswords,
  unlockUsers,
  updateOwnInfo,
  updateOwnPassword,
} from './user-admin.ts'
import type { Page } from '../../lib/envelope.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { pageRows } from '../../lib/page-query.ts'
import { pageOf, parsePaging } from '../../lib/paging.ts'
import { SIGNED_IN } from '../../lib/permissions.ts'
import { formatDateTime } from '../../lib/time.ts'
import { userInfo } from '../auth/index.ts'
import { roleResource } from './role.ts'
import { bodyText, text } from './look-ups.ts'
import { changedRoles, recordRoleChange } from './user-roles.ts'
import { initialPassword } from './initial-password.ts'

defineMessages({
  'user.foreignRef': { zh: '所选{field}不属于当前租户', en: 'the selected {field} does not belong to this tenant' },
})

/** Every id of a comma list must be a live row of the caller's tenant. */
async function ownIds(ctx: Ctx, res: typeof deptResource, csv: unknown, field: string) {
  const table = res.options.table
  const ids = String(csv ?? '')
    .split(',')
    .filter(Boolean)
  if (!ids.length) return
  const found = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(await res.scope(ctx), inArray(table.id, ids)))
  if (found.length !== new Set(ids).size) throw badRequest('user.foreignRef', { field }, field)
}

/** A page of users as the generated /page reads it: paging, and the list's filters (userFilters) kept as text. */
/** Course and camp editors pick lecturers and learners by name in their forms. */
const COURSE_FORMS = ['content:course', 'content:camp']
const PAGE_QUERY = {
  current: text('page, from 1'),
  size: text('rows a page (default 10, at most 200)'),
  account: text('contains'),
  realName: text('contains'),
}
const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

export const userResource = defineResource({
  table: user,
  path: '/api/blade-system/user',
  code: 'system:user',
  search: ['account', 'realName', 'name', 'phone', 'email'],
  filters: ['status', 'userType', 'locked'],
  dates: ['createTime'],
  hidden: ['password', 'failCount', 'lockedUntil'],
  body: { password: Type.Optional(Type.String({ maxLength: 128 })) },
  fields: userFields,
  unique: [ACCOUNT_UNIQUE],
  // Lists filter by department (and below) and role; every read shows role and department names beside the ids.
  read: { where: (ctx, q) => userFilters(ctx, q), rows: (ctx, rows) => withNames(ctx, rows) },
  // The account verbs of the user screen (and `atrium user reset-password|unlock`), each behind its own button.
  actions: {
    'reset-password': {
      button: 'reset',
      target: { many: 'userIds' },
      run: (ctx, { rows }) => resetPasswords(ctx, rows),
    },
    unlock: { button: 'unlock', target: { many: 'userIds' }, run: (ctx, { rows }) => unlockUsers(ctx, rows) },
    'audit-pass': { button: 'edit', target: { many: 'ids' }, run: (ctx, { rows }) => approveUsers(ctx, rows) },
    grant: {
      button: 'grant',
      target: { many: 'userIds' },
      body: { roleIds: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])) },
      run: (ctx, { rows, body }) => grantUserRoles(ctx, rows, body.roleIds),
    },
    // Pickers of other screens page a role's users: teachers for owner pickers, students for lab enrolments.
    'teacher-page': {
      method: 'GET',
      button: 'system:user',
      also: ['desk'],
      body: PAGE_QUERY,
      run: (ctx, { query }) => rolePage(ctx, query, 'teacher'),
    },
    getExperimentUserPage: {
      method: 'GET',
      button: 'system:user',
      body: PAGE_QUERY,
      run: (ctx, { query }) => rolePage(ctx, query, 'student'),
    },
    // The platform administrator's view of an account's type and extension, nothing else of the row.
    'platform-detail': {
      method: 'GET',
      button: 'platform',
      body: { id: text('user') },
      run: async (ctx, { query }): Promise<Record<string, unknown>> => {
        const u = await userResource.ops.detail(ctx, query.id)
        return { id: u.id, account: u.account, realName: u.realName, userType: u.userType, userExt: u.userExt }
      },
    },
    'update-platform': {
      button: 'platform',
      body: {
        userId: Type.String(),
        userType: Type.Integer({ minimum: 1, maximum: 3 }),
        userExt: Type.Optional(Type.Unknown()),
      },
      // A missing field answers as a wrong one does, naming it (as the route's own schema did before it was declared).
      messages: { userId: 'validation.invalid', userType: 'validation.invalid' },
      run: async (ctx, { body }): Promise<unknown> => {
        await userResource.ops.detail(ctx, body.userId as string)
        const ext = typeof body.userExt === 'string' ? body.userExt : JSON.stringify(body.userExt ?? {})
        return userResource.ops.submit(ctx, { id: body.userId, userType: body.userType, userExt: ext })
      },
    },
    // The user screen's edit: submit's fields, checked there (400 naming the field); update only insists on an id.
    update: {
      button: 'edit',
      body: { id: Type.Optional(Type.Unknown({ description: 'user (required)' })) },
      run: (ctx, { sent }): Promise<unknown> => {
        // The id must be the body's own: a query `id` beside a body without one would turn the edit into an insert.
        const b = sent && typeof sent === 'object' ? (sent as Record<string, unknown>) : {}
        if (!b.id) throw badRequest('validation.id', { field: 'id' }, 'id')
        return userResource.ops.submit(ctx, b)
      },
    },
    // The caller's own account: any signed-in user, only ever its own row (the handlers read ctx.actor).
    info: { method: 'GET', button: SIGNED_IN, run: (ctx) => userInfo(ctx) },
    'update-password': {
      button: SIGNED_IN,
      body: {
        oldPassword: bodyText('current password (md5 hex)'),
        newPassword: bodyText('new password (md5 hex)'),
        newPassword1: bodyText('new password again'),
      },
      // The handler checks each field with its own messages; the query may carry them too, as the screens send either.
      run: (ctx, { query, sent }) => updateOwnPassword(ctx, { ...query, ...objectOf(sent) }),
    },
    'update-info': {
      button: SIGNED_IN,
      body: {
        avatar: bodyText('avatar link'),
        name: bodyText('nickname'),
        realName: bodyText('real name'),
        phone: bodyText('phone'),
        email: bodyText('e-mail'),
        sex: Type.Optional(Type.Unknown({ description: 'sex (1, 2, 3)' })),
        birthday: bodyText('birthday'),
      },
      run: (ctx, { sent }) => updateOwnInfo(ctx, objectOf(sent)),
    },
    getStudentList: {
      method: 'GET',
      button: 'system:user',
      also: ['desk'],
      body: { deptIds: text('classes (departments), comma-separated') },
      run: async (ctx, { query }): Promise<Record<string, unknown>[]> => {
        const deptIds = parseIds(query.deptIds)
        const rows = await userResource.ops.all(
          ctx,
          {},
          and(await userFilters(ctx, { roleName: 'student' }), memberOf(user.deptId, deptIds)),
        )
        return withNames(ctx, rows)
      },
    },
    // The course and camp forms' lecturer picker too: names only, so editing courses does not need the user screen.
    getUserByRole: {
      method: 'GET',
      button: 'system:user',
      also: ['desk', ...COURSE_FORMS],
      body: { role: text('role name (required)') },
      run: async (ctx, { query }): Promise<Record<string, unknown>[]> => {
        if (!query.role) throw badRequest('validation.required', { field: 'role' }, 'role')
        return ctx.db
          .select({ id: user.id, account: user.account, realName: user.realName, name: user.name, avatar: user.avatar })
          .from(user)
          .where(and(await userResource.scope(ctx), await userFilters(ctx, { roleName: query.role })))
          .orderBy(desc(user.id))
      },
    },
    // Dashboard figures are counts only: the dashboard code suffices, rows stay within tenant and data scope.
    getUserTotal: {
      method: 'GET',
      button: ['system:user', 'desk:dashboard'],
      run: (ctx) => userTotals(ctx),
    },
    getUserStatistics: {
      method: 'GET',
      button: ['system:user', 'desk:dashboard'],
      run: (ctx) => userStatistics(ctx),
    },
    // The recipient picker of messages, and the course and camp forms' learner picker: the tenant's active users, names only.
    'user-list': {
      method: 'GET',
      path: '/api/blade-user/user-list',
      button: ['system:user', 'desk:message:send', ...COURSE_FORMS],
      body: { ...PAGE_QUERY, roleName: text('role alias or name, e.g. student') },
      run: (ctx, { query }) => recipientPage(ctx, query),
    },
    'search-user': {
      method: 'GET',
      path: '/api/blade-system/search/user',
      button: 'system:user',
      body: { name: text('real name, contains'), realName: text('contains'), account: text('contains') },
      run: async (ctx, { query }): Promise<Record<string, unknown>[]> =>
        (await userResource.ops.all(ctx, { realName: query.name ?? query.realName, account: query.account }))
          .slice(0, 50)
          .map((r) => ({ id: r.id, account: r.account, realName: r.realName })),
    },
  },
  async beforeWrite(ctx, w) {
    if (w.op === 'remove') {
      if (w.before.some((r) => r.id === ctx.actor.userId)) throw new ApiError(400, 'user.selfRemove')
      return
    }
    checkContact(w.values)
    // Said before the password is hashed; the check that holds runs again inside the write's transaction.
    await assertUnique(
      ctx.db,
      ACCOUNT_UNIQUE,
      { ...w.before[0], ...w.values },
      w.before[0] && { column: 'id', value: w.before[0].id },
    )
    if (w.values.roleId !== undefined)
      await assertAssignable(ctx, changedRoles(w.before[0]?.roleId, w.values.roleId), 'roleId')
    await ownIds(ctx, deptResource, w.values.deptId, 'deptId')
    if (w.op === 'update') {
      // Approving a pending account through the form makes it count against the tenant's limit.
      if (w.before[0]?.status === 0 && w.values.status !== undefined && Number(w.values.status) !== 0)
        await assertQuota(ctx.db, ctx.actor.tenantId, 1, 'status')
      // Editing a user never changes its password: reset-password and update-password do that.
      delete w.values.password
      return
    }
    if (Number(w.values.status ?? 1) !== 0) await assertQuota(ctx.db, ctx.actor.tenantId, 1, 'account')
    w.values.password = await hashPassword((w.values.password as string) || (await initialPassword(ctx)))
  },
  async afterWrite(ctx, w, tx) {
    if (w.op === 'remove') return endSessions(tx, { userIds: w.before.map((r) => r.id) })
    // The account limit again, in the transaction that wrote the account (beforeWrite's check answers early).
    const counts = w.values.status === undefined ? w.op === 'insert' : Number(w.values.status) !== 0
    if (counts && (w.op === 'insert' || w.before[0]?.status === 0))
      await assertQuotaHeld(tx, ctx.actor.tenantId, w.op === 'insert' ? 'account' : 'status')
    if (w.op !== 'update') return
    const [b] = w.before
    if (w.values.roleId !== undefined)
      await recordRoleChange(ctx, w.values.account ?? b.account, b.roleId ?? '', w.values.roleId, tx)
    // Sessions carry the roles and departments they signed in with: a change to those, or to the status, ends them.
    const changed = (k: 'roleId' | 'deptId' | 'status' | 'tenantId') =>
      w.values[k] !== undefined && String(w.values[k] ?? '') !== String(b[k] ?? '')
    if (changed('roleId') || changed('deptId') || changed('status') || changed('tenantId'))
      await endSessions(tx, { userIds: [b.id] })
  },
})

/** The page filters the spec names beyond plain columns: deptId (and below), roleId, roleName (alias or name). */
export async function userFilters(ctx: Ctx, q: Record<string, string | undefined>): Promise<SQL | undefined> {
  const parts: (SQL | undefined)[] = []
  if (q.deptId) {
    const ids = (
      await ctx.db
        .select({ id: dept.id })
        .from(dept)
        .where(
          and(
            // Narrows a list of users that is itself data-scoped: the department tree is read whole.
            await scope(dept, ctx, { dataScope: false, why: 'narrows a data-scoped list of users' }),
            or(
              eq(dept.id, q.deptId),
              endsWith(dept.ancestors, `,${q.deptId}`),
              contains(dept.ancestors, `,${q.deptId},`),
            ),
          ),
        )
    ).map((d) => d.id)
    parts.push(memberOf(user.deptId, ids))
  }
  const roleKeys = [q.roleId, q.roleName].filter(Boolean) as string[]
  if (roleKeys.length) {
    const roles = (
      await ctx.db
        .select({ id: role.id })
        .from(role)
        .where(
          and(
            await scope(role, ctx, { dataScope: false, why: 'narrows a data-scoped list of users' }),
            or(inArray(role.id, roleKeys), inArray(role.roleAlias, roleKeys), inArray(role.roleName, roleKeys)),
          ),
        )
    ).map((r) => r.id)
    parts.push(memberOf(user.roleId, roles))
  }
  if (q.excludeSelf) parts.push(ne(user.id, ctx.actor.userId))
  return parts.length ? and(...parts) : undefined
}

/**
 * Adds roleName and deptName (comma-joined) to the rows, so lists show names,
 * not ids. The rows are the caller's own fresh objects (a page or a detail
 * just read), so the names are set on them rather than on copies; one prepared
 * look-up for both kinds of name: every user list runs it.
 */
export async function withNames(ctx: Ctx, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const roleIds = new Set<string>(),
    deptIds = new Set<string>()
  const split = (csv: unknown) => (csv ? String(csv).split(',') : [])
  for (const r of rows) {
    for (const id of split(r.roleId)) if (id) roleIds.add(id)
    for (const id of split(r.deptId)) if (id) deptIds.add(id)
  }
  const { roles, depts } = await namesOf(ctx, [...roleIds], [...deptIds])
  const names = (csv: unknown, m: Map<string, string>) => {
    let out = ''
    for (const id of split(csv)) {
      const n = id && m.get(id)
      if (n) out = out ? `${out},${n}` : n
    }
    return out
  }
  for (const r of rows) {
    r.roleName = names(r.roleId, roles)
    r.deptName = names(r.deptId, depts)
  }
  return rows
}

type Q = Record<string, string | undefined>

/** A role's users of the caller's tenant, paged as the generated /page answers them (filters, names). */
async function rolePage(ctx: Ctx, q: Q, roleName: string): Promise<Page<Record<string, unknown>>> {
  const p = await userResource.ops.page(ctx, { ...q, roleName })
  return { ...p, records: await userResource.read(ctx, p.records, 'page') }
}

/** The tenant's active users for the message recipient picker, names only. */
async function recipientPage(ctx: Ctx, q: Q): Promise<Page<Record<string, unknown>>> {
  const { current, size, offset } = parsePaging(q)
  const cond = and(
    await userResource.scope(ctx),
    eq(user.status, 1),
    await userFilters(ctx, q),
    q.account ? contains(user.account, q.account) : undefined,
    q.realName ? contains(user.realName, q.realName) : undefined,
  )
  const { rows, total } = await pageRows(
    ctx.db,
    { table: user, where: cond, orderBy: [desc(user.id)], keyDesc: user.id },
    size,
    offset,
  )
  const named = await withNames(ctx, rows as Record<string, unknown>[])
  return pageOf(
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
  )
}

/** The dashboard's account counts, within tenant and data scope. */
interface UserTotals {
  total: number
  locked: number
  pending: number
  active: number
  disabled: number
}

async function userTotals(ctx: Ctx): Promise<UserTotals> {
  const where = await userResource.scope(ctx)
  const [row] = await ctx.db.select({ total: count() }).from(user).where(where)
  const byStatus = await ctx.db.select({ status: user.status, n: count() }).from(user).where(where).groupBy(user.status)
  const [{ locked }] = await ctx.db
    .select({ locked: count() })
    .from(user)
    .where(and(where, eq(user.locked, 1)))
  return {
    total: row.total,
    locked,
    pending: byStatus.find((b) => b.status === 0)?.n ?? 0,
    active: byStatus.find((b) => b.status === 1)?.n ?? 0,
    disabled: byStatus.find((b) => b.status === 2)?.n ?? 0,
  }
}

/** The dashboard's chart: holders per role, and accounts created in each of the last twelve months. */
interface UserStatistics {
  byRole: { roleId: string; roleName: string | null; roleAlias: string | null; count: number }[]
  byMonth: { month: string; count: number }[]
}

async function userStatistics(ctx: Ctx): Promise<UserStatistics> {
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
  return { byRole, byMonth: months }
}
