import { and, eq, inArray, sql } from 'drizzle-orm'
import { startsWith } from '../../lib/like.ts'
import { tenant, throttle, user } from '../../../db/schema/index.ts'
import type { Ctx } from '../../lib/context.ts'
import { checkContact } from '../../lib/contact-rules.ts'
import { ApiError, badRequest, notFound } from '../../lib/errors.ts'
import { parseIds } from '../../lib/ids-param.ts'
import { recordUsual } from '../../lib/logs.ts'
import { defineMessages } from '../../lib/messages.ts'
import { now } from '../../lib/time.ts'
import { first } from '../../lib/rows.ts'
import { withTransaction } from '../../lib/transaction.ts'
import { hashPassword, PASSWORD_MAX, verifyPassword } from '../auth/password.ts'
import { TEXT_MAX } from '../../lib/validation.ts'
import { endSessions } from '../auth/sessions.ts'
import { initialPassword } from './initial-password.ts'
import { changedRoles, recordRoleChange } from './user-roles.ts'
import { assertAssignable, roleIdList } from '../../lib/role-assignment.ts'
import { assertQuota } from './account-quota.ts'
import { assertFileFields, fileFields } from '../../lib/file-refs.ts'
import { userFields } from '../../../db/fields/system.ts'
import { notDeleted, tenantRows } from '../../lib/tenant-rows.ts'

defineMessages({
  'user.newPasswordRequired': { zh: '请输入新密码', en: 'please enter the new password' },
})

/**
 * Operations on users beyond CRUD: the user resource's actions (each given its target rows, already looked up
 * inside the resource's scope and edit rule: another tenant's or an out-of-scope id was a 404 before they run)
 * and the caller's own profile and password. They take the rows rather than reading through userResource, so
 * this file does not import the resource that imports it (issue #26).
 */
type UserRow = typeof user.$inferSelect

export async function resetPasswords(ctx: Ctx, rows: UserRow[]) {
  const ids = rows.map((r) => r.id)
  const hash = await hashPassword(await initialPassword(ctx))
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .update(user)
      .set({
        password: hash,
        failCount: 0,
        locked: 0,
        lockedUntil: null,
        updateUser: ctx.actor.userId,
        updateTime: now(),
      })
      .where(inArray(user.id, ids))
    await endSessions(tx, { userIds: ids })
  })
  await recordUsual(
    ctx,
    ctx.actor.tenantId,
    'password reset',
    { accounts: rows.map((r) => r.account) },
    ctx.actor.account,
  )
  return rows.length
}

export async function unlockUsers(ctx: Ctx, rows: UserRow[]) {
  const ids = rows.map((r) => r.id)
  await ctx.db
    .update(user)
    .set({ locked: 0, lockedUntil: null, failCount: 0, updateUser: ctx.actor.userId, updateTime: now() })
    .where(inArray(user.id, ids))
  // The sign-in throttles of those accounts are forgiven too, or the unlocked user would still meet a 429.
  for (const r of rows)
    await ctx.db.delete(throttle).where(startsWith(throttle.key, `signin:account:${ctx.actor.tenantId}:${r.account}:`))
  await recordUsual(
    ctx,
    ctx.actor.tenantId,
    'account unlocked',
    { accounts: rows.map((r) => r.account) },
    ctx.actor.account,
  )
  return rows.length
}

/**
 * Approves pending third-party registrations (status 0 → 1). Approval is when
 * the registration's roles are really handed out, so the approver must be
 * allowed to assign them.
 */
export async function approveUsers(ctx: Ctx, rows: UserRow[]) {
  const ids = rows.map((r) => r.id)
  const pending = await ctx.db
    .select({ roleId: user.roleId })
    .from(user)
    .where(and(inArray(user.id, ids), eq(user.status, 0)))
  await assertAssignable(
    ctx,
    pending.flatMap((p) => roleIdList(p.roleId)),
    'ids',
  )
  await withTransaction(ctx.db, async (tx) => {
    // Changing nothing, this takes the tenant row's lock first: two approvals count the limit one after the other
    // (on PostgreSQL the second waits for the first to commit), so together they cannot pass it.
    await tx
      .update(tenant)
      .set({ accountNumber: sql`${tenant.accountNumber}` })
      .where(tenantRows(tenant, ctx.actor.tenantId, { why: "a school's quota counts every approval, whoever asks" }))
    await assertQuota(tx, ctx.actor.tenantId, pending.length, 'ids')
    await tx
      .update(user)
      .set({ status: 1, updateUser: ctx.actor.userId, updateTime: now() })
      .where(and(inArray(user.id, ids), eq(user.status, 0)))
  })
}

