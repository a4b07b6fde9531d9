import { Type } from '@sinclair/typebox'
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
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
import { memberOf } from '../../lib/membership.ts'
import { assertUnique } from '../../lib/unique.ts'
import { hashPassword } from '../auth/password.ts'
import { endSessions } from '../auth/sessions.ts'
import { assertAssignable } from '../../lib/role-assignment.ts'
import { ACCOUNT_UNIQUE, assertQuota } from './account-quota.ts'
import { deptResource } from './dept.ts'
import { approveUsers, grantUserRoles, resetPasswords, unlockUsers } from './user-admin.ts'
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
  },
  async beforeWrite(ctx, w) {
    if (w.op === 'remove') {
      if (w.before.some((r) => r.id === ctx.actor.userId)) throw new ApiError(400, 'user.selfRemove')
      return
    }
    checkContact(w.values)
    // Said before the password is hashed; the check that holds runs again inside the write's transaction.
    assertUnique(
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
  afterWrite(ctx, w, tx) {
    if (w.op === 'remove') return endSessions(tx, { userIds: w.before.map((r) => r.id) })
    if (w.op !== 'update') return
    const [b] = w.before
    if (w.values.roleId !== undefined)
      recordRoleChange(ctx, w.values.account ?? b.account, b.roleId ?? '', w.values.roleId)
    // Sessions carry the roles and departments they signed in with: a change to those, or to the status, ends them.
    const changed = (k: 'roleId' | 'deptId' | 'status' | 'tenantId') =>
      w.values[k] !== undefined && String(w.values[k] ?? '') !== String(b[k] ?? '')
    if (changed('roleId') || changed('deptId') || changed('status') || changed('tenantId'))
      endSessions(tx, { userIds: [b.id] })
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
  const { roles, depts } = namesOf(ctx, [...roleIds], [...deptIds])
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