/** Replaces the roles of users: every role added or taken away must be one the caller may assign; each change is logged. */
export async function grantUserRoles(ctx: Ctx, rows: UserRow[], roleIds: unknown) {
  const ids = rows.map((r) => r.id)
  const roles = [...new Set(parseIds(roleIds))]
  const before = await ctx.db
    .select({ id: user.id, account: user.account, roleId: user.roleId })
    .from(user)
    .where(inArray(user.id, ids))
  await assertAssignable(ctx, [...roles, ...before.flatMap((b) => changedRoles(b.roleId, roles.join(',')))], 'roleIds')
  const after = roles.join(',')
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .update(user)
      .set({ roleId: after, updateUser: ctx.actor.userId, updateTime: now() })
      .where(inArray(user.id, ids))
    for (const b of before) await recordRoleChange(ctx, b.account, b.roleId, after, tx)
    await endSessions(tx, { userIds: before.filter((b) => changedRoles(b.roleId, after).length).map((b) => b.id) })
  })
}

/** The caller changes its own password: the old one must match, the new ones agree. */
export async function updateOwnPassword(
  ctx: Ctx,
  b: { oldPassword?: unknown; newPassword?: unknown; newPassword1?: unknown },
) {
  for (const k of ['oldPassword', 'newPassword', 'newPassword1'] as const) {
    const v = b[k]
    if (v !== undefined && v !== null && typeof v !== 'string') throw badRequest('validation.invalid', { field: k }, k)
    if (typeof v === 'string' && v.length > PASSWORD_MAX)
      throw badRequest('validation.tooLong', { field: k, max: PASSWORD_MAX }, k)
  }
  const { oldPassword, newPassword } = b as { oldPassword?: string; newPassword?: string }
  if (!oldPassword) throw badRequest('auth.passwordRequired', { field: 'oldPassword' }, 'oldPassword')
  if (!newPassword) throw badRequest('user.newPasswordRequired', { field: 'newPassword' }, 'newPassword')
  if (newPassword !== b.newPassword1)
    throw badRequest('auth.passwordMismatch', { field: 'newPassword1' }, 'newPassword1')
  const me = await first(
    ctx.db
      .select()
      .from(user)
      .where(and(eq(user.id, ctx.actor.userId), notDeleted(user))),
  )
  if (!me) throw notFound()
  if (!(await verifyPassword(oldPassword, me.password)))
    throw badRequest('auth.oldPasswordWrong', { field: 'oldPassword' }, 'oldPassword')
  const hash = await hashPassword(newPassword)
  // Every session of the account ends, this one included: whoever knew the old password is signed out.
  await withTransaction(ctx.db, async (tx) => {
    await tx.update(user).set({ password: hash, updateUser: me.id, updateTime: now() }).where(eq(user.id, me.id))
    await endSessions(tx, { userIds: [me.id] })
  })
}

/** The profile fields that name stored files: the same rule as the user form's. */
const OWN_FILE_FIELDS = fileFields({ avatar: userFields.avatar })

/** The caller edits its own profile; nothing else of the row is reachable this way. */
export async function updateOwnInfo(ctx: Ctx, b: Record<string, unknown>) {
  const allowed = ['avatar', 'name', 'realName', 'phone', 'email', 'sex', 'birthday'] as const
  const values = Object.fromEntries(
    allowed.filter((k) => b[k] !== undefined).map((k) => [k, b[k] === '' ? null : b[k]]),
  )
  for (const k of ['avatar', 'name', 'realName', 'phone', 'email', 'birthday'])
    if (values[k] !== undefined && values[k] !== null && typeof values[k] !== 'string')
      throw badRequest('validation.invalid', { field: k }, k)
  for (const k of ['avatar', 'name', 'realName', 'phone', 'email', 'birthday'])
    if (typeof values[k] === 'string' && (values[k] as string).length > TEXT_MAX.short)
      throw badRequest('validation.tooLong', { field: k, max: TEXT_MAX.short }, k)
  if (values.sex !== undefined && values.sex !== null && ![1, 2, 3].includes(Number(values.sex)))
    throw badRequest('validation.invalid', { field: 'sex' }, 'sex')
  checkContact(values, { phoneRequired: 'phone' in values })
  if (!Object.keys(values).length) throw new ApiError(400, 'validation.invalid', { field: 'body' })
  if (values.avatar) {
    const [me] = await ctx.db.select({ avatar: user.avatar }).from(user).where(eq(user.id, ctx.actor.userId))
    await assertFileFields(ctx, OWN_FILE_FIELDS, values, me)
  }
  const change: Partial<typeof user.$inferInsert> = {
    ...values,
    sex: values.sex === undefined || values.sex === null ? undefined : Number(values.sex),
    updateUser: ctx.actor.userId,
    updateTime: now(),
  }
  await ctx.db.update(user).set(change).where(eq(user.id, ctx.actor.userId))
}
